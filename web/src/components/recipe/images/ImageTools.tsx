import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import StarIcon from '@mui/icons-material/Star';
import type { RecipeImageOut } from '../../../../../contract/recipe-media';
import { useChangeRecipeImages } from '../../../api/hooks/recipeImages';
import { extraImageUrl } from '../../../lib/recipe/media';
import { flipInRtl } from '../../../lib/rtl';
import { toast } from '../../toast/toastStore';

const target = { width: 44, height: 44 } as const;

/** One photo in the editor: its picture, then make-main (gallery only), earlier, later and delete, each 44 px. */
export function EditableImage({ slug, image, index, count, label, alt, order, canBeMain }: {
  slug: string;
  image: RecipeImageOut;
  index: number;
  count: number;
  /** The photo's number in its buttons' names: 2 in the gallery ("Delete photo 2"), 1.2 under step 1. */
  label: { n: number | string };
  alt: string;
  /** The ids of the photos of the same place, in order (to move this one). */
  order: string[];
  canBeMain: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangeRecipeImages(slug);
  const move = (by: number) => {
    const next = [...order];
    next.splice(index, 1);
    next.splice(index + by, 0, image.id);
    change.mutate({ kind: 'order', order: next });
  };
  const button = (title: string, onClick: () => void, icon: ReactNode, disabled = false, testId?: string) => (
    <Tooltip title={title}>
      <span>
        <IconButton aria-label={title} onClick={onClick} disabled={disabled || change.isPending} sx={target} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box component="li" data-testid="editable-image" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', width: 184 }}>
      <Box
        component="img"
        src={extraImageUrl(image.folder, 'min-original')}
        alt={alt}
        sx={{ display: 'block', width: '100%', height: 120, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        {canBeMain && button(t('recipe-ui.images.make-main', label), () => change.mutate({ kind: 'main', imageId: image.id }), <StarIcon />, false, 'make-main')}
        {button(t('recipe-ui.images.move-earlier', label), () => move(-1), <ArrowBackIcon sx={flipInRtl} />, index === 0)}
        {button(t('recipe-ui.images.move-later', label), () => move(1), <ArrowForwardIcon sx={flipInRtl} />, index === count - 1)}
        {button(
          t('recipe-ui.images.delete', label),
          () => change.mutate({ kind: 'delete', imageId: image.id }, { onSuccess: () => toast.success(t('recipe-ui.images.deleted')) }),
          <DeleteIcon />,
        )}
      </Box>
    </Box>
  );
}

/** "Add photo": a file picker (the camera on a phone) that uploads to the gallery or to one step. */
export function AddImageButton({ slug, stepId, label, testId }: { slug: string; stepId: string | null; label: string; testId: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const change = useChangeRecipeImages(slug);
  const onFile = (file: File | undefined) => {
    if (!file) return;
    change.mutate(
      { kind: 'add', file, stepId },
      { onSuccess: () => toast.success(t('recipe-ui.images.added')), onError: () => toast.error(t('recipe-ui.images.add-failed')) },
    );
    if (input.current) input.current.value = '';
  };
  return (
    <>
      <input ref={input} type="file" accept="image/*" hidden data-testid={testId} onChange={(e) => onFile(e.target.files?.[0])} />
      <Button variant="outlined" startIcon={<AddPhotoAlternateIcon />} loading={change.isPending} onClick={() => input.current?.click()} sx={{ minHeight: 44 }}>
        {label}
      </Button>
    </>
  );
}
