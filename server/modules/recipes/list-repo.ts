import type { Compilable, Expression, ExpressionBuilder, OrderByModifiers, SqlBool } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import type { Database, RecipesTable } from '../../db/schema.js';
import { sql } from 'kysely';
import { badRequest, HttpError } from '../../platform/errors.js';
import { queryFilterCondition, recipeFilterAttributes, type QueryFilterRegistry } from '../../platform/query-filter/index.js';
import { searchOrderFor, type RecipeSearch } from '../../search/index.js';
import { randomOrderExpression } from './random-order.js';
import type { Executor } from './sql.js';

/*
 * The SQL of GET /api/recipes (and of the explore list and the finder): one WHERE builder and one ORDER BY
 * builder shared by the count and the page query, so search, queryFilter, the relation filters, any order
 * and paging all combine in a single page query.
 */

export function recipesQuery(db: Executor) {
  return db.selectFrom('recipes as r');
}
export type RecipeQuery = ReturnType<typeof recipesQuery>;

export interface RecipeFilters {
  /** Recipes are listed group-wide. */
  groupId: string;
  /** Lets the SQLite planner be told that the group alone is not selective (it keeps no statistics). */
  engine?: DbEngine;
  /** Category ids or slugs; any of them, or all with requireAllCategories. */
  categories?: string[];
  requireAllCategories?: boolean;
  tags?: string[];
  requireAllTags?: boolean;
  tools?: string[];
  requireAllTools?: boolean;
  /** Food ids. */
  foods?: string[];
  requireAllFoods?: boolean;
  /** Household ids or slugs. */
  households?: string[];
  /** A checked queryFilter (recipeQueryFilter). */
  queryFilter?: RecipeFilterCondition | null;
  /** A prepared full-text search (server/search): only its matches. */
  search?: RecipeSearch | null;
  /** The public view (explore): only recipes marked public whose household is not private. */
  publicOnly?: boolean;
}

/** What a recipe queryFilter may name in the list queries (the recipes table is `r` there). */
export const LIST_FILTER_ATTRIBUTES: QueryFilterRegistry = recipeFilterAttributes('r');

export type RecipeFilterCondition = ReturnType<typeof queryFilterCondition>;

/** Parses and checks a queryFilter (a malformed one is a 400 naming the problem), or null when none is given. */
export function recipeQueryFilter(text: string | null | undefined, registry: QueryFilterRegistry = LIST_FILTER_ATTRIBUTES): RecipeFilterCondition | null {
  return text?.trim() ? queryFilterCondition(text, registry) : null;
}

/** Whether the list narrows by anything besides the group and the search (the search can then page alone). */
export function narrowsBeyondSearch(filters: RecipeFilters): boolean {
  return Boolean(
    filters.categories?.length ||
      filters.tags?.length ||
      filters.tools?.length ||
      filters.foods?.length ||
      filters.households?.length ||
      filters.queryFilter ||
      filters.publicOnly,
  );
}

const ORGANIZER_LINKS = {
  categories: { link: 'recipes_to_categories', column: 'category_id', table: 'categories' },
  tags: { link: 'recipes_to_tags', column: 'tag_id', table: 'tags' },
  tools: { link: 'recipes_to_tools', column: 'tool_id', table: 'tools' },
} as const;

/*
 * Relation filters are uncorrelated `r.id IN (subquery)`: the database builds the matching id set once from
 * the link table's (organizer, recipe) index instead of probing it for every recipe of the group.
 */
function organizerCondition(kind: keyof typeof ORGANIZER_LINKS, groupId: string, values: string[]): Expression<SqlBool> {
  const { link, column, table } = ORGANIZER_LINKS[kind];
  const list = sql.join(values);
  return sql<SqlBool>`r.id in (select l.recipe_id from ${sql.table(link)} as l where ${sql.ref(`l.${column}`)} in (
    select o.id from ${sql.table(table)} as o where o.group_id = ${groupId} and (o.id in (${list}) or o.slug in (${list}))))`;
}

function foodCondition(values: string[]) {
  return (eb: ExpressionBuilder<Database & { r: RecipesTable }, 'r'>) =>
    eb('r.id', 'in', eb.selectFrom('recipes_ingredients as i').select('i.recipe_id').where('i.food_id', 'in', values));
}

/** Every WHERE condition of a recipe list, for the count and the page alike. */
export function applyRecipeFilters(qb: RecipeQuery, filters: RecipeFilters): RecipeQuery {
  const narrowsByRelation = Boolean(
    filters.categories?.length || filters.tags?.length || filters.tools?.length || filters.foods?.length || filters.households?.length,
  );
  // Without statistics SQLite would walk every recipe of the group and probe the relation set for each;
  // marking the group term as unselective makes it start from the (much smaller) relation set instead.
  // A queryFilter may name relations too (`tags.name IN [...]`): the same holds; when it names none,
  // nothing else could lead and the group is walked as before.
  let query =
    (narrowsByRelation || filters.queryFilter) && filters.engine === 'sqlite'
      ? qb.where(sql<SqlBool>`likelihood(r.group_id = ${filters.groupId}, 0.9)`)
      : qb.where('r.group_id', '=', filters.groupId);
  for (const kind of ['categories', 'tags', 'tools'] as const) {
    const values = filters[kind];
    if (!values?.length) continue;
    const requireAll = { categories: filters.requireAllCategories, tags: filters.requireAllTags, tools: filters.requireAllTools }[kind];
    if (requireAll) for (const value of new Set(values)) query = query.where(organizerCondition(kind, filters.groupId, [value]));
    else query = query.where(organizerCondition(kind, filters.groupId, values));
  }
  if (filters.foods?.length) {
    if (filters.requireAllFoods) for (const food of new Set(filters.foods)) query = query.where(foodCondition([food]));
    else query = query.where(foodCondition(filters.foods));
  }
  const households = filters.households;
  if (households?.length) {
    query = query.where('r.household_id', 'in', (eb) =>
      eb
        .selectFrom('households as h')
        .select('h.id')
        .where('h.group_id', '=', filters.groupId)
        .where((inner) => inner.or([inner('h.id', 'in', households), inner('h.slug', 'in', households)])),
    );
  }
  if (filters.publicOnly) {
    query = query
      .where('r.settings_public', '=', true)
      .where('r.household_id', 'in', (eb) =>
        eb.selectFrom('household_preferences as hp').select('hp.household_id').where('hp.private_household', '=', false),
      );
  }
  if (filters.queryFilter) query = query.where(filters.queryFilter);
  if (filters.search) query = query.where(filters.search.matches('r.id'));
  return query;
}

export interface RecipeOrder {
  /** Mealie's orderBy: comma-separated keys, each optionally `key:asc|desc`; camelCase or snake_case. */
  orderBy?: string;
  orderDirection: 'asc' | 'desc';
  orderByNullPosition?: 'first' | 'last';
  /** The caller: `rating` orders by their own rating where they gave one. */
  userId?: string | null;
  /** Required by orderBy=random: the same seed gives the same order on every page. */
  paginationSeed?: string;
  /** With a search, matches are ordered by relevance tier first, then by `orderBy` (newest first without one). */
  search?: RecipeSearch | null;
  /** Needed by orderBy=random, whose key is computed in SQL. */
  engine?: DbEngine;
}

/** Sortable columns; text columns sort case-insensitively. */
const ORDER_COLUMNS: Record<string, { column: string; text?: boolean; notNull?: boolean }> = {
  created_at: { column: 'r.created_at', notNull: true },
  update_at: { column: 'r.update_at' },
  updated_at: { column: 'r.update_at' },
  date_added: { column: 'r.date_added' },
  date_updated: { column: 'r.date_updated' },
  last_made: { column: 'r.last_made' },
  name: { column: 'r.name_normalized', notNull: true },
  slug: { column: 'r.slug', notNull: true },
  description: { column: 'r.description_normalized', notNull: true },
  total_time: { column: 'r.total_time', text: true },
  prep_time: { column: 'r.prep_time', text: true },
  cook_time: { column: 'r.cook_time', text: true },
  perform_time: { column: 'r.perform_time', text: true },
  recipe_yield: { column: 'r.recipe_yield', text: true },
  recipe_yield_quantity: { column: 'r.recipe_yield_quantity', notNull: true },
  recipe_servings: { column: 'r.recipe_servings', notNull: true },
  org_url: { column: 'r.org_url', text: true },
};

/**
 * The direction of a list ordered by date added alone (the default, or `created_at`/`createdAt` with or
 * without a direction), else null. A single key is parsed as the search parses its own order.
 */
export function dateAddedDirection(order: Pick<RecipeOrder, 'orderBy' | 'orderDirection'>): 'asc' | 'desc' | null {
  if (!order.orderBy?.trim()) return order.orderDirection;
  const single = searchOrderFor(order.orderBy, order.orderDirection);
  return single?.by === 'created_at' ? single.direction : null;
}

function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function nullsModifier(direction: 'asc' | 'desc', nulls: 'first' | 'last'): OrderByModifiers {
  return (ob) => (nulls === 'first' ? ob[direction]().nullsFirst() : ob[direction]().nullsLast());
}

/** One ORDER BY term: the sort expression and how it sorts (direction, where nulls go). */
function orderTerm(key: string, rawKey: string, direction: 'asc' | 'desc', order: RecipeOrder): [Expression<unknown>, OrderByModifiers] {
  if (key === 'random') {
    if (!order.paginationSeed) throw new HttpError(422, 'recipes.paginationseed-is-required-when-orderby-is-random');
    // A shuffle has no direction (as in Mealie): asc and desc give the same order.
    return [randomOrderExpression(order.engine ?? 'sqlite', 'r.id', order.paginationSeed), 'asc'];
  }
  if (key === 'rating') {
    const own = order.userId
      ? sql`(select nullif(ur.rating, 0) from users_to_recipes ur where ur.recipe_id = r.id and ur.user_id = ${order.userId})`
      : sql`null`;
    return [sql`coalesce(${own}, nullif(r.rating, 0))`, nullsModifier(direction, order.orderByNullPosition ?? 'last')];
  }
  const spec = ORDER_COLUMNS[key];
  if (!spec) throw badRequest('common.invalid-order-by-statement-is-invalid', { orderBy: order.orderBy, field: rawKey });
  const expression = spec.text ? sql`lower(${sql.ref(spec.column)})` : sql.ref(spec.column);
  // A NOT NULL column has no nulls to place; leaving NULLS FIRST/LAST out lets PostgreSQL walk the
  // (group_id, created_at, id) index instead of sorting the whole group on every page.
  if (spec.notNull) return [expression, direction];
  return [expression, nullsModifier(direction, order.orderByNullPosition ?? (direction === 'asc' ? 'first' : 'last'))];
}

/**
 * ORDER BY of a recipe list (created_at desc when nothing is asked), always ending with the id so pages
 * never overlap. Nulls sort as the smallest value unless orderByNullPosition says otherwise; for
 * `rating` (the caller's own rating, else the recipe's mean, 0 counting as none) nulls go last.
 * `random` follows paginationSeed (random-order.ts). A search puts its relevance tiers first, then the
 * asked order, or newest first.
 */
export function applyRecipeOrder(qb: RecipeQuery, order: RecipeOrder): RecipeQuery {
  let query = qb;
  if (order.search) query = query.orderBy(order.search.tier('r.id'));
  const fallback = order.search ? 'created_at:desc' : 'created_at';
  const items = (order.orderBy?.trim() ? order.orderBy : fallback).split(',').map((item) => item.trim()).filter(Boolean);
  let lastDirection: 'asc' | 'desc' = 'asc';
  for (const item of items) {
    const [rawKey, rawDirection] = item.split(':').map((part) => part.trim());
    if (rawDirection !== undefined && rawDirection !== 'asc' && rawDirection !== 'desc') {
      throw badRequest('common.invalid-order-by-statement-is-invalid', { orderBy: order.orderBy, field: rawDirection });
    }
    lastDirection = rawDirection ?? order.orderDirection;
    const [expression, modifier] = orderTerm(snakeCase(rawKey), rawKey, lastDirection, order);
    query = query.orderBy(expression, modifier);
  }
  // The id breaks ties in the same direction as the last key, so (group_id, created_at, id) serves the whole
  // default order and a deep page skips rows inside the index instead of sorting the group.
  return query.orderBy('r.id', lastDirection);
}

/**
 * SQLite's answer per database and page query text (its plans do not depend on the values: it keeps no
 * statistics). Per database: another database's schema (one migrated further, say) may plan the same text otherwise.
 */
const sortingPlansByDb = new WeakMap<object, Map<string, boolean>>();
const SORTING_PLANS_KEPT = 256;

/**
 * Whether SQLite sorts a page query's matches in a temporary B-tree, so it visits every match before the
 * first row comes out (a list narrowed by organizers, random order, an order no index serves). Counting the
 * matches in that same pass then costs next to nothing, against a second walk of them. One EXPLAIN per
 * query text, kept; PostgreSQL's plans follow the values, so it always answers false there.
 */
export async function sortsEveryMatch(db: Executor, engine: DbEngine | undefined, query: Compilable): Promise<boolean> {
  if (engine !== 'sqlite') return false;
  const compiled = query.compile();
  let sortingPlans = sortingPlansByDb.get(db);
  if (!sortingPlans) sortingPlansByDb.set(db, (sortingPlans = new Map()));
  let sorts = sortingPlans.get(compiled.sql);
  if (sorts === undefined) {
    const plan = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
    sorts = plan.rows.some((step) => step.detail === 'USE TEMP B-TREE FOR ORDER BY');
    if (sortingPlans.size >= SORTING_PLANS_KEPT) sortingPlans.clear();
    sortingPlans.set(compiled.sql, sorts);
  }
  return sorts;
}
