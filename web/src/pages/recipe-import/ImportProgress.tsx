import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * Progress of an import: the share uploaded while a file goes up (when known), then an open-ended bar
 * while the server reads the recipe.
 */
export default function ImportProgress({ uploaded, working }: { uploaded?: number | null; working: string }) {
  const { t } = useTranslation();
  const uploading = typeof uploaded === 'number' && uploaded < 1;
  const percent = uploading ? Math.round(uploaded * 100) : null;
  const label = percent !== null ? t('recipe-import.uploading', { percent }) : working;
  return (
    <Box sx={{ marginBlock: 2 }} role="status" aria-live="polite">
      <LinearProgress variant={percent !== null ? 'determinate' : 'indeterminate'} value={percent ?? undefined} aria-label={label} />
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 1 }}>
        {label}
      </Typography>
    </Box>
  );
}
