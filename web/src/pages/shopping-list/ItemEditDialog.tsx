import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFoodSearch, useShoppingLabels, useShoppingUnits } from '../../api/hooks/shopping';
import type { ShoppingItemOut } from '../../api/shopping';
import FormDialog from '../../components/FormDialog';

type Food = NonNullable<ShoppingItemOut['food']>;

export interface ItemEdit {
  quantity: number;
  unit: ShoppingItemOut['unit'];
  food: Food | null;
  note: string;
  label: ShoppingItemOut['label'];
}

/** Edit an item's quantity, unit, food, note and label. */
export default function ItemEditDialog({ item, onSave, onDelete, onClose }: { item: ShoppingItemOut; onSave: (edit: ItemEdit) => void; onDelete: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(String(item.quantity ?? ''));
  const [unitId, setUnitId] = useState(item.unitId ?? '');
  const [food, setFood] = useState<Food | null>(item.food);
  const [foodText, setFoodText] = useState(item.food?.name ?? '');
  const [note, setNote] = useState(item.note);
  const [labelId, setLabelId] = useState(item.labelId ?? '');
  const units = useShoppingUnits();
  const labels = useShoppingLabels();
  const foods = useFoodSearch(foodText, true);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const unit = units.data?.find((u) => u.id === unitId) ?? null;
    const label = labels.data?.find((l) => l.id === labelId) ?? (food?.label && !labelId ? food.label : null);
    onSave({ quantity: Number(quantity) || 0, unit, food, note: note.trim(), label });
  };

  return (
    <FormDialog open title={t('shopping-list.edit-item')} submitLabel={t('general.save')} saving={false} onClose={onClose} onSubmit={submit}>
      <Stack sx={{ gap: 2, paddingBlockStart: 1 }}>
        <Stack direction="row" sx={{ gap: 1 }}>
          <TextField label={t('shopping-list.quantity')} type="number" value={quantity} onChange={(e) => setQuantity(e.target.value)} slotProps={{ htmlInput: { step: 'any', min: 0 } }} sx={{ width: 120 }} />
          <TextField select fullWidth label={t('shopping-list.unit')} value={unitId} onChange={(e) => setUnitId(e.target.value)}>
            <MenuItem value="">—</MenuItem>
            {(units.data ?? []).map((unit) => (
              <MenuItem key={unit.id} value={unit.id}>
                <bdi>{unit.name}</bdi>
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Autocomplete
          options={foods.data ?? []}
          value={food}
          inputValue={foodText}
          onInputChange={(_, value) => setFoodText(value)}
          onChange={(_, value) => {
            setFood(value);
            if (value?.labelId) setLabelId(value.labelId);
          }}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(options) => options}
          renderInput={(params) => <TextField {...params} label={t('shopping-list.food')} />}
        />
        <TextField label={t('shopping-list.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline />
        <TextField select label={t('shopping-list.label')} value={labelId} onChange={(e) => setLabelId(e.target.value)}>
          <MenuItem value="">{t('shopping-list.no-label')}</MenuItem>
          {(labels.data ?? []).map((label) => (
            <MenuItem key={label.id} value={label.id}>
              <bdi>{label.name}</bdi>
            </MenuItem>
          ))}
        </TextField>
        <Button color="error" onClick={onDelete} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
          {t('shopping-list.delete-item')}
        </Button>
      </Stack>
    </FormDialog>
  );
}
