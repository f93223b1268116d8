import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
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

const DISMISSED_KEY = 'hearth.default-password-reminder-dismissed';

/**
 * Reminds an admin to change the default password while the server reports a first login. It can be
 * dismissed (for this browser); on the profile page, where the password is changed, it always shows.
 */
export function FirstLoginBanner() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const isAdmin = Boolean(user?.admin);
  const { data: startup } = useStartupInfo(isAdmin);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  const onProfile = pathname.startsWith('/user/profile');
  if (!isAdmin || !startup?.isFirstLogin || (dismissed && !onProfile)) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      square
      sx={{ borderRadius: 0, alignItems: 'center', paddingBlock: 0 }}
      action={
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          {!onProfile && (
            <Button color="inherit" size="small" href="/user/profile" variant="outlined" sx={{ whiteSpace: 'nowrap', minHeight: 36 }}>
              {t('user.change-password')}
            </Button>
          )}
          {!onProfile && (
            <IconButton
              color="inherit"
              aria-label={t('user.dismiss-reminder')}
              sx={{ width: 44, height: 44 }}
              onClick={() => {
                localStorage.setItem(DISMISSED_KEY, '1');
                setDismissed(true);
              }}
            >
              <CloseIcon />
            </IconButton>
          )}
        </Stack>
      }
    >
      {t('user.default-password-warning')}
    </Alert>
  );
}
