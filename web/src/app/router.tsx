import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LegacyGroupRedirect, RequireAuth, RequireFlag, RequireOwnGroup, RootRedirect } from './guards';
import { AUTOMATION_FLAGS } from './automation-access';
import { AdminLayout, BareLayout, DefaultLayout, RootShell } from './layouts/Layouts';
import RouteErrorPage from '../pages/error/RouteErrorPage';

// Every screen is its own chunk; the shell above is all the first load needs.
const pages = {
  login: lazy(() => import('../pages/login/LoginPage')),
  register: lazy(() => import('../pages/register/RegisterPage')),
  forgotPassword: lazy(() => import('../pages/forgot-password/ForgotPasswordPage')),
  resetPassword: lazy(() => import('../pages/reset-password/ResetPasswordPage')),
  profile: lazy(() => import('../pages/profile/ProfilePage')),
  householdMembers: lazy(() => import('../pages/household-members/HouseholdMembersPage')),
  householdNotifiers: lazy(() => import('../pages/household-notifiers/NotifiersPage')),
  householdWebhooks: lazy(() => import('../pages/household-webhooks/WebhooksPage')),
  recipeActions: lazy(() => import('../pages/recipe-actions/RecipeActionsPage')),
  notFound: lazy(() => import('../pages/error/NotFoundPage')),
  share: lazy(() => import('../pages/share/SharePage')),
  adminSiteSettings: lazy(() => import('../pages/admin-site-settings/SiteSettingsPage')),
  adminUsers: lazy(() => import('../pages/admin-users/AdminUsersPage')),
  adminHouseholds: lazy(() => import('../pages/admin-households/AdminHouseholdsPage')),
  adminGroups: lazy(() => import('../pages/admin-groups/AdminGroupsPage')),
};

// The recipe screens: page (view, edit, cook), print view and manual creation.
const recipePages = {
  recipe: lazy(() => import('../pages/recipe/RecipePage')),
  print: lazy(() => import('../pages/print/RecipePrintPage')),
  create: lazy(() => import('../pages/recipe-create/CreateRecipePage')),
};

// Recipe import (URL and bulk, image, HTML/JSON, zip) and the admin ingredient-parser page.
const importPages = {
  url: lazy(() => import('../pages/recipe-import/ImportUrlPage')),
  image: lazy(() => import('../pages/recipe-import/ImportImagePage')),
  html: lazy(() => import('../pages/recipe-import/ImportHtmlPage')),
  zip: lazy(() => import('../pages/recipe-import/ImportZipPage')),
  debugParser: lazy(() => import('../pages/admin-debug-parser/DebugParserPage')),
};

// Organizers, data pages (foods, units, labels), favourites, the recipe finder and shared links.
const browse = {
  organizers: lazy(() => import('../pages/organizers/OrganizersPage')),
  organizer: lazy(() => import('../pages/organizers/OrganizerDetailPage')),
  foods: lazy(() => import('../pages/data/FoodsPage')),
  units: lazy(() => import('../pages/data/UnitsPage')),
  labels: lazy(() => import('../pages/data/LabelsPage')),
  favorites: lazy(() => import('../pages/favorites/FavoritesPage')),
  finder: lazy(() => import('../pages/finder/RecipeFinderPage')),
  sharedRecipe: lazy(() => import('../pages/shared-recipe/SharedRecipePage')),
};

// Meal planning: the planner (view and edit) and the rules settings.
const mealplanPages = {
  planner: lazy(() => import('../pages/mealplan/PlannerPage')),
  rules: lazy(() => import('../pages/mealplan/RulesPage')),
};

// Cookbooks, the group timeline, household and group settings, and the public explore home (households area).
const householdPages = {
  groupHome: lazy(() => import('../pages/explore/GroupHomeSwitch')),
  cookbooks: lazy(() => import('../pages/cookbooks/CookbooksPage')),
  cookbook: lazy(() => import('../pages/cookbooks/CookbookPage')),
  timeline: lazy(() => import('../pages/timeline/GroupTimelinePage')),
  householdSettings: lazy(() => import('../pages/household-settings/HouseholdSettingsPage')),
  groupSettings: lazy(() => import('../pages/group-settings/GroupSettingsPage')),
};

// Backups, maintenance, the OpenAI debug page and group data migrations (issue 15).
const backupPages = {
  backups: lazy(() => import('../pages/admin-backups/AdminBackupsPage')),
  maintenance: lazy(() => import('../pages/admin-maintenance/AdminMaintenancePage')),
  debugOpenAi: lazy(() => import('../pages/admin-debug-openai/DebugOpenAiPage')),
  migrations: lazy(() => import('../pages/group-migrations/GroupMigrationsPage')),
};

// Shopping lists (issue 12): the lists and one list.
const shoppingPages = {
  lists: lazy(() => import('../pages/shopping-lists/ShoppingListsPage')),
  list: lazy(() => import('../pages/shopping-list/ShoppingListPage')),
};
// The OCR editor: photos of cookbook pages into a recipe, region by region (issue 21).
const OcrEditorPage = lazy(() => import('../pages/ocr/OcrEditorPage'));

function inOwnGroup(node: ReactNode) {
  return (
    <RequireAuth>
      <RequireOwnGroup>{node}</RequireOwnGroup>
    </RequireAuth>
  );
}

const organizerKinds = ['categories', 'tags', 'tools'] as const;
const browseRoutes = [
  ...organizerKinds.flatMap((kind) => [
    { path: `g/:groupSlug/recipes/${kind}`, element: inOwnGroup(<browse.organizers key={kind} kind={kind} />) },
    { path: `g/:groupSlug/recipes/${kind}/:slug`, element: inOwnGroup(<browse.organizer key={kind} kind={kind} />) },
  ]),
  { path: 'g/:groupSlug/recipes/finder', element: inOwnGroup(<browse.finder />) },
  ...(['foods', 'units', 'labels'] as const).map((kind) => {
    const DataPage = browse[kind];
    return { path: `g/:groupSlug/data/${kind}`, element: inOwnGroup(<RequireFlag flag="canOrganize"><DataPage /></RequireFlag>) };
  }),
  { path: 'user/:id/favorites', element: signedIn(browse.favorites) },
];

function el(Page: LazyExoticComponent<ComponentType>) {
  return <Page />;
}

function signedIn(Page: LazyExoticComponent<ComponentType>) {
  return (
    <RequireAuth>
      <Page />
    </RequireAuth>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <RootRedirect /> },
      // The print view stands alone: no top bar or sidebar to hide.
      { path: 'g/:groupSlug/r/:slug/print', element: el(recipePages.print) },
      { path: 'r/:slug/print', element: signedIn(recipePages.print) },
      {
        element: <BareLayout />,
        children: [
          { path: 'login', element: el(pages.login) },
          { path: 'register', element: el(pages.register) },
          { path: 'forgot-password', element: el(pages.forgotPassword) },
          { path: 'reset-password', element: el(pages.resetPassword) },
          { path: 'g/:groupSlug/shared/r/:tokenId', element: el(browse.sharedRecipe) },
        ],
      },
      {
        path: 'admin',
        element: (
          <RequireAuth>
            <RequireFlag flag="admin">
              <AdminLayout />
            </RequireFlag>
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/admin/site-settings" replace /> },
          { path: 'site-settings', element: el(pages.adminSiteSettings) },
          { path: 'manage/users', element: el(pages.adminUsers) },
          { path: 'manage/households', element: el(pages.adminHouseholds) },
          { path: 'manage/groups', element: el(pages.adminGroups) },
          { path: 'debug/parser', element: el(importPages.debugParser) },
          { path: 'backups', element: el(backupPages.backups) },
          { path: 'maintenance', element: el(backupPages.maintenance) },
          { path: 'debug/openai', element: el(backupPages.debugOpenAi) },
        ],
      },
      {
        element: <DefaultLayout />,
        children: [
          // Members get the recipes home; visitors (signed out or from another group) the public explore view.
          { path: 'g/:groupSlug', element: <householdPages.groupHome /> },
          { path: 'user/profile', element: signedIn(pages.profile) },
          { path: 'share', element: signedIn(pages.share) },
          // Visitors from outside the group read public recipes (through the explore API); members get the whole page.
          { path: 'g/:groupSlug/r/create/new', element: inOwnGroup(<recipePages.create />) },
          ...(['url', 'image', 'html', 'zip'] as const).map((how) => {
            const ImportPage = importPages[how];
            return { path: `g/:groupSlug/r/create/${how}`, element: inOwnGroup(<ImportPage />) };
          }),
          { path: 'g/:groupSlug/r/create/ocr', element: inOwnGroup(<OcrEditorPage />) },
          { path: 'g/:groupSlug/r/:slug/ocr', element: inOwnGroup(<OcrEditorPage key="recipe" />) },
          { path: 'g/:groupSlug/r/:slug', element: el(recipePages.recipe) },
          { path: 'r/:slug', element: signedIn(recipePages.recipe) },
          ...browseRoutes,
          {
            path: 'household/members',
            element: (
              <RequireAuth>
                <RequireFlag flag="canManage">
                  <pages.householdMembers />
                </RequireFlag>
              </RequireAuth>
            ),
          },
          { path: 'household/mealplan', element: <Navigate to="/household/mealplan/planner/view" replace /> },
          { path: 'household/mealplan/planner', element: <Navigate to="/household/mealplan/planner/view" replace /> },
          { path: 'household/mealplan/planner/view', element: signedIn(mealplanPages.planner) },
          { path: 'household/mealplan/planner/edit', element: signedIn(mealplanPages.planner) },
          { path: 'household/mealplan/settings', element: signedIn(mealplanPages.rules) },
          { path: 'group/mealplan', element: <LegacyGroupRedirect /> },
          ...(['householdNotifiers', 'householdWebhooks'] as const).map((name) => ({
            path: name === 'householdNotifiers' ? 'household/notifiers' : 'household/webhooks',
            element: (
              <RequireAuth>
                <RequireFlag flag={AUTOMATION_FLAGS}>{el(pages[name])}</RequireFlag>
              </RequireAuth>
            ),
          })),
          { path: 'g/:groupSlug/data/recipe-actions', element: inOwnGroup(<RequireFlag flag="canOrganize">{el(pages.recipeActions)}</RequireFlag>) },
          { path: 'group/mealplan/*', element: <LegacyGroupRedirect /> },
          { path: 'group/members', element: <LegacyGroupRedirect /> },
          { path: 'group/notifiers', element: <LegacyGroupRedirect /> },
          { path: 'group/webhooks', element: <LegacyGroupRedirect /> },
          { path: 'g/:groupSlug/cookbooks', element: el(householdPages.cookbooks) },
          { path: 'g/:groupSlug/cookbooks/:cookbookSlug', element: el(householdPages.cookbook) },
          { path: 'g/:groupSlug/recipes/timeline', element: inOwnGroup(<householdPages.timeline />) },
          {
            path: 'household',
            element: (
              <RequireAuth>
                <RequireFlag flag="canManageHousehold">
                  <householdPages.householdSettings />
                </RequireFlag>
              </RequireAuth>
            ),
          },
          {
            path: 'group',
            element: (
              <RequireAuth>
                <RequireFlag flag="canManage">
                  <householdPages.groupSettings />
                </RequireFlag>
              </RequireAuth>
            ),
          },
          { path: 'group/migrations', element: signedIn(backupPages.migrations) },
          { path: 'shopping-lists', element: signedIn(shoppingPages.lists) },
          { path: 'shopping-lists/:id', element: signedIn(shoppingPages.list) },
          { path: '*', element: el(pages.notFound) },
        ],
      },
    ],
  },
]);
