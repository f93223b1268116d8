import { bool } from '../../db/schema.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden } from '../../platform/errors.js';

/** What the edit rule needs to know about a recipe. */
export interface EditableRecipe {
  userId: string | null;
  groupId: string;
  householdId: string;
  locked: boolean;
}

export type HouseholdLockLookup = (householdId: string) => Promise<boolean>;

/** Whether a household refuses recipe edits from members of other households, memoized for one request. */
export function householdLockLookup(deps: Deps): HouseholdLockLookup {
  const cache = new Map<string, Promise<boolean>>();
  return (householdId) => {
    let answer = cache.get(householdId);
    if (!answer) {
      answer = deps.db
        .selectFrom('household_preferences')
        .select('lock_recipe_edits_from_other_households as locks')
        .where('household_id', '=', householdId)
        .executeTakeFirst()
        .then((row) => bool(row?.locks));
      cache.set(householdId, answer);
    }
    return answer;
  };
}

/**
 * Spec §6, enforced on the server: the owner may always edit; anyone else only inside the same group,
 * when the recipe is not locked, and when the recipe's household (if it is not theirs) does not lock
 * edits from other households.
 */
export async function canEditRecipe(
  deps: Deps,
  user: Pick<AuthUser, 'id' | 'groupId' | 'householdId'>,
  recipe: EditableRecipe,
  householdLocks: HouseholdLockLookup = householdLockLookup(deps),
): Promise<boolean> {
  if (recipe.userId !== null && recipe.userId === user.id) return true;
  if (recipe.groupId !== user.groupId) return false;
  if (recipe.locked) return false;
  if (recipe.householdId !== user.householdId && (await householdLocks(recipe.householdId))) return false;
  return true;
}

export const permissionDenied = () => forbidden('recipes.permission-denied');

/** Throws 403 unless the user may apply this change (only the owner may flip `settings.locked`). */
export async function assertCanEditRecipe(
  deps: Deps,
  user: Pick<AuthUser, 'id' | 'groupId' | 'householdId'>,
  recipe: EditableRecipe,
  change: { locked?: boolean | null },
  householdLocks?: HouseholdLockLookup,
): Promise<void> {
  if (!(await canEditRecipe(deps, user, recipe, householdLocks))) throw permissionDenied();
  const isOwner = recipe.userId !== null && recipe.userId === user.id;
  if (!isOwner && typeof change.locked === 'boolean' && change.locked !== recipe.locked) throw permissionDenied();
}
