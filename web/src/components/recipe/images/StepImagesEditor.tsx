import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecipeImages } from '../../../api/hooks/recipeImages';
import { AddImageButton, EditableImage } from './ImageTools';

/** A step's photos in the editor; a step not saved yet has no id on the server, so it asks for a save first. */
export default function StepImagesEditor({ slug, stepId, n, saved }: { slug: string; stepId: string; n: number; saved: boolean }) {
  const { t } = useTranslation();
  const images = useRecipeImages(slug, true);
  if (!saved) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 1 }}>
        {t('recipe-ui.images.save-first')}
      </Typography>
    );
  }
  const mine = (images.data?.images ?? []).filter((image) => image.stepId?.toLowerCase() === stepId.toLowerCase());
  const order = mine.map((image) => image.id);
  return (
    <Box sx={{ marginBlockStart: 1 }} data-testid="step-images-editor">
      {mine.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', padding: 0, margin: 0, marginBlockEnd: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {mine.map((image, i) => (
            <EditableImage
              key={image.id}
              slug={slug}
              image={image}
              index={i}
              count={mine.length}
              label={{ n: `${n}.${i + 1}` }}
              alt={t('recipe-ui.images.step-photo', { n, m: i + 1 })}
              order={order}
              canBeMain={false}
            />
          ))}
        </Box>
      )}
      <AddImageButton slug={slug} stepId={stepId} label={t('recipe-ui.images.add-step-photo', { n })} testId={`step-image-input-${n}`} />
    </Box>
  );
}
