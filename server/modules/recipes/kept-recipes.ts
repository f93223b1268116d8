import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { textBytes } from '../../platform/kept-bytes.js';
import { getRecipeBySlugOrId } from './service.js';

/** A full recipe as the JSON bytes it is sent as, with its update time for Last-Modified. */
export interface KeptRecipe {
  json: Buffer;
  updatedAt: string | null;
}

/**
 * The group's recipe with this slug or id as JSON, kept under the group's `version` (read with the caller):
 * migrations 0019, 0023 and 0041 move that number with every table a recipe is read from, so a recipe opened again
 * (by the cook on each screen, by everyone in the household, by a client that asks twice) costs the caller's
 * lookup and nothing else until something it is made of changes, and is never stale. The first view after a
 * change reads it in one statement (getRecipeBySlugOrId). A viewer's household decides which foods and tools are on
 * hand, so it is the scope; a recipe asked for by its id and by its slug is kept once under each.
 */
export async function recipeJsonBySlugOrId(
  deps: Deps,
  user: Pick<AuthUser, 'groupId' | 'householdId'>,
  slugOrId: string,
  version: string,
  fresh = false,
): Promise<KeptRecipe> {
  const kept = deps.readCache.documents;
  const scope = `recipe:${user.householdId ?? ''}`;
  const key = `${user.groupId}/${slugOrId}`;
  // `Cache-Control: no-cache` (a hard reload, the bench's first views) reads the rows again, and keeps them.
  const [known] = fresh ? [undefined] : kept.lookup(version, scope, [key]);
  deps.readCache.counts.documents[fresh ? 'bypass' : known ? 'hit' : 'miss'] += 1;
  if (known) return { json: known.bytes, updatedAt: known.meta };
  const recipe = await getRecipeBySlugOrId(deps, user, slugOrId);
  // Bytes, not a string: sent without encoding it again, and held outside V8's heap, where ~300 long-lived
  // strings of ~7 KB kept ~40 MB of half-empty heap pages resident after a walk through many recipes.
  const json = textBytes(JSON.stringify(recipe));
  kept.keep(version, scope, key, json, recipe.updatedAt);
  return { json, updatedAt: recipe.updatedAt };
}
