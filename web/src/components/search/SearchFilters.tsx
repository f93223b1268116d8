import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useFoods } from '../../api/hooks/data';
import { useOrganizers } from '../../api/hooks/organizers';
import { useGroupHouseholds } from '../../api/hooks/search';
import { REQUIRE_ALL_KEYS, type FilterKey, type RecipeSearchState, type RequireAllFilter } from './searchParams';

interface Option {
  /** What goes into the address: a slug, or a food's id. */
  value: string;
  label: string;
}

function FilterSelect({
  label,
  options,
  selected,
  loading,
  onChange,
  requireAll,
}: {
  label: string;
  options: Option[];
  selected: string[];
  loading: boolean;
  onChange: (values: string[]) => void;
  requireAll?: { checked: boolean; onChange: (v: boolean) => void };
}) {
  const { t } = useTranslation();
  // A value from the address that is not (or not yet) an option still shows, as itself.
  const known = new Map(options.map((o) => [o.value, o]));
  const value = selected.map((v) => known.get(v) ?? { value: v, label: v });
  return (
    <Box>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={value}
        loading={loading}
        filterSelectedOptions
        limitTags={3}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_, picked) => onChange(picked.map((p) => p.value))}
        renderInput={(params) => <TextField {...params} label={label} margin="none" />}
      />
      {requireAll && (
        <FormControlLabel
          sx={{ marginInlineStart: 0 }}
          control={
            <Switch
              size="small"
              checked={requireAll.checked}
              onChange={(e) => requireAll.onChange(e.target.checked)}
              slotProps={{ input: { 'aria-label': `${label}: ${t('discover.advanced.require-all')}` } }}
            />
          }
          label={t('discover.advanced.require-all')}
          slotProps={{ typography: { variant: 'body2' } }}
        />
      )}
    </Box>
  );
}

/** The advanced search's multi-selects; their options load when the panel first opens. */
export default function SearchFilters({
  state,
  update,
}: {
  state: RecipeSearchState;
  update: (patch: Partial<RecipeSearchState>) => void;
}) {
  const { t } = useTranslation();
  const categories = useOrganizers('categories');
  const tags = useOrganizers('tags');
  const tools = useOrganizers('tools');
  const foods = useFoods('');
  const households = useGroupHouseholds();

  const bySlug = (items: { slug: string; name: string }[] | undefined): Option[] => (items ?? []).map((i) => ({ value: i.slug, label: i.name }));
  const fields: { key: FilterKey; label: string; options: Option[]; loading: boolean }[] = [
    { key: 'categories', label: t('organizers.categories'), options: bySlug(categories.data), loading: categories.isPending },
    { key: 'tags', label: t('organizers.tags'), options: bySlug(tags.data), loading: tags.isPending },
    { key: 'tools', label: t('organizers.tools'), options: bySlug(tools.data), loading: tools.isPending },
    { key: 'foods', label: t('discover.finder.foods'), options: (foods.data ?? []).map((f) => ({ value: f.id, label: f.name })), loading: foods.isPending },
    { key: 'households', label: t('discover.advanced.households'), options: bySlug(households.data), loading: households.isPending },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', alignItems: 'start' }}>
      {fields.map((field) => {
        const flag = field.key in REQUIRE_ALL_KEYS ? REQUIRE_ALL_KEYS[field.key as RequireAllFilter] : null;
        return (
          <FilterSelect
            key={field.key}
            label={field.label}
            options={field.options}
            selected={state[field.key]}
            loading={field.loading}
            onChange={(values) => update({ [field.key]: values })}
            requireAll={flag ? { checked: state[flag], onChange: (v) => update({ [flag]: v }) } : undefined}
          />
        );
      })}
    </Box>
  );
}
