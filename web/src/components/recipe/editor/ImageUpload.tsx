import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useUploadRecipeImage } from '../../../api/hooks/recipes';
import type { RecipeOut } from '../../../lib/recipe/types';
import { toast } from '../../toast/toastStore';
import RecipeImage from '../RecipeImage';

/** The recipe's picture with an upload button (PUT /api/recipes/{slug}/image, multipart image + extension). */
export default function ImageUpload({ recipe }: { recipe: RecipeOut }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadRecipeImage();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(
      { slug: recipe.slug, file },
      {
        onSuccess: () => toast.success(t('recipe-ui.edit.image-updated')),
        onError: () => toast.error(t('recipe-ui.edit.image-failed')),
      },
    );
    if (input.current) input.current.value = '';
  };

  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center', marginBlock: 1 }}>
      <Box sx={{ width: 120, flexShrink: 0 }}>
        <RecipeImage recipeId={recipe.id} image={recipe.image} size="min-original" height={90} alt={recipe.name} sx={{ borderRadius: 1 }} />
      </Box>
      <Box>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid="recipe-image-input"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button variant="outlined" startIcon={<PhotoCameraIcon />} loading={upload.isPending} onClick={() => input.current?.click()}>
          {t('recipe-ui.edit.upload-image')}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 0.5 }}>
          {t('recipe-ui.edit.image-hint')}
        </Typography>
      </Box>
    </Stack>
  );
}
