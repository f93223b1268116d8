import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link as RouterLink } from 'react-router';
import { useMigrationReport, useStartMigration } from '../../api/hooks/backups';
import Page from '../../components/Page';
import { useGroupContext } from '../../app/layouts/useGroupSlug';

const APPS = ['mealie_alpha', 'nextcloud', 'paprika', 'tandoor', 'chowdown', 'copymethat', 'plantoeat', 'myrecipebox', 'recipekeeper'] as const;

/**
 * /group/migrations: choose the app, read how to export from it, upload, watch the upload, then the report
 * of what each recipe became (a link to it) or why it could not be imported.
 */
export default function GroupMigrationsPage() {
  const { t } = useTranslation();
  const { groupSlug } = useGroupContext();
  const [type, setType] = useState<(typeof APPS)[number]>('mealie_alpha');
  const [addTag, setAddTag] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [reportId, setReportId] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const start = useStartMigration();
  const report = useMigrationReport(reportId);

  const go = () => {
    if (!file) return;
    setReportId(null);
    setProgress(0);
    start.mutate(
      { type, file, addTag, onProgress: setProgress },
      { onSuccess: (summary) => setReportId(summary.id), onSettled: () => setProgress(null) },
    );
  };

  return (
    <Page title={t('backups.migrations')} icon={<MoveToInboxIcon fontSize="large" />} subtitle={t('backups.migrations-subtitle')} maxWidth={900}>
      <Paper variant="outlined" sx={{ padding: 2 }}>
        <Stack sx={{ gap: 2 }}>
          <TextField select label={t('backups.migration-app')} value={type} onChange={(e) => setType(e.target.value as (typeof APPS)[number])} slotProps={{ select: { inputProps: { 'data-testid': 'migration-type' } } }}>
            {APPS.map((app) => <MenuItem key={app} value={app}>{t(`backups.app.${app}`)}</MenuItem>)}
          </TextField>
          <Alert severity="info">{t(`backups.howto.${type}`)}</Alert>
          <FormControlLabel control={<Checkbox checked={addTag} onChange={(e) => setAddTag(e.target.checked)} />} label={t('backups.add-migration-tag')} />
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} sx={{ minHeight: 44 }}>
              {t('backups.choose-file')}
            </Button>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{file ? <bdi>{file.name}</bdi> : t('backups.no-file')}</Typography>
            <input ref={fileInput} type="file" hidden data-testid="migration-file" aria-label={t('backups.choose-file')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Stack>
          <Button variant="contained" disabled={!file} loading={start.isPending} onClick={go} sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
            {t('backups.start-migration')}
          </Button>
          {report.data?.status === 'in-progress' && <LinearProgress aria-label={t('backups.importing')} />}
          {progress !== null && <LinearProgress variant={progress < 1 ? 'determinate' : 'indeterminate'} value={progress * 100} aria-label={t('backups.importing')} />}
          {start.isError && <Alert severity="error">{(start.error as { message?: string }).message}</Alert>}
        </Stack>
      </Paper>

      {report.data && (
        <Paper variant="outlined" sx={{ padding: 2, marginBlockStart: 3 }} component="section" aria-labelledby="migration-report">
          <Typography id="migration-report" variant="h6" component="h2">
            {t('backups.report')} · {t(`backups.status.${report.data.status}`)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('backups.report-counts', { ok: report.data.entries.filter((e) => e.success).length, failed: report.data.entries.filter((e) => !e.success).length })}
          </Typography>
          <List dense>
            {report.data.entries.map((entry) => {
              const slug = entry.success ? entry.message.split('→ ')[1]?.split(' ')[0] : undefined;
              return (
                <ListItem key={entry.id} data-testid="migration-entry">
                  <ListItemIcon sx={{ minWidth: 36 }}>{entry.success ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}</ListItemIcon>
                  <ListItemText
                    primary={slug && groupSlug ? <Link component={RouterLink} to={`/g/${groupSlug}/r/${slug}`}><bdi>{entry.message.split(' → ')[0].replace(/^Imported /, '')}</bdi></Link> : <bdi>{entry.message}</bdi>}
                    secondary={entry.exception || undefined}
                  />
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </Page>
  );
}
