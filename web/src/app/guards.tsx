import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../api/hooks/auth';
import type { UserFlag } from '../api/types';
import { RouteSkeleton } from '../components/PageSkeleton';

function WarnAndRedirect({ message, to }: { message: string; to: string }) {
  useEffect(() => {
    console.warn(message);
  }, [message]);
  return <Navigate to={to} replace />;
}

export function loginPath(from?: string): string {
  return from && from !== '/' ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}

/** Signed-in users only; others go to /login and come back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, loggedIn } = useCurrentUser();
  const location = useLocation();
  if (loading) return <RouteSkeleton />;
  if (!loggedIn) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/** Spec §5: a page that needs a flag (admin, advanced, canManageHousehold, canManage, canOrganize) sends others to /. */
export function RequireFlag({ flag, children }: { flag: UserFlag | UserFlag[]; children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  if (loading) return <RouteSkeleton />;
  const flags = Array.isArray(flag) ? flag : [flag];
  if (!flags.some((f) => user?.[f])) return <WarnAndRedirect message={`Hearth: this page needs the "${flags.join('" or "')}" permission`} to="/" />;
  return <>{children}</>;
}

/** Pages under /g/{groupSlug} are for members of that group; others go to /. */
export function RequireOwnGroup({ children }: { children: ReactNode }) {
  const { groupSlug } = useParams();
  const { user, loading } = useCurrentUser();
  if (loading) return <RouteSkeleton />;
  if (!user || user.groupSlug !== groupSlug) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** `/`: the user's group home, or /login. */
export function RootRedirect() {
  const { user, loading } = useCurrentUser();
  if (loading) return <RouteSkeleton />;
  if (!user) return <Navigate to="/login" replace />;
  return <Navigate to={`/g/${encodeURIComponent(user.groupSlug)}`} replace />;
}

/** Old /group/mealplan, /group/members, … addresses now live under /household/. */
export function LegacyGroupRedirect() {
  const location = useLocation();
  const to = location.pathname.replace(/^\/group\//, '/household/') + location.search + location.hash;
  return <Navigate to={to} replace />;
}
