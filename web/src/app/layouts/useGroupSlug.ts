import { matchPath, useLocation } from 'react-router';
import { useAbout } from '../../api/hooks/app';
import { useCurrentUser } from '../../api/hooks/auth';

/**
 * The group the chrome links to: the route's group, else the user's, else the server's default.
 * `isOwnGroup` (spec §6): logged in and, when the route names a group, it is the user's.
 */
export function useGroupContext(): { groupSlug: string | null; isOwnGroup: boolean } {
  // Layouts sit above the page's route, so the slug is read from the address itself.
  const { pathname } = useLocation();
  const routeSlug = matchPath({ path: '/g/:groupSlug', end: false }, pathname)?.params.groupSlug;
  const { user } = useCurrentUser();
  const { data: about } = useAbout();
  const groupSlug = routeSlug ?? user?.groupSlug ?? about?.defaultGroupSlug ?? null;
  const isOwnGroup = Boolean(user) && (!routeSlug || user?.groupSlug === routeSlug);
  return { groupSlug, isOwnGroup };
}

export function groupHome(groupSlug: string | null): string {
  return groupSlug ? `/g/${encodeURIComponent(groupSlug)}` : '/';
}
