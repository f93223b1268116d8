import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useFilterOptions } from '../../components/query-filter/useFilterOptions';
import { FILTER_FIELDS, operatorsFor, type FilterField, type FilterRow } from './queryFilter';

/**
 * Rows of "field · operator · values" joined by AND: the cookbook's queryFilter as pickers instead of text.
 * Fields are the advanced search's (categories, tags, tools, foods, households).
 */
export default function FilterRowsEditor({ rows, onChange }: { rows: FilterRow[]; onChange: (rows: FilterRow[]) => void }) {
  const { t } = useTranslation();
  const fields = useFilterOptions();
  const fieldLabel: Record<FilterField, string> = {
    categories: t('organizers.categories'),
    tags: t('organizers.tags'),
    tools: t('organizers.tools'),
    foods: t('discover.finder.foods'),
    households: t('household.households'),
  };
  const operatorLabel = { IN: t('cookbook.operator-in'), 'CONTAINS ALL': t('cookbook.operator-all'), 'NOT IN': t('cookbook.operator-not-in') };
  const set = (index: number, patch: Partial<FilterRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const unused = FILTER_FIELDS.find((f) => !rows.some((r) => r.field === f)) ?? 'tags';

  return (
    <Stack sx={{ gap: 1.5 }}>
      {rows.map((row, index) => {
        const { options, loading } = fields[row.field];
        const known = new Map(options.map((o) => [o.id, o]));
        const value = row.values.map((id) => known.get(id) ?? { id, label: id });
        return (
          <Box
            key={index}
            sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr auto', sm: '140px 150px 1fr auto' }, alignItems: 'start' }}
            role="group"
            aria-label={t('cookbook.filter-row', { n: index + 1 })}
          >
            <TextField
              select
              size="small"
              label={t('cookbook.field')}
              value={row.field}
              onChange={(e) => {
                const field = e.target.value as FilterField;
                onChange(rows.map((r, i) => (i === index ? { field, operator: operatorsFor(field).includes(r.operator) ? r.operator : 'IN', values: [] } : r)));
              }}
            >
              {FILTER_FIELDS.map((f) => (
                <MenuItem key={f} value={f}>
                  {fieldLabel[f]}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('cookbook.operator')} value={row.operator} onChange={(e) => set(index, { operator: e.target.value as FilterRow['operator'] })}>
              {operatorsFor(row.field).map((op) => (
                <MenuItem key={op} value={op}>
                  {operatorLabel[op]}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ gridColumn: { xs: '1 / 3', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <Autocomplete
                multiple
                size="small"
                options={options}
                value={value}
                loading={loading}
                filterSelectedOptions
                getOptionLabel={(o) => o.label}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_, picked) => set(index, { values: picked.map((p) => p.id) })}
                renderInput={(params) => <TextField {...params} label={fieldLabel[row.field]} />}
              />
            </Box>
            <IconButton
              aria-label={t('cookbook.remove-filter-row', { n: index + 1 })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              sx={{ width: 44, height: 44 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button color="inherit" variant="outlined" startIcon={<AddIcon />} onClick={() => onChange([...rows, { field: unused, operator: 'IN', values: [] }])} sx={{ minHeight: 44 }}>
          {t('cookbook.add-filter')}
        </Button>
      </Box>
    </Stack>
  );
}
