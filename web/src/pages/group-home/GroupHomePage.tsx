import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import Page from '../../components/Page';
import CreateRecipeMenu from '../../components/recipe/CreateRecipeMenu';
import RecipeBrowser from '../../components/recipe/RecipeBrowser';
import AdvancedSearch from '../../components/search/AdvancedSearch';
import { filtersFromSearchParams } from '../../lib/recipe/listParams';

/**
 * /g/{groupSlug}: the recipes home. The list follows the address's query (search, categories, tags,
 * tools, foods, households, requireAll*, orderBy, orderDirection; see lib/recipe/listParams.ts), so a
 * search bar only has to write those parameters; RecipeBrowser's `header` is where it goes.
 */
export default function GroupHomePage() {
  const { t } = useTranslation();
  const { groupSlug = '' } = useParams();
  const [params] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(query)), [query]);
  return (
    <Page title={t('recipe.recipes')} icon={<RestaurantMenuIcon fontSize="large" />} maxWidth={1400} actions={<CreateRecipeMenu groupSlug={groupSlug} />}>
      <RecipeBrowser filters={filters} groupSlug={groupSlug} header={<AdvancedSearch />} />
    </Page>
  );
}
