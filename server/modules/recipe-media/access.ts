import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { RecipeRow } from '../recipes/relations.js';
import { assertCanEditRecipe, editableRecipe, findRecipeRow } from '../recipes/service.js';

export type RecipeActor = Pick<AuthUser, 'id' | 'groupId' | 'householdId'>;

/** The group's recipe by slug or id, after the recipe edit rule (404 outside the group, 403 when refused). */
export async function findEditableRecipe(deps: Deps, user: RecipeActor, slugOrId: string): Promise<RecipeRow> {
  const row = await findRecipeRow(deps.db, user.groupId, slugOrId);
  await assertCanEditRecipe(deps, user, editableRecipe(row), {});
  return row;
}
