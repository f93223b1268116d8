import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import { useRecipeSearch } from '../api/hooks/search';
import SearchResultCard from './search/SearchResultCard';
import { moveFocus } from './search/searchParams';

interface RecipeSearchDialogProps {
  open: boolean;
  onClose: () => void;
  groupSlug: string | null;
}

/**
 * The recipe search dialog (spec §2, §7): a search field, a 'Results' heading, the advanced search link
 * and recipe cards. Searching is debounced (500 ms) with a loading bar; arrow keys move between results
 * and Enter opens the focused one. It closes on route change and clears its query when it closes.
 */
export default function RecipeSearchDialog({ open, onClose, groupSlug }: RecipeSearchDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [query, setQuery] = useState('');
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const { results, loading, searched } = useRecipeSearch(open ? query : '');

  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = pathname;
      onClose();
    }
  }, [pathname, onClose]);

  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);

  const focusResult = (index: number) => {
    if (index < 0) inputRef.current?.focus();
    else resultRefs.current[index]?.focus();
  };

  const onFieldKey = (e: KeyboardEvent) => {
    if (results.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusResult(moveFocus(-1, e.key === 'ArrowDown' ? 1 : -1, results.length));
    }
  };

  const onResultKey = (index: number) => (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusResult(moveFocus(index, 1, results.length));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      // Up from the first result goes back to the search field.
      focusResult(index === 0 ? -1 : moveFocus(index, -1, results.length));
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== ' ') {
      // Typing on a result carries on in the search field.
      inputRef.current?.focus();
    }
  };

  const advanced = groupSlug ? `/g/${encodeURIComponent(groupSlug)}` : '/';
  const trimmed = query.trim();
  let status = t('search.start-typing');
  if (trimmed && searched) status = results.length ? t('discover.search.result-count', { count: results.length }) : t('recipe.no-recipes-found');
  else if (trimmed) status = t('general.loading');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={fullScreen}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 988, alignSelf: 'flex-start', marginBlockStart: fullScreen ? 0 : 6 } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingBlockEnd: 1 }}>
        <SearchIcon color="primary" aria-hidden />
        <span style={{ flex: 1 }}>{t('search.search')}</span>
        <IconButton aria-label={t('general.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', paddingBlockEnd: 2 }}>
        <TextField
          autoFocus
          inputRef={inputRef}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onFieldKey}
          placeholder={t('search.search-placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('search.search'), type: 'search', autoComplete: 'off', 'aria-describedby': `${titleId}-status` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('general.loading')} />}</Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', marginBlock: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('search.results')}
          </Typography>
          <Button href={advanced} onClick={onClose} size="small" startIcon={<TuneIcon />} sx={{ minHeight: 44 }}>
            {t('search.advanced-search')}
          </Button>
        </Stack>
        <Typography id={`${titleId}-status`} variant="body2" aria-live="polite" sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>
          {status}
        </Typography>
        <Box
          sx={{
            height: fullScreen ? 'auto' : 'min(700px, calc(100dvh - 300px))',
            flex: fullScreen ? 1 : 'none',
            overflowY: 'auto',
            paddingBlock: 0.5,
          }}
        >
          <Box
            component="ul"
            aria-label={t('search.results')}
            sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
          >
            {results.map((recipe, index) => (
              <li key={recipe.id}>
                <SearchResultCard
                  recipe={recipe}
                  groupSlug={groupSlug}
                  linkRef={(el) => {
                    resultRefs.current[index] = el;
                  }}
                  onKeyDown={onResultKey(index)}
                />
              </li>
            ))}
          </Box>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
