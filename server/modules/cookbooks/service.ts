import type { CookbookIn, CookbookListQuery, CookbookOut, CookbookUpdate, RecipeCookbookOut } from '../../../contract/cookbooks.js';
import { cookbookIn } from '../../../contract/cookbooks.js';
import type { Paginated } from '../../../contract/common.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { emitEvent } from '../../platform/events/emit.js';
import { storedFilter } from '../../platform/query-filter/index.js';
import { slugify } from '../../platform/slug.js';
import { listRecipes, recipeQueryFilter, type RecipeListScope } from '../recipes/list.js';
import * as repo from './repo.js';
import type { CookbookScope, CookbookValues, Executor } from './repo.js';

/*
 * Cookbook rules. Members list and read every cookbook of their group (the web app hides other households'
 * when the viewer's cookbook.hideOtherHouseholds preference is on, by asking for its own household only);
 * only the cookbook's own household may change or delete it. The slug follows the name and is unique in the
 * group; a malformed queryFilterString is a 422 (as Mealie's model validation) and nothing is written.
 */

/** A cookbook's values from its input: trimmed name, slug from the name, a filter the recipe list accepts. */
function valuesOf(input: CookbookIn): CookbookValues {
  const parsed = cookbookIn.parse(input);
  const slug = slugify(parsed.name);
  // slugify answers "item" for a name without letters or digits ("@"): such a name is refused, not slugged.
  if (!slug || !/[\p{L}\p{N}]/u.test(parsed.name)) throw badRequest('cookbooks.cookbook-name-needs-at-least-one-letter');
  // Parsing compiles it against the recipe attributes, so a bad filter is refused before any write.
  storedFilter(parsed.queryFilterString, recipeQueryFilter);
  return {
    name: parsed.name,
    slug,
    description: parsed.description.trim(),
    position: parsed.position,
    public: parsed.public,
    queryFilterString: parsed.queryFilterString.trim(),
  };
}

async function assertSlugsFree(db: Executor, groupId: string, values: CookbookValues[], exceptIds: string[] = []) {
  const taken = new Set(await repo.takenSlugs(db, groupId, values.map((v) => v.slug), exceptIds));
  const clash = values.find((v) => taken.has(v.slug));
  if (clash) throw badRequest('cookbooks.cookbook-named-already-exists', { name: clash.name });
}

export function listCookbooks(
  deps: Deps,
  scope: CookbookScope,
  query: CookbookListQuery,
  links: { routePath: string; rawQuery: Record<string, unknown> },
): Promise<Paginated<CookbookOut>> {
  return repo.listCookbooks(deps.db, scope, query, links);
}

/** One cookbook (id or slug) with every recipe its filter selects, in the recipe list's default order. */
export async function getCookbookWithRecipes(deps: Deps, scope: CookbookScope, recipeScope: RecipeListScope, idOrSlug: string): Promise<RecipeCookbookOut> {
  const row = await repo.findCookbook(deps.db, scope, idOrSlug);
  if (!row) throw notFound('cookbooks.cookbook-not-found');
  const recipes = await listRecipes(
    deps,
    { ...recipeScope, cookbookFilter: row.query_filter_string ?? '' },
    { page: 1, perPage: -1, orderDirection: 'desc', requireAllCategories: false, requireAllTags: false, requireAllTools: false, requireAllFoods: false },
  );
  return { ...repo.toCookbookOut(row), recipes: recipes.items };
}

/** Cookbook writes are announced in their own transaction (notifiers, live updates). */
function announce(trx: Executor, type: 'cookbook_created' | 'cookbook_updated' | 'cookbook_deleted', actor: AuthUser, data: { id: string; slug: string; name: string }) {
  return emitEvent(trx, { type, groupId: actor.groupId, householdId: actor.householdId, userId: actor.id, data });
}

export async function createCookbook(deps: Deps, actor: AuthUser, input: CookbookIn): Promise<CookbookOut> {
  const values = valuesOf(input);
  const id = await deps.db.transaction().execute(async (trx) => {
    await assertSlugsFree(trx, actor.groupId, [values]);
    const created = await repo.insertCookbook(trx, { groupId: actor.groupId, householdId: actor.householdId }, values);
    await announce(trx, 'cookbook_created', actor, { id: created, slug: values.slug, name: values.name });
    return created;
  });
  return repo.toCookbookOut(await repo.getCookbookRow(deps.db, id));
}

async function ownCookbook(db: Executor, actor: AuthUser, idOrSlug: string) {
  const row = await repo.findCookbook(db, { groupId: actor.groupId, householdId: actor.householdId }, idOrSlug);
  if (!row) throw notFound('cookbooks.cookbook-not-found');
  return row;
}

export async function updateCookbook(deps: Deps, actor: AuthUser, idOrSlug: string, input: CookbookIn): Promise<CookbookOut> {
  const values = valuesOf(input);
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await ownCookbook(trx, actor, idOrSlug);
    await assertSlugsFree(trx, actor.groupId, [values], [row.id]);
    await repo.updateCookbook(trx, row.id, values);
    await announce(trx, 'cookbook_updated', actor, { id: row.id, slug: values.slug, name: values.name });
    return row.id;
  });
  return repo.toCookbookOut(await repo.getCookbookRow(deps.db, id));
}

/**
 * PUT on the base path: saves many cookbooks of the caller's household at once (the web app's reorder).
 * Every item is checked first; one unknown id, clashing name or bad filter refuses the whole batch.
 */
export async function updateManyCookbooks(deps: Deps, actor: AuthUser, items: CookbookUpdate[]): Promise<CookbookOut[]> {
  const prepared = items.map((item) => ({ id: item.id, values: valuesOf(item) }));
  const ids = prepared.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw badRequest('cookbooks.cookbook-appears-twice-in-the-list');
  const slugs = prepared.map((p) => p.values.slug);
  if (new Set(slugs).size !== slugs.length) throw badRequest('cookbooks.two-cookbooks-in-the-list-have-the');
  return deps.db.transaction().execute(async (trx) => {
    const found = await repo.cookbooksByIds(trx, actor.householdId, ids);
    if (found.length !== ids.length) throw notFound('cookbooks.cookbook-not-found');
    await assertSlugsFree(trx, actor.groupId, prepared.map((p) => p.values), ids);
    // Names may be swapped within the batch: park the changing slugs on unique placeholders first.
    const current = new Map(found.map((row) => [row.id, row.slug]));
    const renamed = prepared.filter(({ id, values }) => current.get(id) !== values.slug).map(({ id }) => id);
    for (const id of renamed) await trx.updateTable('cookbooks').set({ slug: `~${id}` }).where('id', '=', id).execute();
    for (const { id, values } of prepared) await repo.updateCookbook(trx, id, values);
    for (const { id, values } of prepared) await announce(trx, 'cookbook_updated', actor, { id, slug: values.slug, name: values.name });
    const rows = await repo.cookbooksByIds(trx, actor.householdId, ids);
    const byId = new Map(rows.map((row) => [row.id, repo.toCookbookOut(row)]));
    return ids.map((id) => byId.get(id)!);
  });
}

export async function deleteCookbook(deps: Deps, actor: AuthUser, idOrSlug: string): Promise<CookbookOut> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await ownCookbook(trx, actor, idOrSlug);
    await repo.deleteCookbookRow(trx, row.id);
    await announce(trx, 'cookbook_deleted', actor, { id: row.id, slug: row.slug, name: row.name });
    return repo.toCookbookOut(row);
  });
}
