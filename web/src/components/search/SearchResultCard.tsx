import type { KeyboardEvent, Ref } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RecipeSummary } from '../../../../contract/recipes';
import { recipePath } from '../../lib/recipe/paths';
import RecipeImage from '../recipe/RecipeImage';

/** A compact recipe card for the search dialog: picture, name and the start of the description. */
export default function SearchResultCard({
  recipe,
  groupSlug,
  linkRef,
  onKeyDown,
}: {
  recipe: Pick<RecipeSummary, 'id' | 'slug' | 'name' | 'description' | 'image'>;
  groupSlug: string | null;
  linkRef?: Ref<HTMLAnchorElement>;
  onKeyDown?: (e: KeyboardEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardActionArea
        href={recipePath(groupSlug, recipe.slug)}
        ref={linkRef}
        onKeyDown={onKeyDown}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start', '&.Mui-focusVisible, &:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        <Box sx={{ width: 88, flexShrink: 0 }}>
          <RecipeImage recipeId={recipe.id} image={recipe.image} size="tiny-original" height={88} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1, paddingInline: 1.5, paddingBlock: 1 }}>
          <Typography variant="subtitle2" component="span" sx={{ display: 'block', fontWeight: 600 }} noWrap>
            <bdi>{recipe.name}</bdi>
          </Typography>
          <Typography
            variant="body2"
            component="span"
            sx={{ color: 'text.secondary', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            <bdi>{recipe.description}</bdi>
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
