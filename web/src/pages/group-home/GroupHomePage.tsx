import { useTranslation } from 'react-i18next';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import EmptyState from '../../components/EmptyState';
import Page from '../../components/Page';

/** /g/{groupSlug}: the recipes home. The recipe list itself comes with the recipes work. */
export default function GroupHomePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('recipe.recipes')} icon={<RestaurantMenuIcon fontSize="large" />}>
      <EmptyState icon={<RestaurantMenuIcon />} title={t('recipe.no-recipes-found')} />
    </Page>
  );
}
