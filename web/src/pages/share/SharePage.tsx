import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ShareIcon from '@mui/icons-material/Share';
import { useCurrentUser } from '../../api/hooks/auth';
import Page from '../../components/Page';
import { createMethodPath } from '../../components/recipe/createMethods';
import { shareDestination } from '../../lib/share';

/**
 * /share: where "Share to Hearth" lands (after sign-in when signed out). An address opens the URL import and
 * tests it; photos open the photo import; anything else says what was received and offers the create page.
 */
export default function SharePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const groupSlug = user?.groupSlug ?? '';
  const shared = { url: params.get('url'), text: params.get('text'), title: params.get('title'), images: Number(params.get('images') ?? 0) || 0 };
  const destination = params.has('missed') ? null : shareDestination(groupSlug, shared);
  if (destination) return <Navigate to={destination} replace />;
  const received = [shared.title, shared.text, shared.url].filter(Boolean).join(' — ');
  return (
    <Page title={t('share.title')} icon={<ShareIcon fontSize="large" />} maxWidth={700}>
      <Alert severity="info" sx={{ marginBlockEnd: 2 }}>
        {params.has('missed') ? t('share.missed') : t('share.nothing')}
      </Alert>
      {received && (
        <p>
          {t('share.received')} <bdi>{received}</bdi>
        </p>
      )}
      <Button component={RouterLink} to={createMethodPath(groupSlug, 'url')} variant="contained">
        {t('share.open-import')}
      </Button>
    </Page>
  );
}
