import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecipeImages } from '../../../api/hooks/recipeImages';
import type { RecipeOut } from '../../../lib/recipe/types';
import { AddImageButton, EditableImage } from './ImageTools';

/** The editor's gallery: the photos beyond the main one, to order, make main or delete, and "Add photo". */
export default function GalleryEditor({ recipe }: { recipe: RecipeOut }) {
  const { t } = useTranslation();
  const images = useRecipeImages(recipe.slug, true);
  const gallery = (images.data?.images ?? []).filter((image) => image.stepId === null);
  const order = gallery.map((image) => image.id);
  return (
    <Box component="section" aria-labelledby="edit-gallery-heading" data-testid="gallery-editor" sx={{ marginBlock: 1.5 }}>
      <Typography id="edit-gallery-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('recipe-ui.images.gallery')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>
        {t('recipe-ui.images.hint')}
      </Typography>
      {gallery.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', padding: 0, margin: 0, marginBlockEnd: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {gallery.map((image, i) => (
            <EditableImage key={image.id} slug={recipe.slug} image={image} index={i} count={gallery.length} label={{ n: i + 2 }} alt={t('recipe-ui.images.photo-n', { n: i + 2 })} order={order} canBeMain />
          ))}
        </Box>
      )}
      <AddImageButton slug={recipe.slug} stepId={null} label={t('recipe-ui.images.add-photo')} testId="gallery-image-input" />
    </Box>
  );
}
