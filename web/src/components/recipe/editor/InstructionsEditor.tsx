import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { suggestStepLinks } from '../../../lib/recipe/cooking';
import { ingredientText } from '../../../lib/recipe/ingredients';
import { parseQuantityInput } from '../../../lib/recipe/fractions';
import { emptyInstruction, type IngredientValue, type RecipeFormValues } from '../../../lib/recipe/recipeForm';
import type { RecipeOut } from '../../../lib/recipe/types';
import StepImagesEditor from '../images/StepImagesEditor';
import RowControls from './RowControls';

function ingredientLabel(ingredient: IngredientValue, disableAmount: boolean): string {
  const quantity = parseQuantityInput(ingredient.quantity);
  const text = ingredientText(
    { ...ingredient, quantity: quantity === null || Number.isNaN(quantity) ? null : quantity },
    1,
    disableAmount,
  );
  // Notes may hold a few formatting tags; a label shows their text.
  return text.replace(/<[^>]*>/g, '') || ingredient.title || '…';
}

/** What a suggestion calls an ingredient: its food, else its note. */
function shortName(ingredient: IngredientValue | undefined): string {
  if (!ingredient) return '…';
  return ingredient.food?.name || ingredient.note.replace(/<[^>]*>/g, '').trim() || ingredient.title || '…';
}

/**
 * Steps: add, remove, reorder; each with an optional title, a summary, the text (markdown) and its
 * ingredients, which the form suggests from the ingredients the step's text mentions (one step, or every
 * step without links at once); the links stay editable.
 */
export default function InstructionsEditor({ control, recipe }: { control: Control<RecipeFormValues>; recipe: RecipeOut }) {
  const { t } = useTranslation();
  const { fields, append, remove, move, update } = useFieldArray({ control, name: 'recipeInstructions', keyName: 'key' });
  const ingredients = useWatch({ control, name: 'recipeIngredient' });
  const steps = useWatch({ control, name: 'recipeInstructions' });
  const disableAmount = useWatch({ control, name: 'settings.disableAmount' });
  const byRef = new Map(ingredients.map((i) => [i.referenceId, i]));
  const what = t('recipe-ui.edit.step');
  // Photos hang off a step the server knows: one saved with the recipe.
  const savedSteps = new Set(recipe.recipeInstructions.map((s) => s.id.toLowerCase()));
  const suggestions = (steps ?? []).map((step) => (step ? suggestStepLinks(ingredients, step.text, step.ingredientReferences) : []));
  const unlinkedWithSuggestions = (steps ?? []).flatMap((step, i) => (step && step.ingredientReferences.length === 0 && suggestions[i].length > 0 ? [i] : []));
  const link = (index: number) => update(index, { ...steps[index], ingredientReferences: [...steps[index].ingredientReferences, ...suggestions[index]] });

  return (
    <Stack sx={{ gap: 1.5 }}>
      {unlinkedWithSuggestions.length > 0 && (
        <div>
          <Button startIcon={<AutoFixHighIcon />} variant="outlined" sx={{ minHeight: 44 }} onClick={() => unlinkedWithSuggestions.forEach(link)} data-testid="link-all-steps">
            {t('recipe-ui.edit.link-all', { count: unlinkedWithSuggestions.length })}
          </Button>
        </div>
      )}
      {fields.map((field, index) => (
        <Paper key={field.key} variant="outlined" sx={{ padding: 1.5 }} data-testid="instruction-editor-row">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Typography variant="subtitle2" component="p" sx={{ flex: 1, color: 'primary.main', fontWeight: 700 }}>
              {t('recipe-ui.step-number', { n: index + 1 })}
            </Typography>
            <RowControls index={index} count={fields.length} what={what} onMove={move} onRemove={() => remove(index)} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0, sm: 1 } }}>
            <Controller
              control={control}
              name={`recipeInstructions.${index}.title`}
              render={({ field: f }) => <TextField {...f} label={t('recipe-ui.edit.step-title')} />}
            />
            <Controller
              control={control}
              name={`recipeInstructions.${index}.summary`}
              render={({ field: f }) => <TextField {...f} label={t('recipe-ui.edit.step-summary')} />}
            />
          </Stack>
          <Controller
            control={control}
            name={`recipeInstructions.${index}.text`}
            render={({ field: f }) => (
              <TextField {...f} multiline minRows={3} label={t('recipe-ui.edit.step-text')} helperText={t('recipe-ui.edit.markdown-hint')} />
            )}
          />
          <Controller
            control={control}
            name={`recipeInstructions.${index}.ingredientReferences`}
            render={({ field: f }) => (
              <Autocomplete<string, true>
                multiple
                size="small"
                options={ingredients.map((i) => i.referenceId)}
                value={f.value.filter((ref) => byRef.has(ref))}
                onChange={(_e, next) => f.onChange(next)}
                getOptionLabel={(ref) => {
                  const ingredient = byRef.get(ref);
                  return ingredient ? ingredientLabel(ingredient, disableAmount) : ref;
                }}
                renderInput={(params) => <TextField {...params} label={t('recipe-ui.edit.step-ingredients')} />}
              />
            )}
          />
          {suggestions[index]?.length > 0 && (
            <Button
              size="small"
              startIcon={<AutoFixHighIcon />}
              sx={{ minHeight: 44, marginBlockStart: 0.5, justifyContent: 'flex-start', textAlign: 'start' }}
              onClick={() => link(index)}
              data-testid="suggest-step-links"
            >
              {t('recipe-ui.edit.suggest-links', {
                names: suggestions[index].map((ref) => shortName(byRef.get(ref))).join(', '),
              })}
            </Button>
          )}
          <StepImagesEditor slug={recipe.slug} stepId={steps[index]?.id ?? field.id} n={index + 1} saved={savedSteps.has((steps[index]?.id ?? field.id).toLowerCase())} />
        </Paper>
      ))}
      <div>
        <Button startIcon={<AddIcon />} variant="outlined" sx={{ minHeight: 44 }} onClick={() => append(emptyInstruction())}>
          {t('recipe-ui.edit.add-step')}
        </Button>
      </div>
    </Stack>
  );
}
