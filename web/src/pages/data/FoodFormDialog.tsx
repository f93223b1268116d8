import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { useFoodEquivalents, useSetFoodEquivalents } from '../../api/hooks/cupboard';
import { useFoodMutations, useLabels, type FoodOut } from '../../api/hooks/data';
import FormDialog from '../../components/FormDialog';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import { validators } from '../../lib/validation';
import { orNull } from './text';
import EquivalentFoodsField, { type FoodChoice } from './EquivalentFoodsField';
import ReferenceFoodField, { type ReferenceOption } from './ReferenceFoodField';
import FoodPer100gFields, { per100gBody, per100gText, type Per100gText } from './FoodPer100gFields';

interface FoodForm {
  name: string;
  pluralName: string;
  description: string;
  labelId: string;
  onHand: boolean;
  density: string;
  pieceWeight: string;
  per100g: Per100gText;
}

const positiveOrNull = (text: string) => {
  const value = Number(text.replace(',', '.'));
  return text.trim() && Number.isFinite(value) && value > 0 ? value : null;
};

/** Create or edit a food: name, plural, description, label, reference food, weights, own values per 100 g and the household's on-hand flag. */
export default function FoodFormDialog({ open, food, onClose }: { open: boolean; food: FoodOut | null; onClose: () => void }) {
  const { t } = useTranslation();
  const v = validators(t);
  const { save } = useFoodMutations();
  const labels = useLabels();
  const { control, handleSubmit, reset } = useForm<FoodForm>();
  const [reference, setReference] = useState<ReferenceOption | null>(null);
  const equivalents = useFoodEquivalents(open ? (food?.id ?? null) : null);
  const setEquivalents = useSetFoodEquivalents();
  // Null until changed: the saved list shows until then.
  const [countsAs, setCountsAs] = useState<FoodChoice[] | null>(null);

  useEffect(() => {
    if (open)
      reset({
        name: food?.name ?? '',
        pluralName: food?.pluralName ?? '',
        description: food?.description ?? '',
        labelId: food?.labelId ?? '',
        onHand: food?.onHand ?? false,
        density: food?.density ? String(food.density) : '',
        pieceWeight: food?.pieceWeight ? String(food.pieceWeight) : '',
        per100g: per100gText(food?.nutritionPer100g),
      });
    if (open) setReference(food?.referenceFood ? { ...food.referenceFood, exact: false } : null);
    if (open) setCountsAs(null);
  }, [open, food, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      {
        id: food?.id,
        body: {
          name: values.name.trim(),
          pluralName: orNull(values.pluralName),
          description: values.description.trim(),
          labelId: values.labelId || null,
          onHand: values.onHand,
          referenceFoodId: reference?.id ?? null,
          density: positiveOrNull(values.density),
          pieceWeight: positiveOrNull(values.pieceWeight),
          nutritionPer100g: per100gBody(values.per100g),
        },
      },
      {
        onSuccess: (saved) => {
          // The household's interchangeable foods are saved apart from the food (any member may set them).
          if (countsAs === null) return onClose();
          setEquivalents.mutate({ foodId: saved.id, foodIds: countsAs.map((choice) => choice.id) }, { onSuccess: onClose });
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      title={food ? t('organize.data.edit-food') : t('organize.data.create-food')}
      submitLabel={food ? t('general.save') : t('general.create')}
      saving={save.isPending || setEquivalents.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <FormTextField control={control} name="name" label={t('general.name')} autoFocus rules={{ validate: { required: v.required, max: v.maxLength(200) } }} />
      <FormTextField control={control} name="pluralName" label={t('organize.data.plural-name')} rules={{ validate: { max: v.maxLength(200) } }} />
      <FormTextField control={control} name="description" label={t('organize.data.description')} multiline minRows={2} rules={{ validate: { max: v.maxLength(2000) } }} />
      <FormTextField control={control} name="labelId" select label={t('organize.data.label')}>
        <MenuItem value="">
          <em>{t('organize.data.no-label')}</em>
        </MenuItem>
        {(labels.data ?? []).map((label) => (
          <MenuItem key={label.id} value={label.id}>
            <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: label.color, marginInlineEnd: 1, display: 'inline-block' }} />
            {label.name}
          </MenuItem>
        ))}
      </FormTextField>
      <ReferenceFoodField foodId={food?.id ?? null} value={reference} onChange={setReference} />
      <FormTextField control={control} name="density" label={t('organize.data.density')} rules={{ validate: { number: (value: unknown) => !String(value).trim() || positiveOrNull(String(value)) !== null || t('organize.data.positive-number') } }} />
      <FormTextField control={control} name="pieceWeight" label={t('organize.data.piece-weight')} rules={{ validate: { number: (value: unknown) => !String(value).trim() || positiveOrNull(String(value)) !== null || t('organize.data.positive-number') } }} />
      <FoodPer100gFields control={control} />
      <FormSwitch control={control} name="onHand" label={t('organize.on-hand')} />
      {food && <EquivalentFoodsField foodId={food.id} value={countsAs ?? equivalents.data?.equivalents ?? []} onChange={setCountsAs} />}
    </FormDialog>
  );
}
