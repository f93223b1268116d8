import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BuildIcon from '@mui/icons-material/Build';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useMaintenance, useMaintenanceClean, useMaintenanceLogs } from '../../api/hooks/backups';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import RetentionSection from './RetentionSection';

type CleanKind = 'images' | 'temp' | 'recipe-folders' | 'logs';
const CLEANS: CleanKind[] = ['images', 'recipe-folders', 'temp', 'logs'];

/** /admin/maintenance: storage per folder, the growing tables and their retention, the clean-ups (each says what it removed) and the server log. */
export default function AdminMaintenancePage() {
  const { t } = useTranslation();
  const { summary, storage } = useMaintenance();
  const clean = useMaintenanceClean();
  const [lines, setLines] = useState(200);
  const logs = useMaintenanceLogs(lines);
  const [results, setResults] = useState<Partial<Record<CleanKind, string>>>({});

  const run = (kind: CleanKind) =>
    clean.mutate(kind, { onSuccess: (data) => setResults((r) => ({ ...r, [kind]: data.message })) });

  const stat = (label: string, value: string | number | undefined) => (
    <Paper variant="outlined" sx={{ padding: 1.5, flex: '1 1 160px' }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>{label}</Typography>
      <Typography variant="h6" component="p"><bdi>{value ?? '…'}</bdi></Typography>
    </Paper>
  );

  return (
    <Page title={t('sidebar.maintenance')} icon={<BuildIcon fontSize="large" />}>
      {(summary.isPending || storage.isPending) && <PageLoader />}
      {(summary.isError || storage.isError) && <Alert severity="error">{t('general.load-failed')}</Alert>}
      <Typography variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>{t('backups.storage')}</Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', marginBlockEnd: 3 }}>
        {stat(t('backups.data-dir'), summary.data?.dataDirSize)}
        {stat(t('backups.recipes-dir'), storage.data?.recipesDirSize)}
        {stat(t('backups.backups-dir'), storage.data?.backupsDirSize)}
        {stat(t('backups.groups-dir'), storage.data?.groupsDirSize)}
        {stat(t('backups.users-dir'), storage.data?.userDirSize)}
        {stat(t('backups.temp-dir'), storage.data?.tempDirSize)}
      </Stack>

      <RetentionSection />

      <Typography variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>{t('backups.clean-up')}</Typography>
      <Stack sx={{ gap: 1, marginBlockEnd: 3 }}>
        {CLEANS.map((kind) => (
          <Paper key={kind} variant="outlined" sx={{ padding: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography>{t(`backups.clean-${kind}`)}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {kind === 'images' && summary.data ? t('backups.cleanable', { count: summary.data.cleanableImages }) : null}
                {kind === 'recipe-folders' && summary.data ? t('backups.cleanable', { count: summary.data.cleanableDirs }) : null}
                {results[kind] ? ` ${results[kind]}` : ''}
              </Typography>
            </Box>
            <Button variant="outlined" color="warning" onClick={() => run(kind)} loading={clean.isPending && clean.variables === kind} sx={{ minHeight: 44 }}>
              {t('backups.clean')}
            </Button>
          </Paper>
        ))}
      </Stack>

      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, marginBlockEnd: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{t('backups.logs')}</Typography>
        <TextField select size="small" label={t('backups.log-lines')} value={lines} onChange={(e) => setLines(Number(e.target.value))} sx={{ minWidth: 120 }}>
          {[50, 200, 1000].map((n) => <MenuItem key={n} value={n}>{n}</MenuItem>)}
        </TextField>
        <Button startIcon={<RefreshIcon />} onClick={() => void logs.refetch()} sx={{ minHeight: 44 }}>{t('backups.refresh')}</Button>
      </Stack>
      <Paper variant="outlined" sx={{ padding: 1.5, maxHeight: 400, overflow: 'auto' }}>
        <Box component="pre" dir="ltr" sx={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={t('backups.logs')}>
          {logs.data ? (logs.data.logs.length ? logs.data.logs.join('\n') : t('backups.no-logs')) : '…'}
        </Box>
      </Paper>
    </Page>
  );
}
