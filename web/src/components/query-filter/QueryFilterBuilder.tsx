import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { FILTER_FIELD_KEYS, FILTER_FIELDS, type FilterField, type FilterFields } from './filterFields';
import { useFilterOptions, type FilterOption } from './useFilterOptions';

/**
 * Recipe filter fields: categories, tags, tools and foods (any or all of them) and households, as the
 * advanced search offers them. The caller turns the fields into a queryFilterString (filterFields.ts).
 */
export default function QueryFilterBuilder({ fields, onChange }: { fields: FilterFields; onChange: (fields: FilterFields) => void }) {
  const { t } = useTranslation();
  const options = useFilterOptions();
  const sources: Record<FilterField, { label: string; options: FilterOption[]; loading: boolean }> = {
    categories: { label: t('organizers.categories'), ...options.categories },
    tags: { label: t('organizers.tags'), ...options.tags },
    tools: { label: t('organizers.tools'), ...options.tools },
    foods: { label: t('discover.finder.foods'), ...options.foods },
    households: { label: t('discover.advanced.households'), ...options.households },
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, marginBlock: 1 }}>
      {FILTER_FIELD_KEYS.map((key) => {
        const source = sources[key];
        const known = new Map(source.options.map((o) => [o.id, o]));
        const value = fields[key].ids.map((id) => known.get(id) ?? { id, label: source.loading ? '…' : id });
        const set = (patch: Partial<FilterFields[FilterField]>) => onChange({ ...fields, [key]: { ...fields[key], ...patch } });
        return (
          <Box key={key}>
            <Autocomplete
              multiple
              size="small"
              options={source.options}
              value={value}
              loading={source.loading}
              filterSelectedOptions
              getOptionLabel={(o) => o.label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_, picked) => set({ ids: picked.map((p) => p.id) })}
              renderInput={(params) => <TextField {...params} label={source.label} margin="none" />}
            />
            {FILTER_FIELDS[key].requireAll && (
              <FormControlLabel
                sx={{ marginInlineStart: 0 }}
                control={
                  <Switch
                    size="small"
                    checked={fields[key].requireAll}
                    onChange={(e) => set({ requireAll: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `${source.label}: ${t('discover.advanced.require-all')}` } }}
                  />
                }
                label={t('discover.advanced.require-all')}
                slotProps={{ typography: { variant: 'body2' } }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
