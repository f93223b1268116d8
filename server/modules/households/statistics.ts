import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';

/** Counts for the household page: its recipes and users, and the group's organizers. */
export async function householdStatisticsFor(deps: Deps, user: AuthUser) {
  const n = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await q.executeTakeFirstOrThrow()).n);
  const db = deps.db;
  return {
    totalRecipes: await n(db.selectFrom('recipes').select((eb) => eb.fn.countAll<number>().as('n')).where('household_id', '=', user.householdId)),
    totalUsers: await n(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('household_id', '=', user.householdId)),
    totalCategories: await n(db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', user.groupId)),
    totalTags: await n(db.selectFrom('tags').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', user.groupId)),
    totalTools: await n(db.selectFrom('tools').select((eb) => eb.fn.countAll<number>().as('n')).where('group_id', '=', user.groupId)),
  };
}
