import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Delete confirmation and other yes/no questions. It does not close while loading. */
export default function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, danger = true, loading = false, onConfirm, onClose } = props;
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={() => !loading && onClose()} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          {t('general.cancel')}
        </Button>
        <Button onClick={onConfirm} color={danger ? 'error' : 'primary'} variant="contained" loading={loading}>
          {confirmLabel ?? t('general.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
