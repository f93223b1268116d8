import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../api/hooks/auth';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import UserAvatar from '../../components/UserAvatar';
import ApiTokensSection from './ApiTokensSection';
import ChangePasswordSection from './ChangePasswordSection';
import OfflineLibrarySection from './OfflineLibrarySection';
import ProfileDetailsSection from './ProfileDetailsSection';
import SessionsSection from './SessionsSection';

export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return (
    <Page title={t('profile.your-profile-settings')} maxWidth={860}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, marginBlockEnd: 3 }}>
        <UserAvatar user={user} size={72} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" noWrap>
            {t('profile.welcome-user', { name: user.fullName || user.username })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('profile.group-household', { group: user.group, household: user.household })}
          </Typography>
        </Box>
      </Stack>
      <Stack sx={{ gap: 3 }}>
        <ProfileDetailsSection user={user} />
        <ChangePasswordSection user={user} />
        <ApiTokensSection user={user} />
        <SessionsSection />
        <OfflineLibrarySection />
      </Stack>
    </Page>
  );
}
