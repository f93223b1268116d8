import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useBackupMutations, useBackupSchedule } from '../../api/hooks/backups';

/** The daily backup: on/off, time (UTC), how many to keep, the last verified one, and "run now". */
export default function ScheduleCard() {
  const { t, i18n } = useTranslation();
  const schedule = useBackupSchedule();
  const m = useBackupMutations();
  const [enabled, setEnabled] = useState(false);
  const [time, setTime] = useState('03:00');
  const [keep, setKeep] = useState(7);

  useEffect(() => {
    if (!schedule.data) return;
    setEnabled(schedule.data.enabled);
    setTime(schedule.data.time);
    setKeep(schedule.data.keep);
  }, [schedule.data]);

  const last = schedule.data?.lastVerified;
  return (
    <Paper variant="outlined" sx={{ padding: 2, marginBlockStart: 3 }} component="section" aria-labelledby="backup-schedule-title">
      <Typography id="backup-schedule-title" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('backups.schedule')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('backups.schedule-enabled')} sx={{ whiteSpace: 'nowrap' }} />
        <TextField label={t('backups.schedule-time')} type="time" value={time} onChange={(e) => setTime(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label={t('backups.schedule-keep')} type="number" value={keep} onChange={(e) => setKeep(Math.max(1, Math.min(365, Number(e.target.value) || 1)))} size="small" slotProps={{ htmlInput: { min: 1, max: 365 } }} />
        <Button variant="contained" loading={m.saveSchedule.isPending} onClick={() => m.saveSchedule.mutate({ enabled, time, keep })} sx={{ minHeight: 44 }}>
          {t('general.save')}
        </Button>
        <Button variant="outlined" loading={m.runSchedule.isPending} onClick={() => m.runSchedule.mutate()} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
          {t('backups.run-now')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ marginBlockStart: 2, color: 'text.secondary' }}>
        {last
          ? t('backups.last-verified', { name: last.name, date: new Date(last.date).toLocaleString(i18n.language), rows: last.rows, tables: last.tables })
          : t('backups.never-verified')}
      </Typography>
      {schedule.data?.lastError && <Alert severity="error" sx={{ marginBlockStart: 1 }}>{schedule.data.lastError}</Alert>}
    </Paper>
  );
}
