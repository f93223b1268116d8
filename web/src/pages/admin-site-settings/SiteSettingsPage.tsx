import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import SettingsIcon from '@mui/icons-material/Settings';
import { useAdminAbout, useAdminCheck, useAdminStatistics } from '../../api/hooks/admin';
import type { CheckAppConfig } from '../../api/types';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';

const checks: { key: keyof CheckAppConfig; label: string; hint: string }[] = [
  { key: 'isUpToDate', label: 'settings.check.up-to-date', hint: 'settings.check.up-to-date-hint' },
  { key: 'baseUrlSet', label: 'settings.check.base-url', hint: 'settings.check.base-url-hint' },
  { key: 'emailReady', label: 'settings.check.email', hint: 'settings.check.email-hint' },
  { key: 'ldapReady', label: 'settings.check.ldap', hint: 'settings.check.ldap-hint' },
  { key: 'oidcReady', label: 'settings.check.oidc', hint: 'settings.check.oidc-hint' },
  { key: 'enableOpenai', label: 'settings.check.openai', hint: 'settings.check.openai-hint' },
];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** /admin/site-settings: configuration status (GET /api/admin/about/check) and app facts (GET /api/admin/about). */
export default function SiteSettingsPage() {
  const { t } = useTranslation();
  const about = useAdminAbout();
  const check = useAdminCheck();
  const stats = useAdminStatistics();

  const info = about.data
    ? [
        [t('settings.info.version'), about.data.version],
        [t('settings.info.latest-version'), about.data.versionLatest],
        [t('settings.info.production'), about.data.production ? t('general.yes') : t('general.no')],
        [t('settings.info.database'), about.data.dbType],
        [t('settings.info.database-url'), about.data.dbUrl ?? '—'],
        [t('settings.info.api-port'), String(about.data.apiPort)],
        [t('settings.info.api-docs'), about.data.apiDocs ? t('general.enabled') : t('general.disabled')],
        [t('settings.info.default-group'), about.data.defaultGroup],
        [t('settings.info.default-household'), about.data.defaultHousehold],
        [t('settings.info.allow-signup'), about.data.allowSignup ? t('general.yes') : t('general.no')],
        [t('settings.info.build'), about.data.buildId],
      ]
    : [];

  const counts = stats.data
    ? [
        [t('settings.stats.recipes'), stats.data.totalRecipes],
        [t('settings.stats.users'), stats.data.totalUsers],
        [t('settings.stats.households'), stats.data.totalHouseholds],
        [t('settings.stats.groups'), stats.data.totalGroups],
      ]
    : [];

  return (
    <Page title={t('sidebar.site-settings')} icon={<SettingsIcon fontSize="large" />}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Panel title={t('settings.configuration-status')}>
          {check.isPending && <PageLoader />}
          {check.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
          {check.data && (
            <List dense disablePadding>
              {checks.map(({ key, label, hint }) => {
                const ok = check.data[key];
                return (
                  <ListItem key={key} disableGutters>
                    <ListItemIcon>
                      {ok ? <CheckCircleIcon color="success" /> : <ErrorIcon color="warning" />}
                    </ListItemIcon>
                    <ListItemText
                      primary={t(label)}
                      secondary={`${ok ? t('settings.check.ready') : t('settings.check.not-ready')} · ${t(hint)}`}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
        </Panel>
        <Panel title={t('settings.about')}>
          {about.isPending && <PageLoader />}
          {about.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, margin: 0 }}>
            {info.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ margin: 0, overflowWrap: 'anywhere' }} dir="auto">
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Panel>
        {counts.length > 0 && (
          <Panel title={t('settings.statistics')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: 2 }}>
              {counts.map(([label, value]) => (
                <Box key={label} sx={{ textAlign: 'center' }}>
                  <Typography variant="h4" component="p" sx={{ color: 'primary.main' }}>
                    {value}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {label}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Panel>
        )}
      </Box>
    </Page>
  );
}
