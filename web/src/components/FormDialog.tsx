import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/** A dialog wrapping a form: title, fields, Cancel and a submit button. It stays open while saving. */
export default function FormDialog(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const { open, title, submitLabel, saving, onClose, onSubmit, children } = props;
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={() => !saving && onClose()} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('general.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
