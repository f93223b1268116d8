import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { recipePath, tagFilterPath } from '../../lib/recipe/paths';
import type { RecipeSummary, UserRatingSummary } from '../../lib/recipe/types';
import FavoriteButton from './FavoriteButton';
import RecipeImage from './RecipeImage';
import RecipeMenu from './RecipeMenu';
import RecipeRating from './RecipeRating';
import { CHIPS_HEIGHT, FOOTER_HEIGHT, RECIPE_CARD_HEIGHT, RECIPE_CARD_IMAGE_HEIGHT, TEXT_HEIGHT } from './cardSize';

export { RECIPE_CARD_HEIGHT, RECIPE_CARD_IMAGE_HEIGHT } from './cardSize';
/** Spec §9: at most 2 tag chips of at most 20 characters. */
export const MAX_TAG_CHIPS = 2;
export const TAG_CHIP_MAX_CHARS = 20;

export function truncateTag(name: string): string {
  return name.length > TAG_CHIP_MAX_CHARS ? `${name.slice(0, TAG_CHIP_MAX_CHARS - 1)}…` : name;
}

export interface RecipeCardProps {
  recipe: RecipeSummary;
  groupSlug: string | null;
  /** In the user's own group: rating, favourite and the card menu work. */
  own: boolean;
  userId: string | null;
  /** The user's rating and favourite for this recipe, when the ratings routes answer. */
  rating: UserRatingSummary | undefined;
  ratingsAvailable: boolean;
}

/** A recipe in a list: image, name, description, tag chips, favourite, stars and the card menu. */
function RecipeCard({ recipe, groupSlug, own, userId, rating, ratingsAvailable }: RecipeCardProps) {
  const href = recipePath(groupSlug, recipe.slug);
  const tags = recipe.tags.slice(0, MAX_TAG_CHIPS);
  return (
    <Card component="article" aria-label={recipe.name} sx={{ height: RECIPE_CARD_HEIGHT, display: 'flex', flexDirection: 'column' }}>
      <CardActionArea href={href} sx={{ flex: '0 0 auto', display: 'block' }}>
        <RecipeImage recipeId={recipe.id} image={recipe.image} size="min-original" height={RECIPE_CARD_IMAGE_HEIGHT} />
        <Box sx={{ height: TEXT_HEIGHT, paddingInline: 1.5, paddingBlock: 1, overflow: 'hidden' }}>
          <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.4 }} title={recipe.name}>
            {recipe.name}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {recipe.description}
          </Typography>
        </Box>
      </CardActionArea>
      <Box sx={{ height: CHIPS_HEIGHT, display: 'flex', gap: 0.5, paddingInline: 1.5, overflow: 'hidden', alignItems: 'center' }}>
        {tags.map((tag) =>
          groupSlug ? (
            <Chip
              key={tag.id}
              size="small"
              label={truncateTag(tag.name)}
              title={tag.name}
              component={RouterLink}
              to={tagFilterPath(groupSlug, tag.slug)}
              clickable
              sx={{ maxWidth: '50%' }}
            />
          ) : (
            <Chip key={tag.id} size="small" label={truncateTag(tag.name)} title={tag.name} sx={{ maxWidth: '50%' }} />
          ),
        )}
      </Box>
      <Box sx={{ height: FOOTER_HEIGHT, display: 'flex', alignItems: 'center', gap: 0.5, paddingInline: 1, marginBlockStart: 'auto' }}>
        <RecipeRating
          recipeId={recipe.id}
          slug={recipe.slug}
          name={recipe.name}
          groupRating={recipe.rating}
          userRating={rating?.rating}
          userId={own && ratingsAvailable ? userId : null}
          compact
        />
        <Box sx={{ flex: 1 }} />
        {own && ratingsAvailable && userId && <FavoriteButton userId={userId} slug={recipe.slug} favorite={Boolean(rating?.isFavorite)} />}
        {own && (
          <RecipeMenu recipe={recipe} variant="card" groupSlug={groupSlug} own={own} />
        )}
      </Box>
    </Card>
  );
}

export default memo(RecipeCard);
