import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { extraImageUrl } from '../../../lib/recipe/media';
import { useImagesOf } from './RecipeImagesContext';

/** The recipe's photos beyond the main one (which heads the page), as a grid of links to their full size. */
export default function RecipeGallery() {
  const { t } = useTranslation();
  const images = useImagesOf(null);
  if (images.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="recipe-gallery-heading" data-testid="recipe-gallery">
      <Typography id="recipe-gallery-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe-ui.images.gallery')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {images.map((image, i) => (
          <li key={image.id}>
            <Box
              component="a"
              href={extraImageUrl(image.folder, 'original')}
              target="_blank"
              rel="noopener"
              aria-label={t('recipe-ui.images.open', { n: i + 2 })}
              sx={{ display: 'block', borderRadius: 1, overflow: 'hidden', aspectRatio: '1', bgcolor: 'action.hover' }}
            >
              <Box
                component="img"
                src={extraImageUrl(image.folder, 'tiny-original')}
                alt={t('recipe-ui.images.photo-n', { n: i + 2 })}
                loading="lazy"
                decoding="async"
                sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
              />
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
