import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CategoryIcon from '@mui/icons-material/Category';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HistoryIcon from '@mui/icons-material/History';
import KitchenIcon from '@mui/icons-material/Kitchen';
import EggIcon from '@mui/icons-material/Egg';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ScaleIcon from '@mui/icons-material/Scale';
import LabelIcon from '@mui/icons-material/Label';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import SearchIcon from '@mui/icons-material/ManageSearch';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StyleIcon from '@mui/icons-material/Style';
import BookIcon from '@mui/icons-material/Book';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeIcon from '@mui/icons-material/Home';
import PeopleIcon from '@mui/icons-material/People';
import BoltIcon from '@mui/icons-material/Bolt';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import WebhookIcon from '@mui/icons-material/Webhook';
import { useCookbookPrefs } from '../../lib/householdPrefs';
import { useCurrentUser } from '../../api/hooks/auth';
import { useSidebarCookbooks } from '../../api/hooks/household';
import { AUTOMATION_FLAGS } from '../automation-access';
import UserAvatar from '../../components/UserAvatar';
import SidebarNav, { type NavLink } from './SidebarNav';
import { groupHome, useGroupContext } from './useGroupSlug';

/** The default layout's sidebar: the user, then top, secondary (cookbooks) and bottom link lists. */
export default function DefaultSidebar() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { groupSlug, isOwnGroup } = useGroupContext();
  const { data: allCookbooks = [] } = useSidebarCookbooks(isOwnGroup);
  const [cookbookPrefs] = useCookbookPrefs();
  // The cookbook.hideOtherHouseholds preference leaves only the user's own household's cookbooks.
  const cookbooks = cookbookPrefs.hideOtherHouseholds ? allCookbooks.filter((c) => !c.householdId || c.householdId === user?.householdId) : allCookbooks;
  const g = groupHome(groupSlug);

  const topLinks: NavLink[] = [
    { key: 'recipes', title: t('recipe.recipes'), icon: <RestaurantMenuIcon />, to: g },
    { key: 'finder', title: t('recipe-finder.recipe-finder'), icon: <SearchIcon />, to: `${g}/recipes/finder` },
    { key: 'mealplan', title: t('meal-plan.meal-planner'), icon: <CalendarMonthIcon />, to: '/household/mealplan/planner/view', restricted: true },
    { key: 'shopping', title: t('shopping-list.shopping-lists'), icon: <ShoppingCartIcon />, to: '/shopping-lists', restricted: true },
    { key: 'timeline', title: t('recipe.timeline'), icon: <HistoryIcon />, to: `${g}/recipes/timeline`, restricted: true },
    { key: 'cookbooks', title: t('cookbook.cookbooks'), icon: <MenuBookIcon />, to: `${g}/cookbooks` },
    {
      key: 'organizers',
      title: t('organizers.organizers'),
      icon: <StyleIcon />,
      children: [
        { key: 'categories', title: t('organizers.categories'), icon: <CategoryIcon />, to: `${g}/recipes/categories` },
        { key: 'tags', title: t('organizers.tags'), icon: <LabelIcon />, to: `${g}/recipes/tags` },
        { key: 'tools', title: t('organizers.tools'), icon: <KitchenIcon />, to: `${g}/recipes/tools` },
        ...(user?.canOrganize
          ? [
              { key: 'foods', title: t('organize.data.foods'), icon: <EggIcon />, to: `${g}/data/foods`, restricted: true },
              { key: 'units', title: t('organize.data.units'), icon: <ScaleIcon />, to: `${g}/data/units`, restricted: true },
              { key: 'labels', title: t('organize.data.labels'), icon: <LocalOfferIcon />, to: `${g}/data/labels`, restricted: true },
              { key: 'recipe-actions', title: t('automation.actions.title'), icon: <BoltIcon />, to: `${g}/data/recipe-actions`, restricted: true },
            ]
          : []),
      ],
    },
  ];
  const secondaryLinks: NavLink[] = cookbooks.map((c) => ({
    key: `cookbook-${c.id}`,
    title: c.name,
    icon: <BookIcon />,
    to: `${g}/cookbooks/${encodeURIComponent(c.slug)}`,
    restricted: true,
  }));
  const bottomLinks: NavLink[] = [
    ...(user?.canManageHousehold
      ? [{ key: 'household-settings', title: t('household.settings'), icon: <HomeIcon />, to: '/household', restricted: true }]
      : []),
    ...(user?.canManage
      ? [
          { key: 'household-members', title: t('household.members'), icon: <PeopleIcon />, to: '/household/members', restricted: true },
          { key: 'group-settings', title: t('group.settings'), icon: <GroupsIcon />, to: '/group', restricted: true },
        ]
      : []),
    // Notifiers and webhooks: advanced users and household or group managers (the server checks the same).
    ...(AUTOMATION_FLAGS.some((flag) => user?.[flag])
      ? [
          { key: 'household-notifiers', title: t('automation.notifiers.title'), icon: <NotificationsActiveIcon />, to: '/household/notifiers', restricted: true },
          { key: 'household-webhooks', title: t('automation.webhooks.title'), icon: <WebhookIcon />, to: '/household/webhooks', restricted: true },
        ]
      : []),
    ...(user?.admin ? [{ key: 'settings', title: t('general.settings'), icon: <SettingsIcon />, to: '/admin/site-settings', restricted: true }] : []),
  ];

  return (
    <>
      {user && (
        <Box sx={{ paddingInline: 2, paddingBlock: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <UserAvatar user={user} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap title={user.fullName ?? ''}>
              {user.fullName || user.username}
            </Typography>
            <Link href={`/user/${encodeURIComponent(user.id)}/favorites`} variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <FavoriteIcon sx={{ fontSize: 16 }} aria-hidden />
              {t('user.favorite-recipes')}
            </Link>
          </Box>
        </Box>
      )}
      {user && <Divider />}
      <SidebarNav links={topLinks} showRestricted={isOwnGroup} label={t('sidebar.main')} />
      {secondaryLinks.length > 0 && isOwnGroup && <Divider />}
      <SidebarNav links={secondaryLinks} showRestricted={isOwnGroup} label={t('cookbook.cookbooks')} heading={t('cookbook.cookbooks')} />
      <Box sx={{ flex: 1 }} />
      {bottomLinks.length > 0 && <Divider />}
      <SidebarNav links={bottomLinks} showRestricted={isOwnGroup} label={t('general.settings')} />
    </>
  );
}
