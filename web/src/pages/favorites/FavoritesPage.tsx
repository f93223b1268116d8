import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import FavoriteIcon from '@mui/icons-material/Favorite';
import { useCurrentUser } from '../../api/hooks/auth';
import { useFavoriteRecipes } from '../../api/hooks/search';
import Page from '../../components/Page';
import { CardsSkeleton } from '../../components/PageSkeleton';
import RecipeList from '../../components/search/RecipeList';

/** /user/{id}/favorites: the user's favourite recipes (GET /api/users/{id}/favorites) as recipe cards. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const favorites = useFavoriteRecipes(id);
  const own = user?.id === id;

  return (
    <Page title={t('user.favorite-recipes')} subtitle={own ? t('discover.favorites.own-subtitle') : undefined} icon={<FavoriteIcon fontSize="large" />}>
      {favorites.isPending && <CardsSkeleton />}
      {favorites.unavailable && <Alert severity="info">{t('discover.favorites.unavailable')}</Alert>}
      {favorites.error && !favorites.unavailable && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {!favorites.isPending && !favorites.error && (
        <RecipeList recipes={favorites.recipes} groupSlug={user?.groupSlug} emptyTitle={t('discover.favorites.none')} />
      )}
    </Page>
  );
}
