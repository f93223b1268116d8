import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';

interface RecipeSearchDialogProps {
  open: boolean;
  onClose: () => void;
  groupSlug: string | null;
}

/**
 * The recipe search dialog (spec §2): a search field, a 'Results' heading and the advanced search link.
 * Results themselves arrive with the recipe search work; this shell already closes on route change
 * and clears its query when it closes.
 */
export default function RecipeSearchDialog({ open, onClose, groupSlug }: RecipeSearchDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [query, setQuery] = useState('');
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = pathname;
      onClose();
    }
  }, [pathname, onClose]);

  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);

  const advanced = groupSlug ? `/g/${encodeURIComponent(groupSlug)}` : '/';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: { maxWidth: 988, alignSelf: 'flex-start', marginBlockStart: fullScreen ? 0 : 8 } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SearchIcon color="primary" aria-hidden />
        <span style={{ flex: 1 }}>{t('search.search')}</span>
        <IconButton aria-label={t('general.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('search.search-placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('search.search'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', marginBlockStart: 2, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('search.results')}
          </Typography>
          <Button href={advanced} size="small">
            {t('search.advanced-search')}
          </Button>
        </Stack>
        <Typography sx={{ minHeight: 120, color: 'text.secondary', paddingBlock: 2 }} aria-live="polite">
          {query.trim() ? t('search.no-results') : t('search.start-typing')}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
