import { slugify } from '../../platform/slug.js';
import { isUuid } from '../../platform/storage/index.js';
import type { Executor } from './sql.js';

/**
 * Words that GET /api/recipes/{word} answers with a route of its own: a recipe with such a slug could not
 * be read by slug, so it gets `word-1` instead.
 */
const ROUTE_WORDS = new Set(['category', 'exports', 'suggestions']);

/** Mealie's validate_recipe: whether a recipe of the group already has the slug `name` would get. One query. */
export async function recipeNameTaken(db: Executor, groupId: string, name: string): Promise<boolean> {
  return Boolean(await db.selectFrom('recipes').select('id').where('group_id', '=', groupId).where('slug', '=', slugify(name)).executeTakeFirst());
}

/**
 * A slug for `name` that no other recipe of the group has: the plain slug when free, else the lowest free
 * `slug-N` (N ≥ 1). Names may repeat; slugs never do. One query.
 */
export async function uniqueRecipeSlug(db: Executor, groupId: string, name: string, exceptRecipeId?: string): Promise<string> {
  const base = slugify(name);
  let query = db
    .selectFrom('recipes')
    .select('slug')
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptRecipeId) query = query.where('id', '<>', exceptRecipeId);
  const taken = new Set((await query.execute()).map((r) => r.slug));
  if (ROUTE_WORDS.has(base)) taken.add(base);
  if (!taken.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A recipe id written any way a client may (upper case, no dashes), as stored; null when not an id. */
export function canonicalId(value: string): string | null {
  if (!isUuid(value)) return null;
  const hex = value.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The group's recipes whose slug, or id, is `slugOrId` (recipes are read group-wide): at most two, and the
 * one matching by slug wins (see `pickBySlugOrId`). Select from it what you need.
 */
export function recipesBySlugOrId(db: Executor, groupId: string, slugOrId: string, id = canonicalId(slugOrId)) {
  return db
    .selectFrom('recipes')
    .where('group_id', '=', groupId)
    .where((eb) => (id ? eb.or([eb('slug', '=', slugOrId), eb('id', '=', id)]) : eb('slug', '=', slugOrId)));
}

export function pickBySlugOrId<T extends { slug: string }>(rows: readonly T[], slugOrId: string): T | undefined {
  return rows.find((r) => r.slug === slugOrId) ?? rows[0];
}
