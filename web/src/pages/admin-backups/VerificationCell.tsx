import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { BackupVerification } from '../../../../contract/backups';

/**
 * A backup's own check: verified (with what was read back, in a tooltip and for screen readers), why it cannot
 * be restored, or not checked; and its copy to S3 when BACKUP_COPY_TO_S3 is on.
 */
export default function VerificationCell({ verification }: { verification: BackupVerification | null }) {
  return (
    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
      <Verification verification={verification} testId="backup-check" />
    </TableCell>
  );
}

/** The same check as a line under the backup's name, where a phone has no room for a column of its own. */
export function VerificationLine({ verification }: { verification: BackupVerification | null }) {
  return (
    <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
      <Verification verification={verification} />
    </Box>
  );
}

function Verification({ verification, testId }: { verification: BackupVerification | null; testId?: string }) {
  const { t } = useTranslation();
  if (!verification) {
    return (
      <>
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', color: 'text.secondary' }}>
          <HelpOutlineIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{t('backups.not-checked')}</Typography>
        </Stack>
      </>
    );
  }
  const detail = verification.ok
    ? t('backups.verified-detail', { rows: verification.rows, tables: verification.tables, files: verification.files, sha: verification.sha256?.slice(0, 12) })
    : (verification.error ?? '');
  return (
    <Box data-testid={testId}>
      <Tooltip title={<bdi>{detail}</bdi>}>
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', color: verification.ok ? 'success.main' : 'error.main' }} tabIndex={0} aria-label={`${verification.ok ? t('backups.verified') : t('backups.check-failed')}. ${detail}`}>
          {verification.ok ? <VerifiedIcon fontSize="small" aria-hidden /> : <ErrorIcon fontSize="small" aria-hidden />}
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{verification.ok ? t('backups.verified') : t('backups.check-failed')}</Typography>
        </Stack>
      </Tooltip>
      {!verification.ok && (
        <Typography variant="caption" sx={{ display: 'block', color: 'error.main', wordBreak: 'break-word' }}>
          <bdi>{verification.error}</bdi>
        </Typography>
      )}
      {verification.copiedAt && (
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', color: 'text.secondary' }}>
          <CloudDoneIcon fontSize="inherit" aria-hidden />
          <Typography variant="caption">{t('backups.copied-s3')}</Typography>
        </Stack>
      )}
      {verification.copyError && (
        <Typography variant="caption" sx={{ display: 'block', color: 'error.main' }}>
          {t('backups.copy-failed', { error: verification.copyError })}
        </Typography>
      )}
    </Box>
  );
}
