import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { useCurrentUser } from '../../api/hooks/auth';
import { useFoods } from '../../api/hooks/data';
import { useOrganizers } from '../../api/hooks/organizers';
import { useRecipeSuggestions, type RecipeSuggestion } from '../../api/hooks/search';
import EmptyState from '../../components/EmptyState';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import RecipeList from '../../components/search/RecipeList';
import { readStorage, writeStorage } from '../../lib/storage';
import FinderFilters from './FinderFilters';
import { canSuggest, FINDER_PREFS_KEY, parseFinderPrefs, suggestionsQuery, type FinderPrefs } from './finderPrefs';

function Missing({ suggestion }: { suggestion: RecipeSuggestion }) {
  const { t } = useTranslation();
  const missing = [...suggestion.missingFoods, ...suggestion.missingTools];
  if (missing.length === 0) {
    return (
      <Box sx={{ paddingInline: 0.5, paddingBlock: 1 }}>
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label={t('discover.finder.nothing-missing')} />
      </Box>
    );
  }
  return (
    <Box sx={{ paddingInline: 0.5, paddingBlock: 1 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', marginBlockEnd: 0.5 }}>
        {t('discover.finder.missing', { count: missing.length })}
      </Typography>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {missing.map((item) => (
          <Chip key={item.id} size="small" variant="outlined" color="warning" label={item.name} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * /g/{groupSlug}/recipes/finder: pick the foods and tools at hand and see which recipes can be made, with
 * what is missing (GET /api/recipes/suggestions). The preferences and picks are kept in localStorage.
 */
export default function RecipeFinderPage() {
  const { t } = useTranslation();
  const { groupSlug = '' } = useParams();
  const [prefs, setPrefs] = useState<FinderPrefs>(() => parseFinderPrefs(readStorage(FINDER_PREFS_KEY)));
  const foods = useFoods('');
  const tools = useOrganizers('tools');
  const { user } = useCurrentUser();

  useEffect(() => {
    writeStorage(FINDER_PREFS_KEY, JSON.stringify(prefs));
  }, [prefs]);

  const onHand = useMemo(
    () => ({ foods: (foods.data ?? []).filter((f) => f.onHand).length, tools: (tools.data ?? []).filter((x) => x.onHand).length }),
    [foods.data, tools.data],
  );
  // Picks kept from an earlier visit whose food or tool is gone count as nothing picked: the pickers show
  // none of them, so the results must not pretend something was chosen.
  const picked = useMemo(() => {
    const foodIds = new Set((foods.data ?? []).map((f) => f.id));
    const toolIds = new Set((tools.data ?? []).map((x) => x.id));
    return { ...prefs, foods: prefs.foods.filter((id) => foodIds.has(id)), tools: prefs.tools.filter((id) => toolIds.has(id)) };
  }, [prefs, foods.data, tools.data]);
  const ready = foods.isSuccess && tools.isSuccess && canSuggest(picked, onHand);
  const suggestions = useRecipeSuggestions(suggestionsQuery(picked), ready);
  const noFoods = foods.isSuccess && foods.data.length === 0;
  const byId = useMemo(() => new Map((suggestions.data ?? []).map((s) => [s.recipe.id, s])), [suggestions.data]);

  let results;
  if (!ready) results = <EmptyState icon={<ManageSearchIcon />} title={t('discover.finder.pick-something')} />;
  else if (suggestions.unavailable) results = <Alert severity="info">{t('discover.finder.unavailable')}</Alert>;
  else if (suggestions.isError) results = <Alert severity="error">{t('general.load-failed')}</Alert>;
  else if (suggestions.isPending) results = <PageLoader />;
  else
    results = (
      <RecipeList
        recipes={suggestions.data.map((s) => s.recipe)}
        groupSlug={groupSlug}
        emptyTitle={t('discover.finder.no-suggestions')}
        footer={(recipe) => {
          const suggestion = byId.get(recipe.id);
          return suggestion ? <Missing suggestion={suggestion} /> : null;
        }}
      />
    );

  return (
    <Page title={t('recipe-finder.recipe-finder')} subtitle={t('discover.finder.subtitle')} icon={<ManageSearchIcon fontSize="large" />} maxWidth={1400}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '320px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box>
          {noFoods && (
            <Alert severity="info" sx={{ marginBlockEnd: 2 }} data-testid="finder-no-foods">
              {t('recipe-ui.finder.no-foods')}{' '}
              {user?.canOrganize && (
                <Link component={RouterLink} to={`/g/${encodeURIComponent(groupSlug)}/data/foods`}>
                  {t('recipe-ui.finder.parse-link')}
                </Link>
              )}
            </Alert>
          )}
          <FinderFilters
            prefs={prefs}
            foods={foods.data ?? []}
            tools={tools.data ?? []}
            loading={foods.isPending || tools.isPending}
            foodsOnHand={onHand.foods}
            onChange={(next) => setPrefs((p) => ({ ...p, ...next }))}
          />
        </Box>
        <Box component="section" aria-label={t('search.results')} aria-busy={suggestions.isFetching}>
          {results}
        </Box>
      </Box>
    </Page>
  );
}
