import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogoutEverywhere } from '../../api/hooks/hardening';
import Section from './Section';

/** Ends every sign-in session of the user (other browsers, a lost phone); API tokens are kept. */
export default function SessionsSection() {
  const { t } = useTranslation();
  const logout = useLogoutEverywhere();
  return (
    <Section title={t('hardening.sessions-title')} icon={<DevicesIcon />}>
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 2 }}>
        {t('hardening.sessions-help')}
      </Typography>
      {logout.isError && (
        <Alert severity="error" sx={{ marginBlockEnd: 2 }}>
          {t('hardening.sign-out-everywhere-failed')}
        </Alert>
      )}
      <Button variant="outlined" color="warning" startIcon={<LogoutIcon />} sx={{ minHeight: 44 }} disabled={logout.isPending} onClick={() => logout.mutate()}>
        {t('hardening.sign-out-everywhere')}
      </Button>
    </Section>
  );
}
