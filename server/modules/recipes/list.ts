import { sql } from 'kysely';
import type { Paginated } from '../../../contract/common.js';
import type { RecipeListQuery, RecipeSummary } from '../../../contract/recipes.js';
import type { Deps } from '../../platform/deps.js';
import { joinBytes, textBytes } from '../../platform/kept-bytes.js';
import { envelope, pageWindow, type PageWindow } from '../../platform/pagination.js';
import type { QueryFilterRegistry } from '../../platform/query-filter/index.js';
import { prepareRecipeSearch, searchOrderFor, type RecipeSearch } from '../../search/index.js';
import {
  applyRecipeFilters, applyRecipeOrder, narrowsBeyondSearch, recipeQueryFilter, recipesQuery, sortsEveryMatch, type RecipeFilters,
} from './list-repo.js';
import { loadRecipeOrganizers, toRecipeSummary, type RecipeRow } from './relations.js';
import { pageFromMilestone } from './deep-pages.js';
import { keptTotal } from './kept-totals.js';
import { inIds } from './sql.js';
import { API } from '../../../contract/routes.js';

export {
  applyRecipeFilters, applyRecipeOrder, LIST_FILTER_ATTRIBUTES, recipeQueryFilter, recipesQuery, type RecipeFilters, type RecipeOrder,
  type RecipeQuery,
} from './list-repo.js';

/** Whose recipes are listed, and for whom (rating order and on-hand tools follow the viewer). */
export interface RecipeListScope {
  groupId: string;
  userId?: string | null;
  householdId?: string | null;
  /** The public view (explore): only public recipes of households that are not private. */
  publicOnly?: boolean;
  /** What queryFilter may name (default: every recipe attribute). */
  filterAttributes?: QueryFilterRegistry;
  /**
   * The filter of the cookbook asked for (`?cookbook=`, resolved by the route): ANDed with the queryFilter,
   * and the category/tag/tool/food/household parameters are then ignored, as in Mealie.
   */
  cookbookFilter?: string;
}

/** Two filter strings as one (each parenthesised, so Mealie's right-to-left folding cannot regroup them). */
function bothFilters(a: string | undefined, b: string | undefined): string | undefined {
  const left = a?.trim();
  const right = b?.trim();
  if (left && right) return `(${left}) AND (${right})`;
  return left || right || undefined;
}

export interface ListLinks {
  routePath: string;
  rawQuery: Record<string, unknown>;
}

/** The query parameters as the client sent them (repeated keys kept), for the envelope's next/previous links. */
export function sentQuery(url: string): Record<string, string[]> {
  const params = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const out: Record<string, string[]> = {};
  for (const [key, value] of params) (out[key] ??= []).push(value);
  return out;
}

/** The list filters of a query: parses the queryFilter (a bad one is a 400 before any query runs). */
export function recipeFiltersFromQuery(deps: Pick<Deps, 'engine'>, scope: RecipeListScope, query: RecipeListQuery): RecipeFilters {
  if (scope.cookbookFilter !== undefined) {
    return {
      groupId: scope.groupId,
      engine: deps.engine,
      queryFilter: recipeQueryFilter(bothFilters(scope.cookbookFilter, query.queryFilter), scope.filterAttributes),
      publicOnly: scope.publicOnly,
    };
  }
  return {
    groupId: scope.groupId,
    engine: deps.engine,
    categories: query.categories,
    requireAllCategories: query.requireAllCategories,
    tags: query.tags,
    requireAllTags: query.requireAllTags,
    tools: query.tools,
    requireAllTools: query.requireAllTools,
    foods: query.foods,
    requireAllFoods: query.requireAllFoods,
    households: query.households,
    queryFilter: recipeQueryFilter(query.queryFilter, scope.filterAttributes),
    publicOnly: scope.publicOnly,
  };
}

/** The recipes of these ids, in this order (one query). */
async function recipeRowsInOrder(deps: Deps, ids: readonly string[]): Promise<RecipeRow[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db.selectFrom('recipes').selectAll().where(inIds(deps.engine, 'id', ids)).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page's window, its total (a promise while it is still being counted) and its recipes, in order. */
interface FoundPage {
  window: PageWindow;
  total: number | Promise<number>;
  ids: string[];
  /** The recipes' rows when they were asked for. */
  rows: RecipeRow[] | null;
  /** Each recipe's stamp (migration 0047), read with the page's ids when the page query could. */
  stamps?: Array<string | number | null>;
}

/**
 * A page of a search with no other filter, in relevance, name or creation order: the search index pages
 * it alone (fast on a large group), then one query reads the page's recipes. In name or creation order
 * the count runs beside the page's queries (on a connection of its own on PostgreSQL, where it is most of
 * a broad search's time); page -1 and relevance order need it first, for the window and for scoring.
 */
async function searchOnlyPage(
  deps: Deps,
  search: RecipeSearch,
  query: RecipeListQuery,
  scope: { groupId: string; withRows: boolean; version?: string },
): Promise<FoundPage | null> {
  const order = searchOrderFor(query.orderBy, query.orderDirection);
  if (!order) return null;
  const counting = keptTotal(deps, scope.version, `search ${scope.groupId} ${JSON.stringify(search.words)}`, () => search.count());
  // Awaited below; until then a failure must not count as unhandled (the page's own error wins).
  counting.catch(() => undefined);
  const known = query.page === -1 || order.by === 'relevance' ? await counting : null;
  const window = pageWindow(query, known ?? 0);
  const page = await search.page({ limit: window.limit, offset: window.offset, order, total: known });
  const rows = scope.withRows ? await recipeRowsInOrder(deps, page.recipeIds) : null;
  return { window, total: counting, ids: rows ? rows.map((row) => row.id) : [...page.recipeIds], rows };
}

/** A page row's recipe stamp (migration 0047), read in the page's own statement: 0 for a recipe never written since. */
function recipeStamp() {
  return sql<string | number | null>`(select s.stamp from hearth_recipe_stamps as s where s.recipe_id = r.id)`.as('stamp');
}

function groupCounter(db: Deps['db'], groupId: string) {
  return db.selectFrom('hearth_recipe_counts').select('recipes').where('group_id', '=', groupId);
}

/** The recipes of a group, from the counter migration 0014's triggers keep (no scan of the group). */
export async function groupRecipeCount(db: Deps['db'], groupId: string): Promise<number> {
  const row = await groupCounter(db, groupId).executeTakeFirst();
  return Number(row?.recipes ?? 0);
}

/** Whether the list is the whole group: its total is then the group's counter. */
function listsWholeGroup(filters: RecipeFilters): boolean {
  return !filters.search && !narrowsBeyondSearch(filters);
}

/**
 * A page through the list query, every filter, the search and the order in it. The total never costs a
 * scan of the whole group: an unfiltered list reads the group's counter (with its ids, in the same statement,
 * when only ids are asked for); a filtered one is counted only when the page cannot tell it (a page that is
 * not full ends the list, so offset + its rows IS the total). Under a lists' `version`, a deep page of the
 * whole group in date-added order starts from its milestone (deep-pages.ts).
 */
async function filteredPage(
  deps: Deps,
  scope: RecipeListScope,
  query: RecipeListQuery,
  filters: RecipeFilters,
  withRows: boolean,
  version?: string,
): Promise<FoundPage> {
  const order = {
    orderBy: query.orderBy,
    orderDirection: query.orderDirection,
    orderByNullPosition: query.orderByNullPosition,
    paginationSeed: query.paginationSeed,
    userId: scope.userId,
    search: filters.search,
    engine: deps.engine,
  };
  // Builds (and so validates) the order before any query, so a bad orderBy never reaches the recipes.
  const ordered = applyRecipeOrder(applyRecipeFilters(recipesQuery(deps.db), filters), order);
  const countAll = async () => {
    if (listsWholeGroup(filters)) return groupRecipeCount(deps.db, filters.groupId);
    const counted = applyRecipeFilters(recipesQuery(deps.db), filters).select((eb) => eb.fn.countAll<number>().as('n'));
    const { sql: text, parameters } = counted.compile();
    return keptTotal(deps, version, `filter ${text} ${JSON.stringify(parameters)}`, async () => Number((await counted.executeTakeFirstOrThrow()).n));
  };
  // Only page -1 (the last) needs the total to find its window; any other page is known before counting.
  let total = query.page === -1 && query.perPage > 0 ? await countAll() : null;
  const window = pageWindow(query, total ?? 0);
  const limited =
    window.limit === null ? ordered : window.offset > 0 ? ordered.limit(window.limit).offset(window.offset) : ordered.limit(window.limit);
  let rows: RecipeRow[] | null = null;
  let ids: string[];
  let stamps: Array<string | number | null> | undefined;
  if (withRows) {
    // A deep page skips its offset over ids alone (an index-only walk of (group_id, created_at, id) in the
    // default order) and reads whole rows only for the page: PostgreSQL would otherwise fetch every skipped
    // row from the heap. Still one statement.
    rows =
      window.limit !== null && window.offset > 0
        ? await applyRecipeOrder(recipesQuery(deps.db).where('r.id', 'in', limited.select('r.id')), order).selectAll('r').execute()
        : await limited.selectAll('r').execute();
    ids = rows.map((row) => row.id);
  } else if (total === null && listsWholeGroup(filters)) {
    const sought =
      version !== undefined && window.limit !== null
        ? await pageFromMilestone(deps, ordered, { groupId: filters.groupId, query, limit: window.limit, offset: window.offset, version })
        : null;
    const page = sought ?? limited;
    // The group's counter comes with the page's ids, in the same statement: one round trip fewer.
    const counted = await page.select(['r.id', groupCounter(deps.db, filters.groupId).as('group_total'), recipeStamp()]).execute();
    ids = counted.map((row) => row.id);
    stamps = counted.map((row) => row.stamp);
    if (counted.length > 0) total = Number(counted[0].group_total ?? 0);
  } else if (total === null && window.limit !== null && (await sortsEveryMatch(deps.db, deps.engine, limited.select('r.id')))) {
    // The page sorts every match anyway: they are counted in the same pass instead of walked twice.
    const counted = await limited.select((eb) => ['r.id', eb.fn.countAll<number>().over().as('matches'), recipeStamp()]).execute();
    ids = counted.map((row) => row.id);
    stamps = counted.map((row) => row.stamp);
    if (counted.length > 0) total = Number(counted[0].matches);
  } else {
    const found = await limited.select(['r.id', recipeStamp()]).execute();
    ids = found.map((row) => row.id);
    stamps = found.map((row) => row.stamp);
  }
  if (total === null) {
    const ended = window.limit === null || (ids.length < window.limit && (ids.length > 0 || window.offset === 0));
    total = ended ? window.offset + ids.length : await countAll();
  }
  return { window, total, ids, rows, stamps };
}

/** The window, total and recipes of a page: searched through the index alone when nothing else narrows it. */
async function findPage(deps: Deps, scope: RecipeListScope, query: RecipeListQuery, withRows: boolean, version?: string): Promise<FoundPage> {
  // The filter is checked before the search is prepared, so a malformed one costs no query either.
  const unsearched = recipeFiltersFromQuery(deps, scope, query);
  const search = await prepareRecipeSearch(deps, query.search, { groupId: scope.groupId });
  const filters = { ...unsearched, search };
  const indexed =
    search && !narrowsBeyondSearch(filters) ? await searchOnlyPage(deps, search, query, { groupId: scope.groupId, withRows, version }) : null;
  return indexed ?? (await filteredPage(deps, scope, query, filters, withRows, version));
}

/**
 * One page of RecipeSummary in Mealie's envelope, any mix of search, relation filters, queryFilter, order
 * (random included) and paging. At most the same queries whatever perPage: the search's vocabulary lookups
 * (when searching), the total (the group's counter unfiltered, else a count, skipped when the page ends the
 * list), the page, and one query each for the page's categories, tags and tools. A search
 * with no other filter is paged by the search index instead (a count, one fetch per relevance tier the page
 * reaches, at most three, and the page's rows).
 */
export async function listRecipes(
  deps: Deps,
  scope: RecipeListScope,
  query: RecipeListQuery,
  links: ListLinks = { routePath: API.recipes, rawQuery: {} },
): Promise<Paginated<RecipeSummary>> {
  const found = await findPage(deps, scope, query, true);
  const rows = found.rows ?? [];
  const organizers = await loadRecipeOrganizers(deps.db, deps.engine, found.ids, scope.householdId ?? null);
  const total = await found.total;
  return envelope(links.routePath, links.rawQuery, found.window, total, rows.map((row) => toRecipeSummary(row, organizers)));
}

/**
 * listRecipes as the JSON bytes it is sent as, under the lists' `version` (read before any of its queries):
 * the page query reads only ids, and each recipe's summary is the read cache's item when one is kept, else read
 * (rows, then organizers: two queries for all the page's unknown recipes) and kept. When the page query read
 * the recipes' stamps too (migration 0047: a list that is not a search's alone), a summary is kept under its
 * recipe's stamp and the group's `summariesVersion` (its organizers), so a write rebuilds only the summaries of
 * the recipes it changed; else under the lists' version. A page whose recipes are all known costs the
 * search's lookups, the total (a search's or filter's counted once per version, kept-totals.ts) and the ids.
 */
export async function listRecipesJson(
  deps: Deps,
  scope: RecipeListScope,
  query: RecipeListQuery,
  links: ListLinks,
  version: string,
  summariesVersion: string,
): Promise<Buffer> {
  const found = await findPage(deps, scope, query, false, version);
  const items = deps.readCache.items;
  const itemScope = scope.householdId ?? '';
  const stamps = found.stamps;
  const itemsVersion = stamps ? summariesVersion : version;
  const itemKeys = stamps ? found.ids.map((id, i) => `${id}@${String(stamps[i] ?? 0)}`) : found.ids;
  const known = items.lookup(itemsVersion, itemScope, itemKeys);
  const missing = found.ids.filter((_, i) => known[i] === undefined);
  deps.readCache.counts.items.hit += found.ids.length - missing.length;
  deps.readCache.counts.items.miss += missing.length;
  const made = new Map<string, Buffer>();
  if (missing.length > 0) {
    const keyOf = new Map(found.ids.map((id, i) => [id, itemKeys[i]]));
    const rows = await recipeRowsInOrder(deps, missing);
    const organizers = await loadRecipeOrganizers(deps.db, deps.engine, missing, scope.householdId ?? null);
    for (const row of rows) {
      const json = textBytes(JSON.stringify(toRecipeSummary(row, organizers)));
      made.set(row.id, json);
      items.keep(itemsVersion, itemScope, keyOf.get(row.id) ?? row.id, json, undefined);
    }
  }
  const total = await found.total;
  const page = JSON.stringify(envelope(links.routePath, links.rawQuery, found.window, total, []));
  // The key is the only place `"items":[]` can occur unescaped: inside a string its quotes would be \".
  const at = page.indexOf('"items":[]') + '"items":['.length;
  const parts: Buffer[] = [Buffer.from(page.slice(0, at))];
  for (const [i, id] of found.ids.entries()) {
    // A recipe deleted between the page's queries is left out, as the page query would have.
    const json = known[i]?.bytes ?? made.get(id);
    if (json === undefined) continue;
    if (parts.length > 1) parts.push(ITEM_SEPARATOR);
    parts.push(json);
  }
  parts.push(Buffer.from(page.slice(at)));
  return joinBytes(parts);
}

const ITEM_SEPARATOR = Buffer.from(',');
