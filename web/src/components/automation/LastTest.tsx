import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { AutomationTestOut } from '../../../../contract/automation';

/** How the last "test" of a webhook or notifier went (it is delivered in the background). */
export function LastTest({ lastTest }: { lastTest: AutomationTestOut | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!lastTest) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(lastTest.at));
  if (lastTest.status === 'sending') {
    return (
      <Typography variant="body2" role="status" data-testid="last-test">
        {t('automation.test-sending')}
      </Typography>
    );
  }
  if (lastTest.status === 'sent') {
    return (
      <Typography variant="body2" color="success.main" role="status" data-testid="last-test">
        {t('automation.test-sent', { when })}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="error" role="status" data-testid="last-test">
      {t('automation.test-failed', { when })} <bdi>{lastTest.error ?? ''}</bdi>
    </Typography>
  );
}

/** Shown after a save whose address Hearth will refuse (the server's reason, which names the setting). */
export function UrlWarning({ warning, onClose }: { warning: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!warning) return null;
  return (
    <Alert severity="warning" onClose={onClose} data-testid="url-warning" slotProps={{ closeButton: { title: t('general.close'), 'aria-label': t('general.close') } }} sx={{ marginBlockEnd: 2 }}>
      {t('automation.url-warning')} <bdi>{warning}</bdi>
    </Alert>
  );
}
