import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import VerificationCell, { VerificationLine } from './VerificationCell';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BackupIcon from '@mui/icons-material/Backup';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import UploadIcon from '@mui/icons-material/Upload';
import type { BackupFile } from '../../../../contract/backups';
import { backupsApi, downloadUrl } from '../../api/backups';
import { useBackupMutations, useBackups } from '../../api/hooks/backups';
import { setToken } from '../../api/token';
import ConfirmDialog from '../../components/ConfirmDialog';
import EmptyState from '../../components/EmptyState';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import ScheduleCard from './ScheduleCard';

const touch = { minWidth: 44, minHeight: 44 };

/**
 * /admin/backups: the backups on the server (date, size), create, upload, download (a file token opened in
 * a new window), delete, and restore behind a confirmation that says what is replaced; the schedule below.
 */
export default function AdminBackupsPage() {
  const { t, i18n } = useTranslation();
  const backups = useBackups();
  const m = useBackupMutations();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<BackupFile | null>(null);
  const [deleting, setDeleting] = useState<BackupFile | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);

  const download = async (name: string) => {
    const { data } = await backupsApi.fileToken(name);
    if (data?.fileToken) window.open(downloadUrl(data.fileToken), '_blank', 'noopener');
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    m.upload.mutate({ file, onProgress: setProgress }, { onSettled: () => setProgress(null) });
  };

  const restore = () => {
    if (!restoring) return;
    setRestoreError(null);
    m.restore.mutate(restoring.name, {
      onSuccess: () => {
        setRestoring(null);
        setRestored(true);
      },
      onError: (error) => setRestoreError(`${t('backups.restore-failed')} ${(error as { message?: string }).message ?? ''}`.trim()),
    });
  };

  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (restored) {
    return (
      <Page title={t('sidebar.backups')} icon={<BackupIcon fontSize="large" />}>
        <Alert severity="success" action={<Button color="inherit" onClick={() => { setToken(null); window.location.assign('/login'); }}>{t('backups.sign-in-again')}</Button>}>
          {t('backups.restore-success')}
        </Alert>
      </Page>
    );
  }

  return (
    <Page
      title={t('sidebar.backups')}
      icon={<BackupIcon fontSize="large" />}
      subtitle={t('backups.subtitle')}
      actions={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<AddIcon />} variant="contained" loading={m.create.isPending} onClick={() => m.create.mutate()} sx={touch}>
            {t('backups.create')}
          </Button>
          <Button startIcon={<UploadIcon />} variant="outlined" onClick={() => fileInput.current?.click()} sx={touch} disabled={progress !== null}>
            {t('backups.upload')}
          </Button>
          <input ref={fileInput} type="file" accept=".zip,application/zip" hidden data-testid="backup-upload" aria-label={t('backups.upload')} onChange={(e) => { upload(e.target.files?.[0]); e.target.value = ''; }} />
        </Stack>
      }
    >
      {progress !== null && <LinearProgress variant="determinate" value={progress * 100} aria-label={t('backups.uploading')} sx={{ marginBlockEnd: 2 }} />}
      {restoreError && <Alert severity="error" sx={{ marginBlockEnd: 2 }} onClose={() => setRestoreError(null)}>{restoreError}</Alert>}
      {backups.isPending && <PageLoader />}
      {backups.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {backups.data && backups.data.imports.length === 0 && <EmptyState icon={<BackupIcon />} title={t('backups.none')} />}
      {backups.data && backups.data.imports.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('sidebar.backups')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('general.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('backups.date')}</TableCell>
                <TableCell>{t('backups.size')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('backups.check')}</TableCell>
                <TableCell align="right">{t('backups.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {backups.data.imports.map((b) => (
                <TableRow key={b.name} data-testid="backup-row">
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <bdi>{b.name}</bdi>
                    <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>{date(b.date)}</Typography>
                    <VerificationLine verification={b.verification ?? null} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{date(b.date)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}><bdi>{b.size}</bdi></TableCell>
                  <VerificationCell verification={b.verification ?? null} />
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('backups.download')}>
                      <IconButton aria-label={`${t('backups.download')} ${b.name}`} onClick={() => void download(b.name)} sx={touch}><DownloadIcon /></IconButton>
                    </Tooltip>
                    <Tooltip title={t('backups.restore')}>
                      <IconButton aria-label={`${t('backups.restore')} ${b.name}`} onClick={() => setRestoring(b)} sx={touch} color="warning"><RestoreIcon /></IconButton>
                    </Tooltip>
                    <Tooltip title={t('general.delete')}>
                      <IconButton aria-label={`${t('general.delete')} ${b.name}`} onClick={() => setDeleting(b)} sx={touch} color="error"><DeleteIcon /></IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <ScheduleCard />

      <ConfirmDialog
        open={restoring !== null}
        title={t('backups.restore-title')}
        confirmLabel={t('backups.restore')}
        loading={m.restore.isPending}
        onConfirm={restore}
        onClose={() => setRestoring(null)}
      >
        <Typography sx={{ marginBlockEnd: 1 }}><bdi>{restoring?.name}</bdi></Typography>
        <Typography sx={{ marginBlockEnd: 1 }}>{t('backups.restore-warning')}</Typography>
        <Typography variant="body2">{t('backups.restore-safety')}</Typography>
        {m.restore.isPending && <LinearProgress sx={{ marginBlockStart: 2 }} aria-label={t('backups.restoring')} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('general.delete')}
        loading={m.remove.isPending}
        onConfirm={() => deleting && m.remove.mutate(deleting.name, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {t('backups.delete-confirm')} <bdi>{deleting?.name}</bdi>
      </ConfirmDialog>
    </Page>
  );
}
