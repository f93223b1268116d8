import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../api/hooks/auth';
import { serverException, serverMessage } from './importText';

/**
 * Why an import failed: the server's own words (detail.message) under a plain title. An address Hearth refuses
 * (on a private network or this server) is explained, and an administrator is told which setting allows it.
 */
export default function ImportError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!error) return null;
  const message = serverMessage(error);
  const blocked = serverException(error) === 'BlockedAddress';
  return (
    <Alert severity="error" sx={{ marginBlock: 2 }} role="alert" data-testid="import-error">
      <AlertTitle>{t('recipe-import.failed-title')}</AlertTitle>
      <span dir="auto">{message ?? t('recipe-import.no-answer')}</span>
      {blocked && (
        <Typography variant="body2" sx={{ marginBlockStart: 1 }} data-testid="import-blocked-why">
          {t('recipe-import.blocked-why')}
          {user?.admin && (
            <>
              {' '}
              {t('recipe-import.blocked-admin')} <code dir="ltr">ALLOW_PRIVATE_NETWORK_FETCH=true</code>
            </>
          )}
        </Typography>
      )}
    </Alert>
  );
}
