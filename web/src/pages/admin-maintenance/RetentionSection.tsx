import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMaintenanceClean, useMaintenanceRetention } from '../../api/hooks/backups';
import { relativeTime } from '../../lib/relativeTime';

/**
 * The tables that only ever grow (events, finished jobs, delivery logs): rows, size and days kept of each,
 * the last clean-up (when, rows removed) and the next, and a button that runs one now.
 */
export default function RetentionSection() {
  const { t, i18n } = useTranslation();
  const retention = useMaintenanceRetention();
  const clean = useMaintenanceClean();
  const [result, setResult] = useState<string | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const when = (iso: string) => relativeTime(iso, i18n.language);
  const last = retention.data?.lastRun;

  return (
    <Box component="section" aria-labelledby="retention-heading" sx={{ marginBlockEnd: 3 }}>
      <Typography id="retention-heading" variant="h6" component="h2" sx={{ marginBlockEnd: 0.5 }}>{t('backups.retention')}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>{t('backups.retention-help')}</Typography>
      {retention.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {/* Scrolls sideways on a narrow phone: focusable so a keyboard can scroll it too. */}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-labelledby="retention-heading" sx={{ marginBlockEnd: 1 }}>
        <Table size="small" aria-labelledby="retention-heading">
          <TableHead>
            <TableRow>
              <TableCell>{t('backups.retention-table')}</TableCell>
              <TableCell sx={{ textAlign: 'end' }}>{t('backups.retention-rows')}</TableCell>
              <TableCell sx={{ textAlign: 'end' }}>{t('backups.retention-size')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(retention.data?.tables ?? []).map((table) => (
              <TableRow key={table.name} data-testid="retention-table">
                <TableCell>
                  <Typography variant="body2">{t(`backups.retention-name-${table.name.replace('.', '-')}`)}</Typography>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{table.name}</Box>
                    {' · '}
                    {t('backups.retention-days')}: {table.keepDays === 0 ? t('backups.retention-forever') : <bdi>{number.format(table.keepDays)}</bdi>}
                  </Typography>
                </TableCell>
                <TableCell sx={{ textAlign: 'end' }}><bdi>{number.format(table.rows)}</bdi></TableCell>
                <TableCell sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}><bdi>{table.size ?? '—'}</bdi></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Paper variant="outlined" sx={{ padding: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Stack sx={{ flex: '1 1 240px', minWidth: 0 }} data-testid="retention-last">
          <Typography>{t('backups.clean-retention')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {last ? t('backups.retention-last', { when: when(last.at), rows: number.format(last.total) }) : retention.data ? t('backups.retention-never') : '…'}
            {retention.data?.nextRunAt ? ` ${t('backups.retention-next', { when: when(retention.data.nextRunAt) })}` : ''}
            {result ? ` ${result}` : ''}
          </Typography>
          {last?.error && <Alert severity="warning" sx={{ marginBlockStart: 1 }}>{t('backups.retention-error', { error: last.error })}</Alert>}
        </Stack>
        <Button
          variant="outlined"
          color="warning"
          onClick={() => clean.mutate('retention', { onSuccess: (data) => setResult(data.message) })}
          loading={clean.isPending && clean.variables === 'retention'}
          sx={{ minHeight: 44 }}
        >
          {t('backups.clean')}
        </Button>
      </Paper>
    </Box>
  );
}
