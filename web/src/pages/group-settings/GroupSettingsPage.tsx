import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import GroupsIcon from '@mui/icons-material/Groups';
import { useGroupPreferences, useGroupSelf, useGroupStorage, useSaveGroupPreferences } from '../../api/hooks/households';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';

/**
 * /group: the group's privacy (a public group shows its public recipes and cookbooks to anyone at /g/{slug})
 * and the storage its recipes' files use (GET /api/groups/storage).
 */
export default function GroupSettingsPage() {
  const { t } = useTranslation();
  const group = useGroupSelf();
  const prefs = useGroupPreferences();
  const storage = useGroupStorage();
  const save = useSaveGroupPreferences();

  if (group.isPending || prefs.isPending) return <PageLoader />;
  if (prefs.isError || !prefs.data) return <Alert severity="error">{t('general.load-failed')}</Alert>;
  const used = storage.data ? storage.data.usedStorageBytes / Math.max(1, storage.data.totalStorageBytes) : 0;
  const publicUrl = group.data ? `${window.location.origin}/g/${encodeURIComponent(group.data.slug)}` : '';

  return (
    <Page title={t('group.settings')} subtitle={group.data ? <bdi>{group.data.name}</bdi> : undefined} icon={<GroupsIcon fontSize="large" />}>
      <Stack sx={{ gap: 2 }}>
        <Card variant="outlined" component="section" aria-labelledby="group-privacy">
          <CardContent>
            <Typography id="group-privacy" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
              {t('group.group-preferences')}
            </Typography>
            <FormControlLabel
              control={
                <Switch checked={prefs.data.privateGroup} onChange={(e) => save.mutate({ privateGroup: e.target.checked })} disabled={save.isPending} />
              }
              label={t('group.private-group')}
              sx={{ marginInlineStart: 0, minHeight: 44 }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', paddingInlineStart: 6 }}>
              {t('group.private-group-description')}
            </Typography>
            {!prefs.data.privateGroup && publicUrl && (
              <Alert severity="info" sx={{ marginBlockStart: 2 }}>
                {t('group.public-at')} <bdi dir="ltr">{publicUrl}</bdi>
              </Alert>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="group-storage">
          <CardContent>
            <Typography id="group-storage" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
              {t('group.storage')}
            </Typography>
            {storage.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
            {storage.data && (
              <>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, used * 100)}
                  aria-label={t('group.storage')}
                  sx={{ height: 10, borderRadius: 5, marginBlockEnd: 1 }}
                />
                <Typography variant="body2">{t('group.storage-used', { used: storage.data.usedStorageStr, total: storage.data.totalStorageStr })}</Typography>
              </>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Page>
  );
}
