import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LegacyGroupRedirect, RequireAuth, RequireFlag, RequireOwnGroup, RootRedirect } from './guards';
import { AdminLayout, BareLayout, DefaultLayout, RootShell } from './layouts/Layouts';
import RouteErrorPage from '../pages/error/RouteErrorPage';

// Every screen is its own chunk; the shell above is all the first load needs.
const pages = {
  login: lazy(() => import('../pages/login/LoginPage')),
  register: lazy(() => import('../pages/register/RegisterPage')),
  forgotPassword: lazy(() => import('../pages/forgot-password/ForgotPasswordPage')),
  resetPassword: lazy(() => import('../pages/reset-password/ResetPasswordPage')),
  groupHome: lazy(() => import('../pages/group-home/GroupHomePage')),
  profile: lazy(() => import('../pages/profile/ProfilePage')),
  householdMembers: lazy(() => import('../pages/household-members/HouseholdMembersPage')),
  notFound: lazy(() => import('../pages/error/NotFoundPage')),
  adminSiteSettings: lazy(() => import('../pages/admin-site-settings/SiteSettingsPage')),
  adminUsers: lazy(() => import('../pages/admin-users/AdminUsersPage')),
  adminHouseholds: lazy(() => import('../pages/admin-households/AdminHouseholdsPage')),
  adminGroups: lazy(() => import('../pages/admin-groups/AdminGroupsPage')),
};

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
      {
        element: <BareLayout />,
        children: [
          { path: 'login', element: el(pages.login) },
          { path: 'register', element: el(pages.register) },
          { path: 'forgot-password', element: el(pages.forgotPassword) },
          { path: 'reset-password', element: el(pages.resetPassword) },
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
        ],
      },
      {
        element: <DefaultLayout />,
        children: [
          {
            path: 'g/:groupSlug',
            element: (
              <RequireAuth>
                <RequireOwnGroup>
                  <pages.groupHome />
                </RequireOwnGroup>
              </RequireAuth>
            ),
          },
          { path: 'user/profile', element: signedIn(pages.profile) },
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
          { path: 'group/mealplan/*', element: <LegacyGroupRedirect /> },
          { path: 'group/members', element: <LegacyGroupRedirect /> },
          { path: 'group/notifiers', element: <LegacyGroupRedirect /> },
          { path: 'group/webhooks', element: <LegacyGroupRedirect /> },
          { path: '*', element: el(pages.notFound) },
        ],
      },
    ],
  },
]);
