import { useTranslation } from 'react-i18next';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useFoods, useUnits } from '../../../api/hooks/data';
import type { FoodValue, UnitValue } from '../../../lib/recipe/recipeForm';

/** The group's foods and units load once and are filtered here (at most 50 shown), so a long list stays quick. */
const filterUnits = createFilterOptions<UnitValue>({ limit: 50, stringify: (u) => `${u.name} ${u.pluralName ?? ''} ${u.abbreviation ?? ''}` });
const filterFoods = createFilterOptions<FoodValue>({ limit: 50, stringify: (f) => `${f.name} ${f.pluralName ?? ''}` });

interface PickerProps<T> {
  value: T | null;
  onChange: (value: T | null) => void;
  label: string;
}

/** A unit: one of the group's, or a new name (created on save). */
export function UnitInput({ value, onChange, label }: PickerProps<UnitValue>) {
  const { t } = useTranslation();
  const { data = [] } = useUnits('');
  const options: UnitValue[] = data.map((u) => ({
    id: u.id,
    name: u.name,
    pluralName: u.pluralName,
    abbreviation: u.abbreviation,
    pluralAbbreviation: u.pluralAbbreviation,
    useAbbreviation: u.useAbbreviation,
    fraction: u.fraction,
  }));
  return (
    <Autocomplete<UnitValue, false, false, true>
      freeSolo
      autoSelect
      options={options}
      value={value}
      filterOptions={filterUnits}
      isOptionEqualToValue={(a, b) => (typeof b === 'string' ? a.name === b : a.id && b.id ? a.id === b.id : a.name === b.name)}
      getOptionLabel={(u) => (typeof u === 'string' ? u : u.name)}
      onChange={(_e, next) => {
        if (next === null || (typeof next === 'string' && !next.trim())) return onChange(null);
        if (typeof next !== 'string') return onChange(next);
        const known = options.find((o) => [o.name, o.pluralName, o.abbreviation].some((n) => n?.toLowerCase() === next.trim().toLowerCase()));
        onChange(known ?? { name: next.trim(), fraction: true });
      }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={t('recipe-ui.edit.unit-placeholder')} />}
    />
  );
}

/** A food: one of the group's, or a new name (created on save). */
export function FoodInput({ value, onChange, label }: PickerProps<FoodValue>) {
  const { t } = useTranslation();
  const { data = [] } = useFoods('');
  const options: FoodValue[] = data.map((f) => ({ id: f.id, name: f.name, pluralName: f.pluralName }));
  return (
    <Autocomplete<FoodValue, false, false, true>
      freeSolo
      autoSelect
      options={options}
      value={value}
      filterOptions={filterFoods}
      isOptionEqualToValue={(a, b) => (typeof b === 'string' ? a.name === b : a.id && b.id ? a.id === b.id : a.name === b.name)}
      getOptionLabel={(f) => (typeof f === 'string' ? f : f.name)}
      onChange={(_e, next) => {
        if (next === null || (typeof next === 'string' && !next.trim())) return onChange(null);
        if (typeof next !== 'string') return onChange(next);
        const known = options.find((o) => [o.name, o.pluralName].some((n) => n?.toLowerCase() === next.trim().toLowerCase()));
        onChange(known ?? { name: next.trim() });
      }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={t('recipe-ui.edit.food-placeholder')} />}
    />
  );
}
