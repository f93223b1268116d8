import { useTranslation } from 'react-i18next';
import Rating from '@mui/material/Rating';
import { useSetRating } from '../../api/hooks/recipeSocial';

interface RecipeRatingProps {
  recipeId: string;
  slug: string;
  /** The group's average (half-star precision). */
  groupRating: number | null | undefined;
  /** The user's own rating; when set it replaces the group's. */
  userRating: number | null | undefined;
  /** Signed in, in the group, and the ratings routes answer. */
  userId: string | null;
  size?: 'small' | 'medium' | 'large';
}

/** Five stars (spec §9). Picking a star rates; picking the same star again clears the rating (0). */
export default function RecipeRating({ recipeId, slug, groupRating, userRating, userId, size = 'small' }: RecipeRatingProps) {
  const { t } = useTranslation();
  const setRating = useSetRating();
  const own = Boolean(userRating && userRating > 0);
  const value = own ? (userRating ?? 0) : (groupRating ?? 0);
  const label = own ? t('recipe-ui.rating.yours') : t('recipe-ui.rating.group');
  return (
    <Rating
      name={`rating-${recipeId}`}
      value={value || null}
      precision={0.5}
      max={5}
      size={size}
      readOnly={!userId || setRating.isPending}
      getLabelText={(n: number) => t('recipe-ui.rating.stars', { count: n })}
      aria-label={`${label}: ${value ? t('recipe-ui.rating.stars', { count: value }) : t('recipe-ui.rating.none')}`}
      onChange={(_e, next) => {
        if (userId) setRating.mutate({ userId, slug, rating: next ?? 0 });
      }}
      sx={{ '& .MuiRating-iconFilled': { color: own ? 'secondary.main' : 'warning.main' } }}
    />
  );
}
