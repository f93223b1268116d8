import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAbout, useStartupInfo } from '../../api/hooks/app';
import { useCurrentUser } from '../../api/hooks/auth';

/** Sticky banner of the demo layout, with the running version. */
export function DemoBanner() {
  const { t } = useTranslation();
  const { data: about } = useAbout();
  if (!about?.demoStatus) return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      square
      sx={{ position: 'sticky', insetBlockStart: 0, zIndex: (theme) => theme.zIndex.appBar + 1, borderRadius: 0, paddingBlock: 0 }}
    >
      {t('demo.banner', { version: about.version })}
    </Alert>
  );
}

/** Nags an admin to change the default password while the server reports a first login. */
export function FirstLoginBanner() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const isAdmin = Boolean(user?.admin);
  const { data: startup } = useStartupInfo(isAdmin);
  if (!isAdmin || !startup?.isFirstLogin) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      square
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" href="/user/profile" variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
          {t('user.change-password')}
        </Button>
      }
    >
      {t('user.default-password-warning')}
    </Alert>
  );
}
