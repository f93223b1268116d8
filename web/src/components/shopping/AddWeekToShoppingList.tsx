import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import type { PlannerActionProps } from '../mealplan/plannerAction';

const AddToShoppingListDialog = lazy(() => import('./AddToShoppingListDialog'));

/** The meal planner's "add this week's recipes to a shopping list": the shown range's recipes, once per meal. */
export default function AddWeekToShoppingList({ entries }: PlannerActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const recipes = entries.flatMap((entry) => (entry.recipe ? [{ slug: entry.recipe.slug, scale: 1 }] : []));
  return (
    <>
      <Button variant="outlined" startIcon={<AddShoppingCartIcon />} disabled={recipes.length === 0} onClick={() => setOpen(true)} sx={{ minHeight: 44 }}>
        {t('shopping-list.add-week')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddToShoppingListDialog recipes={recipes} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
