import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { DEFAULT_ENTRY_TYPE, isCalendarDate, localDate, type PlanEntryType } from '../../../../contract/mealplan-dates';
import { useCreateEntry } from '../../api/hooks/mealplans';
import FormDialog from '../FormDialog';
import { toast } from '../toast/toastStore';
import MealTypeSelect from '../mealplan/MealTypeSelect';

/**
 * The recipe card's and context menu's "Add to meal plan" (spec §2): a date and a meal type (dinner by
 * default). Only an HTTP 201 counts as added (§5); anything else shows the failure message.
 */
export default function AddToMealPlanDialog({ recipeId, recipeName, onClose }: { recipeId: string; recipeName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(localDate);
  const [entryType, setEntryType] = useState<PlanEntryType>(DEFAULT_ENTRY_TYPE);
  const create = useCreateEntry();
  const validDate = isCalendarDate(date);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!validDate) return;
    create.mutate(
      { date, entryType, recipeId, title: '', text: '' },
      {
        onSuccess: () => {
          toast.success(t('meal-plan.recipe-added-to-mealplan'));
          onClose();
        },
        onError: () => toast.error(t('meal-plan.failed-to-add-recipe-to-mealplan')),
      },
    );
  };

  return (
    <FormDialog open title={t('meal-plan.add-to-mealplan')} submitLabel={t('general.create')} saving={create.isPending} onClose={onClose} onSubmit={submit}>
      <TextField
        label={t('meal-plan.recipe')}
        value={recipeName}
        fullWidth
        margin="normal"
        slotProps={{ input: { readOnly: true } }}
      />
      <TextField
        type="date"
        label={t('meal-plan.date')}
        value={date}
        onChange={(e) => setDate(e.target.value)}
        required
        fullWidth
        margin="normal"
        error={!validDate}
        helperText={validDate ? undefined : t('general.field-required')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <MealTypeSelect value={entryType} onChange={setEntryType} />
    </FormDialog>
  );
}
