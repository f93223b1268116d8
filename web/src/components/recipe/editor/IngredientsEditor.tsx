import { useState } from 'react';
import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import TitleIcon from '@mui/icons-material/Title';
import { parseQuantityInput } from '../../../lib/recipe/fractions';
import { emptyIngredient, type RecipeFormValues } from '../../../lib/recipe/recipeForm';
import { FoodInput, UnitInput } from './FoodUnitInputs';
import ParseIngredientsButton from './ParseIngredientsButton';
import RowControls from './RowControls';

/**
 * Ingredients: add, remove, reorder, section titles. With the recipe's "disable amount" on an ingredient
 * is free text (its note); otherwise quantity, unit, food and note. "Parse ingredients" reads the lines
 * into quantities, units and foods.
 */
export default function IngredientsEditor({ control }: { control: Control<RecipeFormValues> }) {
  const { t } = useTranslation();
  const { fields, append, remove, move, replace } = useFieldArray({ control, name: 'recipeIngredient', keyName: 'key' });
  const disableAmount = useWatch({ control, name: 'settings.disableAmount' });
  // Rows whose section-title field is open although still empty.
  const [titled, setTitled] = useState<Set<string>>(new Set());
  const what = t('recipe-ui.edit.ingredient');

  const addSection = () => {
    const row = emptyIngredient();
    setTitled((s) => new Set(s).add(row.referenceId));
    append(row);
  };

  return (
    <Stack sx={{ gap: 1.5 }}>
      {fields.map((field, index) => {
        const showTitle = Boolean(field.title) || titled.has(field.referenceId);
        return (
          <Paper key={field.key} variant="outlined" sx={{ padding: 1.5 }} data-testid="ingredient-editor-row">
            {showTitle && (
              <Controller
                control={control}
                name={`recipeIngredient.${index}.title`}
                render={({ field: f }) => (
                  <TextField {...f} label={t('recipe-ui.edit.section-title')} sx={{ marginBlockStart: 0 }} autoFocus={!field.title} />
                )}
              />
            )}
            <Box
              sx={{
                display: 'grid',
                columnGap: 1,
                alignItems: 'center',
                gridTemplateColumns: disableAmount
                  ? 'minmax(0, 1fr) auto'
                  : { xs: 'repeat(2, minmax(0, 1fr))', md: '110px minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 2fr) auto' },
                '& > .wide': { gridColumn: disableAmount ? 'auto' : { xs: '1 / -1', md: 'auto' } },
              }}
            >
              {!disableAmount && (
                <>
                  <Controller
                    control={control}
                    name={`recipeIngredient.${index}.quantity`}
                    rules={{ validate: (v) => !Number.isNaN(parseQuantityInput(v)) || t('recipe-ui.edit.quantity-invalid') }}
                    render={({ field: f, fieldState }) => (
                      <TextField
                        {...f}
                        label={t('recipe-ui.edit.quantity')}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      />
                    )}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Controller
                      control={control}
                      name={`recipeIngredient.${index}.unit`}
                      render={({ field: f }) => <UnitInput value={f.value} onChange={f.onChange} label={t('recipe-ui.edit.unit')} />}
                    />
                  </Box>
                  <Box className="wide" sx={{ minWidth: 0 }}>
                    <Controller
                      control={control}
                      name={`recipeIngredient.${index}.food`}
                      render={({ field: f }) => <FoodInput value={f.value} onChange={f.onChange} label={t('recipe-ui.edit.food')} />}
                    />
                  </Box>
                </>
              )}
              <Box className="wide" sx={{ minWidth: 0 }}>
                <Controller
                  control={control}
                  name={`recipeIngredient.${index}.note`}
                  render={({ field: f }) => <TextField {...f} label={disableAmount ? t('recipe-ui.edit.ingredient-text') : t('recipe-ui.edit.note')} />}
                />
              </Box>
              <Box className="wide" sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <RowControls
                  index={index}
                  count={fields.length}
                  what={what}
                  onMove={move}
                  onRemove={() => remove(index)}
                  extra={
                    !showTitle && (
                      <Tooltip title={t('recipe-ui.edit.add-section-title')}>
                        <IconButton size="small" aria-label={t('recipe-ui.edit.add-section-title')} onClick={() => setTitled((s) => new Set(s).add(field.referenceId))}>
                          <TitleIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )
                  }
                />
              </Box>
            </Box>
          </Paper>
        );
      })}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => append(emptyIngredient())}>
          {t('recipe-ui.edit.add-ingredient')}
        </Button>
        <Button startIcon={<TitleIcon />} onClick={addSection}>
          {t('recipe-ui.edit.add-section')}
        </Button>
        <ParseIngredientsButton control={control} onApply={replace} />
      </Stack>
    </Stack>
  );
}
