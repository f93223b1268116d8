import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NUTRITION_FIELDS, nutritionUnit } from '../../lib/recipe/nutrition';
import type { NutritionField } from '../../lib/recipe/types';

export type Per100gText = Record<NutritionField, string>;

/** A number of zero or more ("12,5" too), or null for an empty field; NaN for anything else. */
export function per100gValue(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 && value <= 100_000 ? value : Number.NaN;
}

/** The food's values as form text (empty where it has none). */
export function per100gText(values: Partial<Record<NutritionField, number | null>> | null | undefined): Per100gText {
  return Object.fromEntries(NUTRITION_FIELDS.map((field) => [field, values?.[field] == null ? '' : String(values[field])])) as Per100gText;
}

/** The API body: null when every field is empty, else each field's number (null where empty). */
export function per100gBody(text: Per100gText): Record<NutritionField, number | null> | null {
  const body = Object.fromEntries(NUTRITION_FIELDS.map((field) => [field, per100gValue(text[field])])) as Record<NutritionField, number | null>;
  return NUTRITION_FIELDS.some((field) => body[field] !== null) ? body : null;
}

/**
 * Issue 37: a food's own values per 100 g (home-made stock, a brand), used by computed nutrition over the
 * linked reference food's, field by field.
 */
export default function FoodPer100gFields<T extends { per100g: Per100gText }>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  const typed = control as unknown as Control<{ per100g: Per100gText }>;
  return (
    <Box component="fieldset" sx={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} data-testid="food-per-100g">
      <Typography component="legend" variant="subtitle2">
        {t('organize.data.own-per-100g')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>
        {t('organize.data.own-per-100g-help')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 1.5 }}>
        {NUTRITION_FIELDS.map((field) => (
          <Controller
            key={field}
            control={typed}
            name={`per100g.${field}`}
            rules={{ validate: (value: string) => !Number.isNaN(per100gValue(value)) || t('organize.data.zero-or-more') }}
            render={({ field: f, fieldState }) => (
              <TextField
                {...f}
                size="small"
                margin="dense"
                label={t(`recipe-ui.nutrition.${field}`)}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">{t(`recipe-ui.nutrition.unit-${nutritionUnit(field)}`)}</InputAdornment> },
                }}
              />
            )}
          />
        ))}
      </Box>
    </Box>
  );
}
