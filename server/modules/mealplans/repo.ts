import crypto from 'node:crypto';
import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import type { GroupMealPlanRulesTable, GroupMealPlansTable } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { fromMicros, microsOf } from '../../db/timestamps.js';
import { columnAttribute, queryFilterCondition, type QueryFilterRegistry } from '../../platform/query-filter/index.js';
import type { PageWindow } from '../../platform/pagination.js';
import { applyRecipeFilters, recipesQuery } from '../recipes/list.js';
import type { RecipeFilterCondition } from '../recipes/list-repo.js';
import { randomOrderExpression } from '../recipes/random-order.js';
import { loadRecipeOrganizers, toRecipeSummary } from '../recipes/relations.js';
import { inIds, type Executor } from '../recipes/sql.js';
import type { RecipeSummary } from '../../../contract/recipes.js';

/*
 * The SQL of meal plans and their rules. Every statement is scoped by household (and group), so another
 * household never reads or changes a row; dates are yyyy-MM-dd text compared as text.
 */

export type EntryRow = Selectable<GroupMealPlansTable>;
export type RuleRow = Selectable<GroupMealPlanRulesTable>;

export interface HouseholdScope {
  groupId: string;
  householdId: string;
}

/** Breakfast, lunch, dinner, side: the order of a day's meals. */
const ENTRY_TYPE_ORDER = sql<number>`case e.entry_type when 'breakfast' then 0 when 'lunch' then 1 when 'dinner' then 2 when 'side' then 3 else 4 end`;

/** What `queryFilter` may name on GET /api/households/mealplans. */
const ENTRY_FILTER_ATTRIBUTES: QueryFilterRegistry = {
  id: columnAttribute('e.id', 'number'),
  date: columnAttribute('e.date', 'text'),
  entry_type: columnAttribute('e.entry_type', 'text'),
  title: columnAttribute('e.title', 'text'),
  text: columnAttribute('e.text', 'text'),
  recipe_id: columnAttribute('e.recipe_id', 'uuid'),
  user_id: columnAttribute('e.user_id', 'uuid'),
  group_id: columnAttribute('e.group_id', 'uuid'),
  household_id: columnAttribute('e.household_id', 'uuid'),
  created_at: columnAttribute('e.created_at', 'datetime'),
  update_at: columnAttribute('e.update_at', 'datetime'),
  updated_at: columnAttribute('e.update_at', 'datetime'),
};

/** A checked entry queryFilter (a malformed one is a 400 before any query runs). */
export function entryQueryFilter(text: string | undefined) {
  return text?.trim() ? queryFilterCondition(text, ENTRY_FILTER_ATTRIBUTES) : null;
}

export interface EntryRange {
  start?: string;
  end?: string;
  filter?: ReturnType<typeof entryQueryFilter>;
}

function entriesWhere(db: Executor, scope: HouseholdScope, range: EntryRange) {
  let query = db.selectFrom('group_meal_plans as e').where('e.household_id', '=', scope.householdId).where('e.group_id', '=', scope.groupId);
  if (range.start) query = query.where('e.date', '>=', range.start);
  if (range.end) query = query.where('e.date', '<=', range.end);
  if (range.filter) query = query.where(range.filter);
  return query;
}

export async function countEntries(db: Executor, scope: HouseholdScope, range: EntryRange): Promise<number> {
  const row = await entriesWhere(db, scope, range).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of entries ordered by date, then meal type, then creation. */
export async function listEntryRows(db: Executor, scope: HouseholdScope, range: EntryRange, window?: PageWindow): Promise<EntryRow[]> {
  let query = entriesWhere(db, scope, range).selectAll('e').orderBy('e.date').orderBy(ENTRY_TYPE_ORDER).orderBy('e.id');
  if (window && window.limit !== null) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

export async function findEntryRow(db: Executor, scope: HouseholdScope, id: number): Promise<EntryRow | undefined> {
  return entriesWhere(db, scope, {}).selectAll('e').where('e.id', '=', id).executeTakeFirst();
}

export interface EntryValues {
  date: string;
  entry_type: string;
  title: string;
  text: string;
  recipe_id: string | null;
}

export async function insertEntry(db: Executor, scope: HouseholdScope, userId: string, values: EntryValues): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('group_meal_plans')
    .values({ ...values, group_id: scope.groupId, household_id: scope.householdId, user_id: userId, created_at: now, update_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateEntry(db: Executor, scope: HouseholdScope, id: number, values: EntryValues, previous?: string): Promise<void> {
  await db
    .updateTable('group_meal_plans')
    .set({ ...values, update_at: previous ? nextStamp(previous) : nowIso() })
    .where('id', '=', id)
    .where('household_id', '=', scope.householdId)
    .execute();
}

/** A time strictly after the entry's last one, so every write moves its updatedAt (two writes in one millisecond too). */
function nextStamp(previous: string): string {
  const now = nowIso();
  const last = microsOf(previous);
  return last !== null && (microsOf(now) ?? 0) <= last ? fromMicros(last + 1) : now;
}

/**
 * Writes the entry only if it has not changed since `seen` (the updatedAt the client read, in stored form):
 * one conditional UPDATE, so two members writing at once cannot both pass. False when it changed (or is gone).
 */
export async function updateEntryIfUnchanged(db: Executor, scope: HouseholdScope, id: number, values: EntryValues, seen: string): Promise<boolean> {
  const current = await db.selectFrom('group_meal_plans').select('update_at').where('id', '=', id).where('household_id', '=', scope.householdId).executeTakeFirst();
  if (!current) return false;
  const result = await db
    .updateTable('group_meal_plans')
    .set({ ...values, update_at: nextStamp(current.update_at) })
    .where('id', '=', id)
    .where('household_id', '=', scope.householdId)
    .where('update_at', '<=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEntry(db: Executor, scope: HouseholdScope, id: number): Promise<void> {
  await db.deleteFrom('group_meal_plans').where('id', '=', id).where('household_id', '=', scope.householdId).execute();
}

/** The recipes planned by the household between two dates (inclusive). */
export async function plannedRecipeIds(db: Executor, scope: HouseholdScope, start: string, end: string): Promise<string[]> {
  const rows = await entriesWhere(db, scope, { start, end }).select('e.recipe_id').where('e.recipe_id', 'is not', null).distinct().execute();
  return rows.flatMap((r) => (r.recipe_id ? [r.recipe_id] : []));
}

/** Whether the recipe exists in the group (entries may plan any recipe of the group). */
export async function recipeInGroup(db: Executor, groupId: string, recipeId: string): Promise<boolean> {
  const row = await db.selectFrom('recipes').select('id').where('id', '=', recipeId).where('group_id', '=', groupId).executeTakeFirst();
  return Boolean(row);
}

/** RecipeSummary of many recipes in four queries whatever their number (the rows, then their organizers). */
export async function loadRecipeSummaries(
  db: Executor,
  engine: DbEngine,
  recipeIds: readonly string[],
  viewerHouseholdId: string,
): Promise<Map<string, RecipeSummary>> {
  const ids = [...new Set(recipeIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('recipes').selectAll().where(inIds(engine, 'id', ids)).execute();
  const organizers = await loadRecipeOrganizers(db, engine, rows.map((r) => r.id), viewerHouseholdId);
  return new Map(rows.map((row) => [row.id, toRecipeSummary(row, organizers)]));
}

/**
 * One recipe of the group matching every condition, in the order of `seed`, skipping `exclude` — or null.
 * One query: the random key is computed in SQL from the seed and the recipe id (recipes/random-order.ts).
 */
export async function pickRecipeId(
  db: Executor,
  engine: DbEngine,
  groupId: string,
  conditions: RecipeFilterCondition[],
  exclude: readonly string[],
  seed: string,
): Promise<string | null> {
  let query = applyRecipeFilters(recipesQuery(db), { groupId, engine });
  for (const condition of conditions) query = query.where(condition);
  if (exclude.length > 0) query = query.where((eb) => eb.not(inIds(engine, 'r.id', exclude) as Expression<SqlBool>));
  const row = await query.select('r.id').orderBy(randomOrderExpression(engine, 'r.id', seed)).orderBy('r.id').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

// Rules

function rulesWhere(db: Executor, scope: HouseholdScope) {
  return db.selectFrom('group_meal_plan_rules as p').where('p.household_id', '=', scope.householdId).where('p.group_id', '=', scope.groupId);
}

export async function countRules(db: Executor, scope: HouseholdScope): Promise<number> {
  const row = await rulesWhere(db, scope).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listRuleRows(db: Executor, scope: HouseholdScope, window?: PageWindow): Promise<RuleRow[]> {
  let query = rulesWhere(db, scope).selectAll('p').orderBy('p.created_at').orderBy('p.id');
  if (window && window.limit !== null) query = query.limit(window.limit).offset(window.offset);
  return query.execute();
}

export async function findRuleRow(db: Executor, scope: HouseholdScope, id: string): Promise<RuleRow | undefined> {
  return rulesWhere(db, scope).selectAll('p').where('p.id', '=', id).executeTakeFirst();
}

/** The household's rules applying to a day and a meal type: exactly that day or any day, that type or any type. */
export async function rulesFor(db: Executor, scope: HouseholdScope, day: string, entryType: string): Promise<RuleRow[]> {
  return rulesWhere(db, scope)
    .selectAll('p')
    .where('p.day', 'in', [day, 'unset'])
    .where('p.entry_type', 'in', [entryType, 'unset'])
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

export interface RuleValues {
  day: string;
  entry_type: string;
  query_filter_string: string;
}

export async function insertRule(db: Executor, scope: HouseholdScope, values: RuleValues): Promise<string> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await db
    .insertInto('group_meal_plan_rules')
    .values({ id, group_id: scope.groupId, household_id: scope.householdId, ...values, created_at: now, update_at: now })
    .execute();
  return id;
}

export async function updateRule(db: Executor, scope: HouseholdScope, id: string, values: RuleValues): Promise<void> {
  await db.updateTable('group_meal_plan_rules').set({ ...values, update_at: nowIso() }).where('id', '=', id).where('household_id', '=', scope.householdId).execute();
}

export async function deleteRule(db: Executor, scope: HouseholdScope, id: string): Promise<void> {
  await db.deleteFrom('group_meal_plan_rules').where('id', '=', id).where('household_id', '=', scope.householdId).execute();
}

/** The household's first day of the week (0 = Sunday … 6), from its preferences. */
export async function firstDayOfWeek(db: Executor, householdId: string): Promise<number> {
  const row = await db.selectFrom('household_preferences').select('first_day_of_week').where('household_id', '=', householdId).executeTakeFirst();
  return Number(row?.first_day_of_week ?? 0);
}
