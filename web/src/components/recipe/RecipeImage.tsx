import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import { recipeImageUrl, type RecipeImageSize } from '../../lib/recipe/media';

interface RecipeImageProps {
  recipeId: string;
  /** The recipe's `image` value (its version); null means there is none. */
  image: string | null | undefined;
  size?: RecipeImageSize;
  height: number | string;
  alt?: string;
  sx?: SxProps<Theme>;
}

/** A recipe's picture, or a quiet placeholder when it has none or the file cannot be loaded. */
export default function RecipeImage({ recipeId, image, size = 'min-original', height, alt = '', sx }: RecipeImageProps) {
  const url = recipeImageUrl(recipeId, image, size);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const frame: SxProps<Theme> = { height, width: '100%', flexShrink: 0, overflow: 'hidden', bgcolor: 'action.hover' };
  if (!url || failedUrl === url) {
    return (
      <Box
        data-testid="recipe-image-placeholder"
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        sx={[frame, { display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        <RestaurantIcon sx={{ fontSize: typeof height === 'number' ? Math.min(72, height * 0.4) : 56 }} />
      </Box>
    );
  }
  return (
    <Box sx={[frame, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box
        component="img"
        src={url}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(url)}
        sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </Box>
  );
}
