import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSeed, type SeederKind } from '../../api/hooks/data';
import { currentLocale } from '../../i18n';
import { DEFAULT_LOCALE, findLocale, LOCALES } from '../../i18n/locales';

/** POST /api/groups/seeders/{kind} {locale}: adds the built-in foods, units or labels in a language. */
export default function SeedDialog({ kind, open, onClose }: { kind: SeederKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const seed = useSeed();
  const [locale, setLocale] = useState(DEFAULT_LOCALE);

  useEffect(() => {
    if (open) setLocale(findLocale(currentLocale())?.code ?? DEFAULT_LOCALE);
  }, [open]);

  const submit = () => seed.mutate({ kind, locale }, { onSuccess: onClose });

  return (
    <Dialog open={open} onClose={() => !seed.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t(`organize.data.seed-${kind}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ marginBlockEnd: 1 }}>{t(`organize.data.seed-${kind}-hint`)}</DialogContentText>
        <TextField select label={t('organize.data.seed-language')} value={locale} onChange={(e) => setLocale(e.target.value)}>
          {LOCALES.map((l) => (
            <MenuItem key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={seed.isPending}>
          {t('general.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={seed.isPending}>
          {t('organize.data.seed')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
