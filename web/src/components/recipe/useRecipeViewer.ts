import { useCurrentUser } from '../../api/hooks/auth';
import { useSelfRatings } from '../../api/hooks/recipeSocial';
import type { UserOut } from '../../api/types';
import { ownsGroup } from '../../lib/recipe/permissions';

export interface RecipeViewer {
  user: UserOut | null;
  /** The group the links point into: the route's, else the user's. */
  groupSlug: string | null;
  /** Spec §6: logged in and in the route's group. */
  own: boolean;
  ratings: ReturnType<typeof useSelfRatings>;
  /** The signed-in user is still being fetched (own is not known yet). */
  loading: boolean;
}

/** Who is looking at recipes, and what they may do with them. */
export function useRecipeViewer(routeGroupSlug: string | undefined): RecipeViewer {
  const { user, loading } = useCurrentUser();
  const own = ownsGroup(user, routeGroupSlug);
  const ratings = useSelfRatings(own);
  return { user, groupSlug: routeGroupSlug ?? user?.groupSlug ?? null, own, ratings, loading };
}
