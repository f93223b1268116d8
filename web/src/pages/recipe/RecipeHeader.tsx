import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import LockIcon from '@mui/icons-material/Lock';
import SoupKitchenIcon from '@mui/icons-material/SoupKitchen';
import QueueStatus from '../../components/QueueStatus';
import FavoriteButton from '../../components/recipe/FavoriteButton';
import Markdown from '../../components/recipe/Markdown';
import RecipeImage from '../../components/recipe/RecipeImage';
import RecipeMenu from '../../components/recipe/RecipeMenu';
import RecipeRating from '../../components/recipe/RecipeRating';
import RecipeTimes from '../../components/recipe/RecipeTimes';
import type { RecipeViewer } from '../../components/recipe/useRecipeViewer';
import type { RecipeOut } from '../../lib/recipe/types';
import ScaleControl from './ScaleControl';

/** Loaded when first opened: most visits never record a meal. */
const MadeItDialog = lazy(() => import('./MadeItDialog'));

export interface RecipeHeaderProps {
  recipe: RecipeOut;
  viewer: RecipeViewer;
  canEdit: boolean;
  scale: number;
  onScale: (scale: number) => void;
  onEdit: () => void;
  onCook: () => void;
  onDeleted: () => void;
}

const enc = encodeURIComponent;

/** Picture, name, description, times, servings scaler, organizers, rating, favourite and the actions. */
export default function RecipeHeader({ recipe, viewer, canEdit, scale, onScale, onEdit, onCook, onDeleted }: RecipeHeaderProps) {
  const { t } = useTranslation();
  const { user, own, ratings, groupSlug } = viewer;
  const [madeIt, setMadeIt] = useState(false);
  const mine = ratings.byRecipe.get(recipe.id);
  const landscape = recipe.settings.landscapeView;
  const organizers = [
    ...recipe.recipeCategory.map((o) => ({ ...o, kind: 'categories' as const })),
    ...recipe.tags.map((o) => ({ ...o, kind: 'tags' as const })),
    ...recipe.tools.map((o) => ({ ...o, kind: 'tools' as const })),
  ];

  return (
    <Box
      component="header"
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: '1fr', md: landscape && recipe.image ? 'minmax(0, 2fr) minmax(0, 3fr)' : '1fr' },
        marginBlockEnd: 3,
      }}
    >
      {recipe.image && (
        <RecipeImage
          recipeId={recipe.id}
          image={recipe.image}
          size="original"
          alt={recipe.name}
          height={320}
          sx={{ borderRadius: 2, height: landscape ? { xs: 220, sm: 320 } : { xs: 220, sm: 360 } }}
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h4" component="h1" sx={{ flex: 1, minWidth: 0, fontSize: { xs: '1.7rem', sm: '2.2rem' }, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {recipe.name}
            {recipe.settings.locked && <LockIcon titleAccess={t('recipe-ui.settings.locked')} sx={{ marginInlineStart: 1, color: 'text.secondary', verticalAlign: 'middle' }} />}
          </Typography>
          <RecipeMenu
            recipe={recipe}
            fullRecipe={recipe}
            variant="page"
            groupSlug={groupSlug}
            own={own}
            canEdit={canEdit}
            scale={scale}
            onEdit={onEdit}
            onDeleted={onDeleted}
          />
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, marginBlock: 1, flexWrap: 'wrap' }}>
          <RecipeRating
            recipeId={recipe.id}
            slug={recipe.slug}
            name={recipe.name}
            groupRating={recipe.rating}
            userRating={mine?.rating}
            userId={own && ratings.available ? (user?.id ?? null) : null}
            size="medium"
          />
          {own && ratings.available && user && <FavoriteButton userId={user.id} slug={recipe.slug} favorite={Boolean(mine?.isFavorite)} size="medium" />}
        </Stack>
        {recipe.description && <Markdown text={recipe.description} sx={{ marginBlockEnd: 2, color: 'text.secondary' }} />}
        <Stack sx={{ gap: 1.5 }}>
          <RecipeTimes recipe={recipe} />
          <ScaleControl recipe={recipe} scale={scale} onScale={onScale} />
          {organizers.length > 0 && (
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }} aria-label={t('recipe-ui.organizers')} role="list">
              {organizers.map((o) =>
                own && groupSlug ? (
                  <Chip
                    role="listitem"
                    key={`${o.kind}-${o.id}`}
                    size="small"
                    label={o.name}
                    variant={o.kind === 'tags' ? 'outlined' : 'filled'}
                    component={RouterLink}
                    to={`/g/${enc(groupSlug)}?${o.kind}=${enc(o.slug)}`}
                    clickable
                  />
                ) : (
                  <Chip role="listitem" key={`${o.kind}-${o.id}`} size="small" label={o.name} variant={o.kind === 'tags' ? 'outlined' : 'filled'} />
                ),
              )}
            </Box>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {canEdit && (
              <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
                {t('general.edit')}
              </Button>
            )}
            {recipe.recipeInstructions.length > 0 && (
              <Button variant="outlined" startIcon={<SoupKitchenIcon />} onClick={onCook}>
                {t('recipe-ui.cook.start')}
              </Button>
            )}
            {own && user && (
              <Button variant="outlined" startIcon={<EventAvailableIcon />} onClick={() => setMadeIt(true)} data-testid="made-it-button">
                {t('recipe-ui.made-it.button')}
              </Button>
            )}
            <QueueStatus />
          </Stack>
        </Stack>
      </Box>
      {madeIt && (
        <Suspense fallback={null}>
          <MadeItDialog recipe={recipe} open={madeIt} onClose={() => setMadeIt(false)} />
        </Suspense>
      )}
    </Box>
  );
}
