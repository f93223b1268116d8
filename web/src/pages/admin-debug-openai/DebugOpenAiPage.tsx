import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PsychologyIcon from '@mui/icons-material/Psychology';
import { useDebugOpenAi } from '../../api/hooks/backups';
import Page from '../../components/Page';

/** /admin/debug/openai: one test call to the configured OpenAI-compatible service, with an optional picture. */
export default function DebugOpenAiPage() {
  const { t } = useTranslation();
  const run = useDebugOpenAi();
  const [image, setImage] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Page title={t('sidebar.openai')} icon={<PsychologyIcon fontSize="large" />} subtitle={t('backups.openai-subtitle')} maxWidth={800}>
      <Paper variant="outlined" sx={{ padding: 2 }}>
        <Stack sx={{ gap: 2 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => input.current?.click()} sx={{ minHeight: 44 }}>{t('backups.choose-image')}</Button>
            <Typography variant="body2">{image ? <bdi>{image.name}</bdi> : t('backups.no-image')}</Typography>
            <input ref={input} type="file" accept="image/*" hidden aria-label={t('backups.choose-image')} onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
          </Stack>
          <Button variant="contained" loading={run.isPending} onClick={() => run.mutate(image)} sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
            {t('backups.run-test')}
          </Button>
          {run.data && (
            <Alert severity={run.data.success ? 'success' : 'error'}>
              <bdi>{run.data.response ?? ''}</bdi>
            </Alert>
          )}
          {run.isError && <Alert severity="error">{(run.error as { message?: string }).message}</Alert>}
        </Stack>
      </Paper>
    </Page>
  );
}
