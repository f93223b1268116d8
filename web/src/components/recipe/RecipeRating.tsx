import { useTranslation } from 'react-i18next';
import Rating from '@mui/material/Rating';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TOUCH } from '../../app/touchTargets';
import { useSetRating } from '../../api/hooks/recipeSocial';

interface RecipeRatingProps {
  recipeId: string;
  slug: string;
  /** The recipe's name (what a rating waiting offline is listed as). */
  name: string;
  /** The group's average (half-star precision). */
  groupRating: number | null | undefined;
  /** The user's own rating; when set it replaces the group's. */
  userRating: number | null | undefined;
  /** Signed in, in the group, and the ratings routes answer. */
  userId: string | null;
  size?: 'small' | 'medium' | 'large';
  /** On a card: on a phone the stars only show the rating (too small to tap); rating happens on the recipe. */
  compact?: boolean;
}

/** Five stars (spec §9). Picking a star rates; picking the same star again clears the rating (0). */
export default function RecipeRating({ recipeId, slug, name, groupRating, userRating, userId, size = 'small', compact = false }: RecipeRatingProps) {
  const { t } = useTranslation();
  const touch = useMediaQuery(TOUCH.replace('@media ', ''));
  const setRating = useSetRating();
  const own = Boolean(userRating && userRating > 0);
  const value = own ? (userRating ?? 0) : (groupRating ?? 0);
  const label = own ? t('recipe-ui.rating.yours') : t('recipe-ui.rating.group');
  return (
    <Rating
      name={`rating-${recipeId}`}
      value={value || null}
      // Whole stars of 44 px to tap on a phone; halves (the group's average) with a mouse.
      precision={touch && !compact && userId ? 1 : 0.5}
      max={5}
      size={size}
      readOnly={!userId || setRating.isPending || (touch && compact)}
      getLabelText={(n: number) => t('recipe-ui.rating.stars', { count: n })}
      aria-label={`${label}: ${value ? t('recipe-ui.rating.stars', { count: value }) : t('recipe-ui.rating.none')}`}
      onChange={(_e, next) => {
        if (userId) setRating.mutate({ userId, recipe: { id: recipeId, slug, name }, rating: next ?? 0 });
      }}
      sx={{
        '& .MuiRating-iconFilled': { color: own ? 'secondary.main' : 'warning.main' },
        ...(touch && !compact && userId ? { '& .MuiRating-label, & .MuiRating-icon': { minWidth: 44, minHeight: 44, justifyContent: 'center', alignItems: 'center' } } : {}),
      }}
    />
  );
}
