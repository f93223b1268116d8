/** Spec §6, as the server enforces it: who may edit a recipe. */
export interface EditingUser {
  id: string;
  groupId: string;
  householdId: string;
}

export interface EditableRecipe {
  userId: string | null;
  groupId: string;
  householdId: string;
  settings: { locked: boolean };
}

/**
 * The owner may always edit. Anyone else only inside the same group, when the recipe is not locked, and
 * when the recipe's household (if it is not theirs) does not lock edits from other households.
 */
export function canEditRecipe(user: EditingUser | null, recipe: EditableRecipe, otherHouseholdLocksEdits: boolean): boolean {
  if (!user) return false;
  if (recipe.userId !== null && recipe.userId === user.id) return true;
  if (recipe.groupId !== user.groupId) return false;
  if (recipe.settings.locked) return false;
  if (recipe.householdId !== user.householdId && otherHouseholdLocksEdits) return false;
  return true;
}

/** Spec §6: the viewer owns the group when logged in and (if the route names a group) it is theirs. */
export function ownsGroup(user: { groupSlug: string } | null, routeGroupSlug: string | undefined): boolean {
  if (!user) return false;
  return !routeGroupSlug || user.groupSlug === routeGroupSlug;
}
