import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import OfflinePinIcon from '@mui/icons-material/OfflinePin';
import {
  clearOfflineLibrary, LIMIT_CHOICES_MB, OFFLINE_CACHE, OFFLINE_KINDS, offlineLibraryAvailable, readOfflineManifest, readOfflineSettings,
  requestPersistentStorage, storageReport, syncOfflineLibrary, writeOfflineSettings, type OfflineKind, type OfflineManifest,
  type OfflineSettings, type StorageReport,
} from '../../api/offlineLibrary';
import { toast } from '../../components/toast/toastStore';
import { relativeTime } from '../../lib/relativeTime';
import Section from './Section';

const KIND_LABEL: Record<OfflineKind, string> = {
  planned: 'offline.kind-planned',
  favorites: 'offline.kind-favorites',
  recent: 'offline.kind-recent',
  whole: 'offline.kind-whole',
};

/** Bytes as the user's language writes kB / MB / GB. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit >= 2 ? 1 : 0 }).format(value);
}

/**
 * "Available offline" on the profile page (issue 41): what the offline library keeps (recipes per kind, the
 * meal plan's weeks), the space it and the site take, the choice of what to keep and the size limit, and
 * whether the browser may evict it (persistent storage asked for on request).
 */
export default function OfflineLibrarySection() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [settings, setSettings] = useState<OfflineSettings>(readOfflineSettings);
  const [manifest, setManifest] = useState<OfflineManifest | null>(readOfflineManifest);
  const [report, setReport] = useState<StorageReport | null>(null);
  const [busy, setBusy] = useState(false);
  const available = offlineLibraryAvailable();

  const refreshReport = useCallback(() => {
    if (available) void storageReport().then(setReport);
  }, [available]);
  useEffect(refreshReport, [refreshReport]);

  const update = async (next: OfflineSettings = settings) => {
    setBusy(true);
    try {
      const result = await syncOfflineLibrary(next);
      if (result) setManifest(result);
      else toast.warning(t('offline.update-failed'));
    } finally {
      setBusy(false);
      refreshReport();
    }
  };
  const change = (next: OfflineSettings) => {
    setSettings(next);
    writeOfflineSettings(next);
    void update(next);
  };

  if (!available) {
    return (
      <Section title={t('offline.title')} icon={<OfflinePinIcon />}>
        <Alert severity="info">{t('offline.unsupported')}</Alert>
      </Section>
    );
  }
  const library = report?.caches.find((c) => c.name === OFFLINE_CACHE);
  return (
    <Section title={t('offline.title')} icon={<OfflinePinIcon />}>
      <Box id="offline" data-testid="offline-library">
        <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 2 }}>
          {t('offline.intro')}
        </Typography>
        <FormGroup>
          {OFFLINE_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              control={<Switch checked={settings[kind]} disabled={busy} onChange={(e) => change({ ...settings, [kind]: e.target.checked })} />}
              label={t(KIND_LABEL[kind])}
              sx={{ minHeight: 44 }}
            />
          ))}
        </FormGroup>
        <FormControl size="small" sx={{ minWidth: 200, marginBlock: 2 }}>
          <InputLabel id="offline-limit-label">{t('offline.limit')}</InputLabel>
          <Select labelId="offline-limit-label" label={t('offline.limit')} value={settings.limitMb} disabled={busy} onChange={(e) => change({ ...settings, limitMb: Number(e.target.value) })} sx={{ minHeight: 44 }}>
            {LIMIT_CHOICES_MB.map((mb) => (
              <MenuItem key={mb} value={mb} sx={{ minHeight: 44 }}>
                {formatBytes(mb * 1024 * 1024, locale)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>

        <Box role="status" data-testid="offline-kept" sx={{ marginBlockEnd: 2 }}>
          {manifest ? (
            <>
              <Typography>{t('offline.kept', { count: manifest.recipes, size: formatBytes(library?.bytes ?? manifest.bytes, locale) })}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {OFFLINE_KINDS.map((kind) => t('offline.kind-count', { kind: t(KIND_LABEL[kind]), count: manifest.counts[kind] })).join(' · ')}
              </Typography>
              {manifest.mealplan && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('offline.mealplan', {
                    count: manifest.mealplan.entries,
                    start: new Date(`${manifest.mealplan.start}T00:00:00`).toLocaleDateString(locale, { day: 'numeric', month: 'short' }),
                    end: new Date(`${manifest.mealplan.end}T00:00:00`).toLocaleDateString(locale, { day: 'numeric', month: 'short' }),
                  })}
                </Typography>
              )}
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('offline.updated', { when: relativeTime(manifest.syncedAt, locale) })}
              </Typography>
              {manifest.truncated && (
                <Alert severity="info" sx={{ marginBlockStart: 1 }}>
                  {t('offline.truncated')}
                </Alert>
              )}
            </>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('offline.nothing-yet')}</Typography>
          )}
        </Box>

        {report?.persisted ? (
          <Alert severity="success" data-testid="offline-persisted">
            {t('offline.persisted')}
          </Alert>
        ) : (
          <Alert
            severity="warning"
            data-testid="offline-persisted"
            action={
              <Button
                color="inherit"
                sx={{ minHeight: 44 }}
                onClick={async () => {
                  const granted = await requestPersistentStorage();
                  (granted ? toast.success : toast.warning)(t(granted ? 'offline.persist-granted' : 'offline.persist-refused'));
                  refreshReport();
                }}
              >
                {t('offline.persist')}
              </Button>
            }
          >
            {t('offline.may-be-evicted')}
          </Alert>
        )}

        {report && (
          <Box sx={{ marginBlockStart: 2, overflowX: 'auto' }}>
            {report.usage !== null && (
              <Typography variant="body2" sx={{ marginBlockEnd: 1 }}>
                {report.quota
                  ? t('offline.site-usage', { used: formatBytes(report.usage, locale), quota: formatBytes(report.quota, locale) })
                  : t('offline.site-usage-only', { used: formatBytes(report.usage, locale) })}
              </Typography>
            )}
            <Table size="small" aria-label={t('offline.caches')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('offline.cache')}</TableCell>
                  <TableCell sx={{ textAlign: 'end' }}>{t('offline.entries')}</TableCell>
                  <TableCell sx={{ textAlign: 'end' }}>{t('offline.size')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.caches.map((cache) => (
                  <TableRow key={cache.name}>
                    <TableCell>
                      <bdi>{cache.name}</bdi>
                    </TableCell>
                    <TableCell sx={{ textAlign: 'end' }}>{cache.entries.toLocaleString(locale)}</TableCell>
                    <TableCell sx={{ textAlign: 'end' }}>{formatBytes(cache.bytes, locale)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}

        <Stack direction="row" sx={{ gap: 1, marginBlockStart: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" data-testid="offline-update" disabled={busy} onClick={() => void update()} sx={{ minHeight: 44 }}>
            {busy ? t('offline.updating') : t('offline.update-now')}
          </Button>
          <Button
            disabled={busy}
            onClick={async () => {
              await clearOfflineLibrary();
              setManifest(null);
              refreshReport();
            }}
            sx={{ minHeight: 44 }}
          >
            {t('offline.remove')}
          </Button>
        </Stack>
      </Box>
    </Section>
  );
}
