import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import type { ReportStatus } from '../../../../contract/reports';
import { useImportReport } from '../../api/hooks/imports';
import PageLoader from '../../components/PageLoader';
import { recipePath } from '../../lib/recipe/paths';
import { bulkRows, type BulkRow } from './importText';

const STATUS_COLOR: Record<ReportStatus, 'info' | 'success' | 'error' | 'warning'> = {
  'in-progress': 'info',
  success: 'success',
  failure: 'error',
  partial: 'warning',
};

function RowIcon({ row, current }: { row: BulkRow; current: boolean }) {
  if (row.state === 'success') return <CheckCircleIcon color="success" />;
  if (row.state === 'failure') return <ErrorIcon color="error" />;
  return current ? <CircularProgress size={20} aria-hidden /> : <HourglassEmptyIcon color="disabled" />;
}

/** A bulk import as it goes: the report is polled while in progress; each URL shows its outcome. */
export default function BulkReportView({ reportId, urls }: { reportId: string; urls: string[] | null }) {
  const { t } = useTranslation();
  const { groupSlug = '' } = useParams();
  const report = useImportReport(reportId);
  if (report.isPending) return <PageLoader />;
  if (report.isError) return <Alert severity="error">{t('recipe-import.bulk.report-missing')}</Alert>;

  const { status, name, entries } = report.data;
  const running = status === 'in-progress';
  const rows = bulkRows(urls, entries);
  const done = rows.filter((r) => r.state !== 'waiting').length;
  const succeeded = rows.filter((r) => r.state === 'success').length;
  const total = urls?.length ?? null;
  // The URLs are imported in turn: the first one still waiting is the one being imported.
  const current = running ? rows.findIndex((r) => r.state === 'waiting') : -1;

  return (
    <Paper sx={{ padding: { xs: 2, sm: 3 } }} component="section" aria-labelledby="bulk-report-title" data-testid="bulk-report">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="bulk-report-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {name}
        </Typography>
        <Chip color={STATUS_COLOR[status]} label={t(`recipe-import.bulk.status.${status}`)} variant={running ? 'outlined' : 'filled'} />
      </Stack>
      <Box role="status" aria-live="polite" sx={{ marginBlock: 1.5 }}>
        {running && (
          <LinearProgress
            variant={total ? 'determinate' : 'indeterminate'}
            value={total ? (done / total) * 100 : undefined}
            aria-label={t('recipe-import.bulk.progress-label')}
          />
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 1 }}>
          {total
            ? t('recipe-import.bulk.progress', { done, total, succeeded })
            : t('recipe-import.bulk.progress-unknown', { done, succeeded })}
        </Typography>
      </Box>
      <List dense disablePadding>
        {rows.map((row, i) => (
          <ListItem key={`${row.url}-${i}`} disableGutters alignItems="flex-start" data-testid="bulk-row" data-state={row.state}>
            <ListItemIcon sx={{ minWidth: 36, marginBlockStart: 0.5 }}>
              <RowIcon row={row} current={i === current} />
            </ListItemIcon>
            <ListItemText
              primary={
                <Box component="bdi" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
                  {row.url}
                </Box>
              }
              secondary={
                row.state === 'success' ? (
                  row.slug ? (
                    <Link component={RouterLink} to={recipePath(groupSlug, row.slug)}>
                      {t('recipe-import.bulk.open', { name: row.name ?? row.slug })}
                    </Link>
                  ) : (
                    t('recipe-import.bulk.imported')
                  )
                ) : row.state === 'failure' ? (
                  <Box component="span" sx={{ color: 'error.main' }} dir="auto">
                    {row.reason || t('recipe-import.failed-title')}
                  </Box>
                ) : i === current ? (
                  t('recipe-import.bulk.importing')
                ) : running ? (
                  t('recipe-import.bulk.waiting')
                ) : (
                  t('recipe-import.bulk.not-processed')
                )
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
