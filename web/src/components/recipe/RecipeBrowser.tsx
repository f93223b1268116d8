import { useCallback, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { useInfiniteExploreRecipes } from '../../api/hooks/households';
import { apiStatus, useInfiniteRecipes } from '../../api/hooks/recipes';
import type { RecipeListFilters } from '../../lib/recipe/types';
import EmptyState from '../EmptyState';
import { RECIPE_CARD_HEIGHT } from './cardSize';
import RecipeCardGrid from './RecipeCardGrid';
import { useRecipeViewer } from './useRecipeViewer';

interface RecipeBrowserProps {
  /** The list query's filters (search, organizers, households, order); the page reads them from its address. */
  filters: RecipeListFilters;
  /** The route's group. */
  groupSlug: string;
  /** Above the cards: where a page puts its search bar or filters. */
  header?: ReactNode;
  /** Visitors from outside the group: the group's public recipes, through the explore API. */
  explore?: boolean;
}

/** An endless list of recipe cards for a filter: 30 at a time, newest first unless the filters say otherwise. */
export default function RecipeBrowser({ filters, groupSlug, header, explore = false }: RecipeBrowserProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useRecipeViewer(groupSlug);
  const memberList = useInfiniteRecipes(filters, !explore);
  const publicList = useInfiniteExploreRecipes(groupSlug, filters, explore);
  const list = explore ? publicList : memberList;
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  const status = apiStatus(list.error);

  // Spec §8: a 404 on a recipe list fetch sends the user to /login.
  useEffect(() => {
    if (status === 404) navigate('/login', { replace: true });
  }, [status, navigate]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const recipes = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 2 }} aria-busy="true" aria-label={t('general.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={RECIPE_CARD_HEIGHT} />
        ))}
      </Box>
    );
  } else if (list.isError && recipes.length === 0) {
    body = <Alert severity="error">{t('general.load-failed')}</Alert>;
  } else if (recipes.length === 0) {
    body = <EmptyState icon={<RestaurantMenuIcon />} title={t('recipe.no-recipes-found')} />;
  } else {
    body = (
      <>
        <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1.5 }} aria-live="polite">
          {t('recipe-ui.list.count', { count: total })}
        </Typography>
        <RecipeCardGrid
          recipes={recipes}
          hasMore={Boolean(hasNextPage)}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          groupSlug={viewer.groupSlug}
          own={viewer.own}
          userId={viewer.user?.id ?? null}
          ratings={viewer.ratings.byRecipe}
          ratingsAvailable={viewer.ratings.available}
        />
      </>
    );
  }

  return (
    <>
      {header}
      {body}
    </>
  );
}
