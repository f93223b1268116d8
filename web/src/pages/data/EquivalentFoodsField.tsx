import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useFoods } from '../../api/hooks/data';

export interface FoodChoice {
  id: string;
  name: string;
}

/**
 * "Counts as …" (issue 37): the foods the household treats as this one in the finder (unsalted butter on
 * hand for salted butter). Nothing counts as anything until chosen here; the other households keep theirs.
 */
export default function EquivalentFoodsField({ foodId, value, onChange }: { foodId: string; value: FoodChoice[]; onChange: (value: FoodChoice[]) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const foods = useFoods(input.trim().length >= 2 ? input : '');
  const options = (foods.data ?? []).filter((food) => food.id !== foodId).map((food) => ({ id: food.id, name: food.name }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={foods.isFetching}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          <bdi>{option.name}</bdi>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={t('organize.data.counts-as')} helperText={t('organize.data.counts-as-help')} />}
      data-testid="food-counts-as"
    />
  );
}
