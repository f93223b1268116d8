import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { serverMessage } from './importText';

/** Why an import failed: the server's own words (detail.message) under a plain title. */
export default function ImportError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = serverMessage(error);
  return (
    <Alert severity="error" sx={{ marginBlock: 2 }} role="alert" data-testid="import-error">
      <AlertTitle>{t('recipe-import.failed-title')}</AlertTitle>
      <span dir="auto">{message ?? t('recipe-import.no-answer')}</span>
    </Alert>
  );
}
