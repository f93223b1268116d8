import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PLAN_ENTRY_TYPES, type PlanEntryType } from '../../../../contract/mealplan-dates';

/** Breakfast, lunch, dinner or side. */
export default function MealTypeSelect({ value, onChange }: { value: PlanEntryType; onChange: (value: PlanEntryType) => void }) {
  const { t } = useTranslation();
  return (
    <TextField select label={t('meal-plan.meal-type')} value={value} onChange={(e) => onChange(e.target.value as PlanEntryType)} fullWidth margin="normal">
      {PLAN_ENTRY_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {t(`meal-plan.${type}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
