import { lazy, Suspense, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import type { IngredientValue, RecipeFormValues } from '../../../lib/recipe/recipeForm';
import { toast } from '../../toast/toastStore';
import { applyReview, linesToParse, type LineToParse, type ReviewRow } from './parsedIngredients';

const ParseIngredientsDialog = lazy(() => import('./ParseIngredientsDialog'));

/**
 * "Parse ingredients": the ingredient lines as they are now go to the review dialog; accepting writes the
 * parsed quantities, units, foods and notes into the form (sections and reference ids kept) and turns
 * ingredient amounts on so they show. Cancel leaves the form as it was.
 */
export default function ParseIngredientsButton({ control, onApply }: { control: Control<RecipeFormValues>; onApply: (next: IngredientValue[]) => void }) {
  const { t } = useTranslation();
  const ingredients = useWatch({ control, name: 'recipeIngredient' });
  const { field: disableAmount } = useController({ control, name: 'settings.disableAmount' });
  const [lines, setLines] = useState<LineToParse[] | null>(null);
  const available = linesToParse(ingredients ?? [], Boolean(disableAmount.value));

  const accept = (rows: ReviewRow[]) => {
    onApply(applyReview(ingredients ?? [], rows));
    if (disableAmount.value) disableAmount.onChange(false);
    setLines(null);
    toast.success(t('ingredient-parser.applied', { count: rows.length }));
  };

  return (
    <>
      <Button startIcon={<AutoFixHighIcon />} onClick={() => setLines(available)} disabled={available.length === 0} data-testid="parse-ingredients">
        {t('ingredient-parser.parse')}
      </Button>
      {lines && (
        <Suspense fallback={null}>
          <ParseIngredientsDialog lines={lines} onCancel={() => setLines(null)} onAccept={accept} />
        </Suspense>
      )}
    </>
  );
}
