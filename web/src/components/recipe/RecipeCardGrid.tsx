import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { RecipeSummary, UserRatingSummary } from '../../lib/recipe/types';
import RecipeCard, { RECIPE_CARD_HEIGHT } from './RecipeCard';
import { useVirtualRows } from './useVirtualRows';

const GAP = 16;
const MIN_CARD_WIDTH = 240;

interface RecipeCardGridProps {
  recipes: RecipeSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  groupSlug: string | null;
  own: boolean;
  userId: string | null;
  ratings: Map<string, UserRatingSummary>;
  ratingsAvailable: boolean;
}

/**
 * Recipe cards in a responsive grid, rendered a few rows around the viewport at a time. The next page
 * loads when the end comes near (IntersectionObserver), or from the Load more button (keyboard users).
 */
export default function RecipeCardGrid(props: RecipeCardGridProps) {
  const { recipes, hasMore, loadingMore, onLoadMore, ratings, ...cardContext } = props;
  const { t } = useTranslation();
  const rowHeight = RECIPE_CARD_HEIGHT + GAP;
  const { ref, columns, start, end, scroller } = useVirtualRows(recipes.length, rowHeight, MIN_CARD_WIDTH, GAP);
  const sentinel = useRef<HTMLDivElement>(null);
  const rowCount = Math.ceil(recipes.length / columns);
  const visible = recipes.slice(start * columns, end * columns);

  // A fresh observer after every page: it reports at once whether the end is still near.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), {
      root: scroller,
      rootMargin: `0px 0px ${rowHeight * 3}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore, scroller, recipes.length, rowHeight]);

  return (
    <>
      {/* Sizes and offsets change while scrolling: inline styles, so no new CSS class is made for each. */}
      <Box ref={ref} sx={{ position: 'relative' }} style={{ height: Math.max(0, rowCount * rowHeight - GAP) }} data-testid="recipe-grid">
        <Box
          role="list"
          aria-label={t('recipe.recipes')}
          sx={{
            position: 'absolute',
            insetInline: 0,
            insetBlockStart: 0,
            display: 'grid',
            gridAutoRows: `${RECIPE_CARD_HEIGHT}px`,
            gap: `${GAP}px`,
            willChange: 'transform',
          }}
          style={{ transform: `translateY(${start * rowHeight}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {visible.map((recipe) => (
            <Box role="listitem" key={recipe.id} sx={{ minWidth: 0 }}>
              <RecipeCard recipe={recipe} {...cardContext} rating={ratings.get(recipe.id)} />
            </Box>
          ))}
        </Box>
      </Box>
      <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', paddingBlock: 2, minHeight: 56 }}>
        {loadingMore ? (
          <CircularProgress size={28} aria-label={t('general.loading')} />
        ) : hasMore ? (
          <Button variant="outlined" onClick={onLoadMore}>
            {t('recipe-ui.list.load-more')}
          </Button>
        ) : null}
      </Box>
    </>
  );
}
