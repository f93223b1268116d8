import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useBackupMutations, useBackupSchedule } from '../../api/hooks/backups';

/** Weekday names in the reader's language, Sunday (0) first: 2023-01-01 was a Sunday. */
function weekdays(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2023, 0, 1 + day))));
}

/** The daily and weekly backups: on/off, time (UTC), the weekly day, how many to keep, the last verified one, and "run now". */
export default function ScheduleCard() {
  const { t, i18n } = useTranslation();
  const schedule = useBackupSchedule();
  const m = useBackupMutations();
  const [enabled, setEnabled] = useState(false);
  const [time, setTime] = useState('03:00');
  const [keep, setKeep] = useState(7);
  const [weekly, setWeekly] = useState({ enabled: false, day: 0, keep: 4 });

  useEffect(() => {
    if (!schedule.data) return;
    setEnabled(schedule.data.enabled);
    setTime(schedule.data.time);
    setKeep(schedule.data.keep);
    setWeekly(schedule.data.weekly);
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
        <Button variant="contained" loading={m.saveSchedule.isPending} onClick={() => m.saveSchedule.mutate({ enabled, time, keep, weekly })} sx={{ minHeight: 44, flexShrink: 0, whiteSpace: 'nowrap' }}>
          {t('general.save')}
        </Button>
        <Button variant="outlined" loading={m.runSchedule.isPending} onClick={() => m.runSchedule.mutate()} sx={{ minHeight: 44, flexShrink: 0, whiteSpace: 'nowrap' }}>
          {t('backups.run-now')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, marginBlockStart: 2 }}>
        <FormControlLabel
          control={<Switch checked={weekly.enabled} onChange={(e) => setWeekly({ ...weekly, enabled: e.target.checked })} />}
          label={t('backups.weekly-enabled')}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <TextField select label={t('backups.weekly-day')} value={weekly.day} onChange={(e) => setWeekly({ ...weekly, day: Number(e.target.value) })} size="small" sx={{ minWidth: 160 }}>
          {weekdays(i18n.language).map((name, day) => (
            <MenuItem key={day} value={day} sx={{ minHeight: 44 }}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('backups.weekly-keep')}
          type="number"
          value={weekly.keep}
          onChange={(e) => setWeekly({ ...weekly, keep: Math.max(1, Math.min(104, Number(e.target.value) || 1)) })}
          size="small"
          slotProps={{ htmlInput: { min: 1, max: 104 } }}
        />
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
