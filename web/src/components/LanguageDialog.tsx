import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckIcon from '@mui/icons-material/Check';
import { changeLanguage } from '../app/language';
import { TRANSLATION_DOCS_URL } from '../app/constants';
import { LOCALES } from '../i18n/locales';
import { computeLocaleProgress } from '../i18n/progress';
// Registers the contract's field messages, which count towards every locale's progress.
import '../lib/validation';

/** Lists every locale with its percent translated (computed from the locale files). */
export default function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [progress, setProgress] = useState<Record<string, number> | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void computeLocaleProgress().then((p) => alive && setProgress(p));
    return () => {
      alive = false;
    };
  }, []);

  const choose = async (code: string) => {
    setSwitching(code);
    await changeLanguage(code);
    setSwitching(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('language-dialog.choose-language')}</DialogTitle>
      <DialogContent dividers sx={{ paddingInline: 0 }}>
        <Typography variant="body2" sx={{ paddingInline: 3, marginBlockEnd: 1, color: 'text.secondary' }}>
          {t('language-dialog.translated-hint')}{' '}
          <Link href={TRANSLATION_DOCS_URL} target="_blank" rel="noopener noreferrer">
            {t('language-dialog.how-to-contribute')}
          </Link>
        </Typography>
        {!progress && <LinearProgress aria-label={t('general.loading')} />}
        <List dense aria-label={t('language-dialog.choose-language')}>
          {LOCALES.map((locale) => {
            const selected = i18n.language === locale.code;
            const percent = progress?.[locale.code];
            return (
              <ListItemButton
                key={locale.code}
                selected={selected}
                aria-current={selected ? 'true' : undefined}
                disabled={switching !== null}
                onClick={() => void choose(locale.code)}
                lang={locale.code}
              >
                <ListItemText
                  primary={locale.name}
                  secondary={
                    percent === undefined ? locale.code : t('language-dialog.percent-translated', { code: locale.code, percent })
                  }
                  slotProps={{ secondary: { dir: 'auto' } }}
                />
                <Box sx={{ width: 24, display: 'flex', justifyContent: 'center' }}>
                  {selected && <CheckIcon color="primary" fontSize="small" aria-hidden />}
                </Box>
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('general.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
