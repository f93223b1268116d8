import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { extraImageUrl } from '../../../lib/recipe/media';
import { useImagesOf } from './RecipeImagesContext';

interface StepImagesProps {
  stepId: string;
  /** The step's number as shown (for the pictures' names). */
  n: number;
  /** Taller pictures for cook mode; smaller ones for print. */
  variant?: 'page' | 'cook' | 'print';
}

const HEIGHT = { page: 140, cook: 220, print: 110 } as const;

/** A step's pictures beneath it, each a link to its full size (none: nothing is drawn). */
export default function StepImages({ stepId, n, variant = 'page' }: StepImagesProps) {
  const { t } = useTranslation();
  const images = useImagesOf(stepId);
  if (images.length === 0) return null;
  const height = HEIGHT[variant];
  return (
    <Box
      component="ul"
      data-testid="step-images"
      sx={{ listStyle: 'none', padding: 0, margin: 0, marginBlockStart: 1, display: 'flex', flexWrap: 'wrap', gap: 1, breakInside: 'avoid' }}
    >
      {images.map((image, i) => {
        const alt = t('recipe-ui.images.step-photo', { n, m: i + 1 });
        const picture = (
          <Box
            component="img"
            src={extraImageUrl(image.folder, variant === 'cook' ? 'original' : 'min-original')}
            alt={alt}
            // Print: loaded ahead, since the print copy is hidden on screen and a lazy picture would print blank.
            loading={variant === 'print' ? 'eager' : 'lazy'}
            decoding="async"
            sx={{ display: 'block', height, maxWidth: '100%', width: 'auto', objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
          />
        );
        return (
          <li key={image.id}>
            {variant === 'print' ? (
              picture
            ) : (
              <Box component="a" href={extraImageUrl(image.folder, 'original')} target="_blank" rel="noopener" sx={{ display: 'block', borderRadius: 1 }}>
                {picture}
              </Box>
            )}
          </li>
        );
      })}
    </Box>
  );
}
