import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import type { RecipeSummary } from '../../lib/recipe/types';
import EmptyState from '../EmptyState';
import RecipeCard from '../recipe/RecipeCard';
import { useRecipeViewer } from '../recipe/useRecipeViewer';

/**
 * A short list of recipes (favourites, finder suggestions) as the app's recipe cards, each with an
 * optional footer under it; an empty state when there are none. Long lists use RecipeBrowser.
 */
export default function RecipeList({
  recipes,
  groupSlug,
  emptyTitle,
  footer,
}: {
  recipes: RecipeSummary[];
  /** The route's group, if any. */
  groupSlug: string | undefined;
  emptyTitle?: string;
  footer?: (recipe: RecipeSummary) => ReactNode;
}) {
  const { t } = useTranslation();
  const viewer = useRecipeViewer(groupSlug);
  if (recipes.length === 0) return <EmptyState icon={<RestaurantMenuIcon />} title={emptyTitle ?? t('recipe.no-recipes-found')} />;
  return (
    <Box
      role="list"
      aria-label={t('recipe.recipes')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))', alignItems: 'start' }}
    >
      {recipes.map((recipe) => (
        <Box role="listitem" key={recipe.id} sx={{ minWidth: 0 }}>
          <RecipeCard
            recipe={recipe}
            groupSlug={viewer.groupSlug}
            own={viewer.own}
            userId={viewer.user?.id ?? null}
            rating={viewer.ratings.byRecipe.get(recipe.id)}
            ratingsAvailable={viewer.ratings.available}
          />
          {footer?.(recipe)}
        </Box>
      ))}
    </Box>
  );
}
