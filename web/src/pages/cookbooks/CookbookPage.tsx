import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SearchIcon from '@mui/icons-material/Search';
import { useCookbooks } from '../../api/hooks/households';
import Page from '../../components/Page';
import RecipeBrowser from '../../components/recipe/RecipeBrowser';
import { useRecipeViewer } from '../../components/recipe/useRecipeViewer';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import NotFoundPage from '../error/NotFoundPage';

/**
 * /g/{groupSlug}/cookbooks/{cookbookSlug}: the recipes the cookbook's filter selects, as cards like the home
 * page (30 at a time, loaded while scrolling), with a search within them kept in the address (?search=).
 * Visitors see a public cookbook of a public household through the explore API.
 */
export default function CookbookPage() {
  const { t } = useTranslation();
  const { groupSlug = '', cookbookSlug = '' } = useParams();
  const viewer = useRecipeViewer(groupSlug);
  const cookbooks = useCookbooks(groupSlug, viewer.own);
  const cookbook = cookbooks.data?.find((c) => c.slug === cookbookSlug || c.id === cookbookSlug);
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const search = useDebouncedValue(text.trim(), 400);

  useEffect(() => {
    if ((params.get('search') ?? '') === search) return;
    const next = new URLSearchParams(params);
    if (search) next.set('search', search);
    else next.delete('search');
    setParams(next, { replace: true });
  }, [search, params, setParams]);

  const filters = useMemo(() => ({ cookbook: cookbook?.id, search: search || undefined }), [cookbook?.id, search]);

  if (cookbooks.isPending) {
    return (
      <Page title={t('cookbook.cookbook')} icon={<MenuBookIcon fontSize="large" />}>
        <Skeleton variant="rounded" height={200} />
      </Page>
    );
  }
  if (cookbooks.isError) {
    return (
      <Page title={t('cookbook.cookbook')} icon={<MenuBookIcon fontSize="large" />}>
        <Alert severity="error">{t('general.load-failed')}</Alert>
      </Page>
    );
  }
  if (!cookbook) return <NotFoundPage />;

  return (
    <Page title={cookbook.name} subtitle={cookbook.description || undefined} icon={<MenuBookIcon fontSize="large" />} maxWidth={1400}>
      <RecipeBrowser
        filters={filters}
        groupSlug={groupSlug}
        explore={!viewer.own}
        header={
          <TextField
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('cookbook.search-in-cookbook')}
            size="small"
            fullWidth
            sx={{ marginBlockEnd: 2, maxWidth: 480 }}
            slotProps={{
              htmlInput: { 'aria-label': t('cookbook.search-in-cookbook'), type: 'search' },
              input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
            }}
          />
        }
      />
    </Page>
  );
}
