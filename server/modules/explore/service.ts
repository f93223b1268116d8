import type { HouseholdSummary } from '../../../contract/accounts.js';
import type { Paginated, PaginationQuery } from '../../../contract/common.js';
import type { RecipeOut } from '../../../contract/recipes.js';
import { bool } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError, notFound, plainNotFound, type ErrorKey } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import type { QueryFilterRegistry } from '../../platform/query-filter/index.js';
import { listHouseholds, toSummary } from '../households/service.js';
import { filterClause, orderClauses, standardFilterAttributes, timestampOrderColumns, type ListSpec } from '../organizers/listing.js';
import { LIST_FILTER_ATTRIBUTES, type RecipeListScope } from '../recipes/list.js';
import { findRecipeRow, loadRecipes } from '../recipes/service.js';

/*
 * What a group shows the public (Mealie's explore API): nothing unless the group is not private; of its
 * households only those not private; of its recipes only those marked public in such a household. Every
 * visitor, signed in or not and whatever their own group, sees the same.
 */

export interface PublicGroup {
  id: string;
  slug: string;
}

/** Mealie's explore routes answer a missing group, recipe or cookbook with a bare string ({"detail": "recipe not found"}). */
export function asPlainNotFound(key: ErrorKey) {
  return (error: unknown): never => {
    if (error instanceof HttpError && error.status === 404) throw plainNotFound(key);
    throw error;
  };
}

/** The group by slug or id when it is public; a private or unknown group is a 404 alike. */
export async function findPublicGroup(deps: Deps, slugOrId: string): Promise<PublicGroup> {
  const group = await deps.db
    .selectFrom('groups as g')
    .innerJoin('group_preferences as p', 'p.group_id', 'g.id')
    .select(['g.id', 'g.slug'])
    .where((eb) => eb.or([eb('g.slug', '=', slugOrId), eb('g.id', '=', slugOrId)]))
    .where('p.private_group', '=', false)
    .executeTakeFirst();
  if (!group) throw plainNotFound('explore.group-not-found');
  return group;
}

/** The public view never filters by the owners' e-mail addresses (they could be guessed letter by letter). */
const PUBLIC_FILTER_ATTRIBUTES: QueryFilterRegistry = Object.fromEntries(
  Object.entries(LIST_FILTER_ATTRIBUTES).filter(([name]) => name !== 'user.email'),
);

/** The recipe list scope of the public view: no viewer, public recipes only. */
export function publicRecipeScope(group: PublicGroup): RecipeListScope {
  return { groupId: group.id, userId: null, householdId: null, publicOnly: true, filterAttributes: PUBLIC_FILTER_ATTRIBUTES };
}

/** A recipe of the group the public may see, by slug or id; any other is a 404. */
export async function getPublicRecipe(deps: Deps, group: PublicGroup, slugOrId: string): Promise<RecipeOut> {
  const row = await findRecipeRow(deps.db, group.id, slugOrId).catch(asPlainNotFound('explore.recipe-not-found'));
  const household = await deps.db
    .selectFrom('household_preferences')
    .select('private_household')
    .where('household_id', '=', row.household_id)
    .executeTakeFirst();
  if (!bool(row.settings_public) || !household || bool(household.private_household)) throw plainNotFound('explore.recipe-not-found');
  const [recipe] = await loadRecipes(deps.db, deps.engine, [row.id], null);
  if (!recipe) throw plainNotFound('explore.recipe-not-found');
  return recipe;
}

/** The member API's envelope links point at its own path; the explore API's point at the explore path. */
export function relinked<T>(page: Paginated<T>, memberPath: string, explorePath: string): Paginated<T> {
  const from = `${memberPath.replace(/^\/api/, '')}?`;
  const to = `${explorePath.replace(/^\/api/, '')}?`;
  const swap = (link: string | null) => (link?.startsWith(from) ? to + link.slice(from.length) : link);
  return { ...page, next: swap(page.next), previous: swap(page.previous) };
}

const HOUSEHOLD_LIST: ListSpec = {
  orderColumns: { ...timestampOrderColumns('h'), name: { column: 'h.name', text: true }, slug: { column: 'h.slug', text: true } },
  searchColumns: ['h.name'],
  normalizedColumns: false,
  filterAttributes: standardFilterAttributes('h', { name: 'text', slug: 'text' }),
};

function publicHouseholds(deps: Deps, groupId: string) {
  return deps.db
    .selectFrom('households as h')
    .innerJoin('household_preferences as hp', 'hp.household_id', 'h.id')
    .where('h.group_id', '=', groupId)
    .where('hp.private_household', '=', false);
}

/** A page of the group's households that are not private (count, page, and their preferences: four queries). */
export async function listPublicHouseholds(
  deps: Deps,
  group: PublicGroup,
  query: PaginationQuery,
  links: { routePath: string; rawQuery: Record<string, unknown> },
): Promise<Paginated<HouseholdSummary>> {
  const filter = filterClause(HOUSEHOLD_LIST, query.queryFilter);
  const ordering = orderClauses(HOUSEHOLD_LIST, query, false);
  const base = () => (filter ? publicHouseholds(deps, group.id).where(filter) : publicHouseholds(deps, group.id));
  const total = Number((await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);
  let page = base().select('h.id');
  for (const [expression, modifiers] of ordering) page = page.orderBy(expression, modifiers);
  page = page.orderBy('h.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const ids = (await page.execute()).map((row) => row.id);
  const byId = new Map((await listHouseholds(deps.db, { ids })).map((household) => [household.id, toSummary(household)]));
  return envelope(links.routePath, links.rawQuery, window, total, ids.flatMap((id) => byId.get(id) ?? []));
}

/** One household of the group that is not private, by slug or id; any other is a 404. */
export async function getPublicHousehold(deps: Deps, group: PublicGroup, slugOrId: string): Promise<HouseholdSummary> {
  const row = await publicHouseholds(deps, group.id)
    .select('h.id')
    .where((eb) => eb.or([eb('h.slug', '=', slugOrId), eb('h.id', '=', slugOrId)]))
    .executeTakeFirst();
  const [household] = row ? await listHouseholds(deps.db, { ids: [row.id] }) : [];
  if (!household) throw notFound('common.household-not-found');
  return toSummary(household);
}
