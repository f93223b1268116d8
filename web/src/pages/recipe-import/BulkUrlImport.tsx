import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { useBulkImport, useReports } from '../../api/hooks/imports';
import BulkReportView from './BulkReportView';
import ImportError from './ImportError';
import { MAX_BULK_URLS, readUrlList } from './importText';

/** Recent bulk imports of the group, to look at again. */
function RecentBulkImports() {
  const { t, i18n } = useTranslation();
  const { data = [] } = useReports('bulk_import');
  if (data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="recent-bulk-title" sx={{ marginBlockStart: 3 }}>
      <Typography id="recent-bulk-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('recipe-import.bulk.recent')}
      </Typography>
      <List dense disablePadding>
        {data.slice(0, 5).map((report) => (
          <ListItem key={report.id} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={`?mode=bulk&report=${encodeURIComponent(report.id)}`}>
                  {report.name}
                </Link>
              }
              secondary={`${t(`recipe-import.bulk.status.${report.status}`)} · ${new Date(report.timestamp).toLocaleString(i18n.language)}`}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Many URLs at once, one a line: POST /api/recipes/create/url/bulk, then the report of how each went. */
export default function BulkUrlImport() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const reportId = params.get('report');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The URLs sent, per report, so each row shows from the start (a reloaded page reads them from the report).
  const [sent, setSent] = useState<Record<string, string[]>>({});
  const bulk = useBulkImport();
  const list = readUrlList(text);
  const tooMany = list.urls.length > MAX_BULK_URLS;

  const problem = tooMany
    ? t('recipe-import.bulk.too-many', { max: MAX_BULK_URLS })
    : list.invalid.length > 0
      ? t('recipe-import.bulk.invalid-lines', { lines: list.invalid.map((l) => l.line).join(', '), message: t('validators.url') })
      : submitted && list.urls.length === 0
        ? t('validators.required')
        : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (list.urls.length === 0 || list.invalid.length > 0 || tooMany) return;
    const urls = list.urls;
    bulk.mutate(urls, {
      onSuccess: ({ reportId: id }) => {
        setSent((s) => ({ ...s, [id]: urls }));
        setText('');
        setSubmitted(false);
        setParams({ mode: 'bulk', report: id });
      },
    });
  };

  if (reportId) {
    return (
      <>
        <BulkReportView reportId={reportId} urls={sent[reportId] ?? null} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 2 }}>
          <Button variant="outlined" startIcon={<PlaylistAddIcon />} onClick={() => setParams({ mode: 'bulk' })}>
            {t('recipe-import.bulk.more')}
          </Button>
        </Box>
      </>
    );
  }

  const counts = [
    t('recipe-import.bulk.count', { count: list.urls.length }),
    ...(list.duplicates > 0 ? [t('recipe-import.bulk.duplicates', { count: list.duplicates })] : []),
  ].join(' · ');

  return (
    <Paper sx={{ padding: { xs: 2, sm: 3 } }}>
      <Typography sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>{t('recipe-import.bulk.description')}</Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('recipe-import.bulk.label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={6}
          maxRows={16}
          required
          error={Boolean(problem)}
          helperText={problem ?? counts}
          placeholder={'https://example.com/recipe-1\nhttps://example.com/recipe-2'}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', dir: 'ltr' } }}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', marginBlockStart: 1 }}>
          <Button type="submit" variant="contained" startIcon={<PlaylistAddIcon />} loading={bulk.isPending}>
            {t('recipe-import.bulk.start')}
          </Button>
        </Stack>
      </Box>
      {!bulk.isPending && <ImportError error={bulk.error} />}
      <RecentBulkImports />
    </Paper>
  );
}
