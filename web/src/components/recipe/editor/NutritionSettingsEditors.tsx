import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { NUTRITION_FIELDS, nutritionUnit } from '../../../lib/recipe/nutrition';
import type { RecipeFormValues } from '../../../lib/recipe/recipeForm';
import type { SettingsField } from '../../../lib/recipe/types';

/** The eleven nutrition values, each with its unit (kcal, mg or g). */
export function NutritionEditor({ control }: { control: Control<RecipeFormValues> }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
      {NUTRITION_FIELDS.map((field) => (
        <Controller
          key={field}
          control={control}
          name={`nutrition.${field}`}
          render={({ field: f }) => (
            <TextField
              {...f}
              label={t(`recipe-ui.nutrition.${field}`)}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">{t(`recipe-ui.nutrition.unit-${nutritionUnit(field)}`)}</InputAdornment> },
              }}
            />
          )}
        />
      ))}
    </Box>
  );
}

const SETTINGS: SettingsField[] = ['public', 'showNutrition', 'showAssets', 'landscapeView', 'disableComments', 'disableAmount', 'locked'];

/** The recipe's switches; only its owner may lock or unlock it. */
export function SettingsEditor({ control, isOwner }: { control: Control<RecipeFormValues>; isOwner: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      {SETTINGS.map((key) => {
        const locked = key === 'locked' && !isOwner;
        const control_ = (
          <Controller
            control={control}
            name={`settings.${key}`}
            render={({ field: f }) => (
              <FormControlLabel
                disabled={locked}
                control={<Switch checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} />}
                label={t(`recipe-ui.settings.${key}`)}
              />
            )}
          />
        );
        return locked ? (
          <Tooltip key={key} title={t('recipe-ui.settings.locked-owner-only')}>
            <span>{control_}</span>
          </Tooltip>
        ) : (
          <Box key={key}>{control_}</Box>
        );
      })}
    </Box>
  );
}
