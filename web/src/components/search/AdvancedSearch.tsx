import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CasinoIcon from '@mui/icons-material/Casino';
import FilterListIcon from '@mui/icons-material/FilterList';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import { useRandomRecipe } from '../../api/hooks/search';
import { recipePath } from '../../lib/recipe/paths';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { toast } from '../toast/toastStore';
import {
  emptySearch,
  FILTER_KEYS,
  newSeed,
  ORDER_KEYS,
  SEARCH_DEBOUNCE_MS,
  toRecipeQuery,
  type OrderKey,
} from './searchParams';
import { useSearchState } from './useSearchState';

// The filter panel (autocompletes and their option lists) loads when it is first opened.
const SearchFilters = lazy(() => import('./SearchFilters'));

/**
 * The group home's search bar: text, organizer/food/household filters with require-all switches, ordering
 * and direction, all kept in the address so a search can be shared and reloaded. Plus a random recipe.
 */
export default function AdvancedSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groupSlug } = useParams();
  const panelId = useId();
  const [state, update] = useSearchState();
  const random = useRandomRecipe();
  const filterCount = FILTER_KEYS.reduce((n, key) => n + state[key].length, 0);
  // A shared search opens with its filters showing, except on phones where they would hide the results.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), { noSsr: true });
  const [open, setOpen] = useState(filterCount > 0 && wide);

  // The text is typed here and reaches the address (and the list) debounced.
  // `synced` is the text the address last had, so typing and address changes (reset, back) never fight.
  const [text, setText] = useState(state.search);
  const synced = useRef(state.search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced === synced.current) return;
    synced.current = debounced;
    update({ search: debounced });
  }, [debounced, update]);
  useEffect(() => {
    if (state.search === synced.current) return;
    synced.current = state.search;
    setText(state.search);
  }, [state.search]);

  const setOrder = (orderBy: OrderKey) => update({ orderBy, paginationSeed: orderBy === 'random' ? newSeed() : '' });

  const openRandom = () => {
    const { orderBy: _o, orderDirection: _d, paginationSeed: _s, ...filters } = toRecipeQuery(state);
    random.mutate(filters, {
      onSuccess: (recipe) => {
        if (recipe) navigate(recipePath(groupSlug, recipe.slug));
        else toast.info(t('recipe.no-recipes-found'));
      },
      onError: () => toast.error(t('discover.advanced.random-failed')),
    });
  };

  const reset = () => {
    setText('');
    update(emptySearch);
  };

  const ascending = state.orderDirection === 'asc';
  return (
    <Paper variant="outlined" role="search" sx={{ padding: { xs: 1.5, sm: 2 }, marginBlockEnd: 3 }} aria-label={t('search.advanced-search')}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('search.search-placeholder')}
          margin="none"
          size="small"
          type="search"
          sx={{ flex: '1 1 240px' }}
          slotProps={{
            htmlInput: { 'aria-label': t('search.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            margin="none"
            label={t('discover.advanced.order-by')}
            value={state.orderBy}
            onChange={(e) => setOrder(e.target.value as OrderKey)}
            sx={{ minWidth: 150 }}
          >
            {ORDER_KEYS.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`discover.advanced.order.${key}`)}
              </MenuItem>
            ))}
          </TextField>
          {state.orderBy === 'random' ? (
            <IconButton aria-label={t('discover.advanced.shuffle')} title={t('discover.advanced.shuffle')} onClick={() => update({ paginationSeed: newSeed() })}>
              <ShuffleIcon />
            </IconButton>
          ) : (
            <IconButton
              aria-label={ascending ? t('discover.advanced.ascending') : t('discover.advanced.descending')}
              title={ascending ? t('discover.advanced.ascending') : t('discover.advanced.descending')}
              onClick={() => update({ orderDirection: ascending ? 'desc' : 'asc' })}
            >
              {ascending ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
            </IconButton>
          )}
        </Stack>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={panelId}
            startIcon={
              <Badge badgeContent={filterCount} color="primary">
                <FilterListIcon />
              </Badge>
            }
          >
            {t('discover.advanced.filters')}
          </Button>
          <Button onClick={openRandom} loading={random.isPending} startIcon={<CasinoIcon />}>
            {t('discover.advanced.random')}
          </Button>
          <IconButton aria-label={t('discover.advanced.reset')} title={t('discover.advanced.reset')} onClick={reset}>
            <RestartAltIcon />
          </IconButton>
        </Box>
      </Stack>
      <Collapse in={open} id={panelId} unmountOnExit>
        <Box sx={{ paddingBlockStart: 2 }}>
          <Suspense fallback={<LinearProgress aria-label={t('general.loading')} />}>
            <SearchFilters state={state} update={update} />
          </Suspense>
        </Box>
      </Collapse>
    </Paper>
  );
}
