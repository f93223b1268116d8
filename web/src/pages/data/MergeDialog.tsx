import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

interface Named {
  id: string;
  name: string;
}

/**
 * Merge one food (or unit) into another: every reference to the first (ingredients, shopping items…)
 * moves to the second, then the first is deleted. The dialog says so before it asks.
 */
export default function MergeDialog<T extends Named>({
  open,
  title,
  explanation,
  items,
  initialFrom,
  saving,
  onClose,
  onMerge,
}: {
  open: boolean;
  title: string;
  /** Receives the two names once both are picked. */
  explanation: (from: string, to: string) => string;
  items: T[];
  initialFrom?: T | null;
  saving: boolean;
  onClose: () => void;
  onMerge: (from: T, to: T) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [from, setFrom] = useState<T | null>(null);
  const [to, setTo] = useState<T | null>(null);

  useEffect(() => {
    if (open) {
      setFrom(initialFrom ?? null);
      setTo(null);
    }
  }, [open, initialFrom]);

  const ready = from !== null && to !== null && from.id !== to.id;
  const common = {
    options: items,
    getOptionLabel: (o: T) => o.name,
    isOptionEqualToValue: (a: T, b: T) => a.id === b.id,
  };

  return (
    <Dialog open={open} onClose={() => !saving && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Autocomplete
          {...common}
          value={from}
          onChange={(_, v) => setFrom(v)}
          renderInput={(params) => <TextField {...params} label={t('organize.data.merge-from')} />}
        />
        <Autocomplete
          {...common}
          value={to}
          onChange={(_, v) => setTo(v)}
          getOptionDisabled={(o) => o.id === from?.id}
          renderInput={(params) => <TextField {...params} label={t('organize.data.merge-to')} />}
        />
        <Alert severity="warning" sx={{ marginBlockStart: 2 }}>
          {ready ? explanation(from.name, to.name) : t('organize.data.merge-pick-both')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('general.cancel')}
        </Button>
        <Button variant="contained" color="warning" disabled={!ready} loading={saving} onClick={() => ready && onMerge(from, to)}>
          {t('organize.data.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
