import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { unwrap } from '../../api/client';
import { foodApi, type ReferenceSuggestions } from '../../api/endpoints';

export type ReferenceOption = ReferenceSuggestions['items'][number];

/**
 * Which USDA reference food a food is: what its name suggests first (an exact name is marked), then the
 * reference table searched by what is typed.
 */
export default function ReferenceFoodField({ foodId, value, onChange }: { foodId: string | null; value: ReferenceOption | null; onChange: (value: ReferenceOption | null) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const typed = input.trim();
  const searching = typed.length >= 2 && typed !== value?.name;
  const suggestions = useQuery({
    queryKey: ['foods', 'reference', foodId ?? '', searching ? typed : ''],
    queryFn: () => unwrap(searching || !foodId ? foodApi.referenceFoods(typed) : foodApi.referenceSuggestions(foodId)),
    enabled: searching || Boolean(foodId),
  });
  const options = suggestions.data?.items ?? [];
  return (
    <Autocomplete
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={suggestions.isFetching}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          <span>
            <bdi>{option.name}</bdi>
            <br />
            <small>{option.foodGroup}{option.exact ? ` · ${t('organize.data.reference-exact')}` : ''}</small>
          </span>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={t('organize.data.reference-food')} helperText={t('organize.data.reference-help')} />}
    />
  );
}
