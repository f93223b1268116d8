import { useTranslation } from 'react-i18next';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useOrganizers } from '../../../api/hooks/organizers';
import type { OrganizerValue } from '../../../lib/recipe/recipeForm';
import type { OrganizerKind } from '../../../lib/recipe/types';

type Option = OrganizerValue & { create?: boolean };
const filter = createFilterOptions<Option>({ limit: 50, stringify: (o) => o.name });

interface OrganizerFieldProps {
  kind: OrganizerKind;
  label: string;
  value: OrganizerValue[];
  onChange: (value: OrganizerValue[]) => void;
}

/** Categories, tags or tools: pick the group's, or type a new name (the server creates it on save). */
export default function OrganizerField({ kind, label, value, onChange }: OrganizerFieldProps) {
  const { t } = useTranslation();
  const { data = [], isPending } = useOrganizers(kind);
  const options: Option[] = data.map((o) => ({ id: o.id, name: o.name, slug: o.slug }));
  const same = (a: OrganizerValue, b: OrganizerValue) => (a.id && b.id ? a.id === b.id : a.name.toLowerCase() === b.name.toLowerCase());

  const toValue = (item: string | Option): OrganizerValue => {
    const name = typeof item === 'string' ? item.trim() : item.name;
    const known = options.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (known) return { id: known.id, name: known.name, slug: known.slug };
    return typeof item === 'string' || item.create ? { name } : { id: item.id, name: item.name, slug: item.slug };
  };

  return (
    <Autocomplete<Option, true, false, true>
      multiple
      freeSolo
      handleHomeEndKeys
      loading={isPending}
      options={options}
      value={value}
      isOptionEqualToValue={(a, b) => (typeof b === 'string' ? a.name.toLowerCase() === b.toLowerCase() : same(a, b))}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.create ? t('recipe-ui.edit.create-named', { name: o.name }) : o.name)}
      filterOptions={(opts, state) => {
        const filtered = filter(opts, state);
        const typed = state.inputValue.trim();
        if (typed && !opts.some((o) => o.name.toLowerCase() === typed.toLowerCase())) filtered.push({ name: typed, create: true });
        return filtered;
      }}
      onChange={(_e, next) => {
        const seen: OrganizerValue[] = [];
        for (const item of next) {
          const v = toValue(item);
          if (v.name && !seen.some((s) => same(s, v))) seen.push(v);
        }
        onChange(seen);
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
