import crypto from 'node:crypto';
import type { Paginated } from '../../../contract/common.js';
import {
  addDays, localDate, ruleDayOf, weekStart,
  type CreatePlanEntry, type CreateRandomEntry, type PlanEntryListQuery, type PlanEntryType, type PlanRulesCreate, type PlanRulesOut,
  type PlanRuleDay, type PlanRuleType, type ReadPlanEntry, type UpdatePlanEntry,
} from '../../../contract/mealplans.js';
import type { Deps } from '../../platform/deps.js';
import { emitEvent } from '../../platform/events/emit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { parseQueryFilter, queryFilterToJson, storedFilter } from '../../platform/query-filter/index.js';
import { recipeQueryFilter } from '../recipes/list.js';
import * as repo from './repo.js';
import type { EntryRow, HouseholdScope, RuleRow } from './repo.js';
import { API } from '../../../contract/routes.js';
import { toStoredTimestamp } from '../../db/timestamps.js';

export type { HouseholdScope } from './repo.js';

/** Who acts: the household's scope and the member writing. */
export interface PlanUser extends HouseholdScope {
  id: string;
}

/*
 * Meal plans: a household's entries by calendar date and meal type, and the rules that narrow its random
 * picks. Every entry and rule belongs to one household; another household (or group) gets a 404.
 */

function toReadEntry(row: EntryRow, recipes: Map<string, ReadPlanEntry['recipe'] & object>): ReadPlanEntry {
  return {
    date: row.date,
    entryType: row.entry_type as PlanEntryType,
    title: row.title,
    text: row.text,
    recipeId: row.recipe_id,
    id: Number(row.id),
    groupId: row.group_id,
    userId: row.user_id,
    householdId: row.household_id,
    recipe: (row.recipe_id && recipes.get(row.recipe_id)) || null,
    updatedAt: row.update_at,
  };
}

/** Entries with their recipe summaries: a fixed number of queries whatever the number of entries. */
async function withRecipes(deps: Deps, scope: HouseholdScope, rows: EntryRow[]): Promise<ReadPlanEntry[]> {
  const ids = rows.flatMap((r) => (r.recipe_id ? [r.recipe_id] : []));
  const recipes = await repo.loadRecipeSummaries(deps.db, deps.engine, ids, scope.householdId);
  return rows.map((row) => toReadEntry(row, recipes));
}

export async function listEntries(deps: Deps, scope: HouseholdScope, query: PlanEntryListQuery, rawQuery: Record<string, unknown>): Promise<Paginated<ReadPlanEntry>> {
  if (query.start_date && query.end_date && query.start_date > query.end_date) throw badRequest('mealplans.start-date-must-not-be-after-end');
  const range = { start: query.start_date, end: query.end_date, filter: repo.entryQueryFilter(query.queryFilter) };
  const total = await repo.countEntries(deps.db, scope, range);
  const window = pageWindow(query, total);
  const rows = await repo.listEntryRows(deps.db, scope, range, window);
  return envelope(API.householdsMealplans, rawQuery, window, total, await withRecipes(deps, scope, rows));
}

/**
 * The household's entries of one calendar day (yyyy-MM-dd), breakfast to side, each with its recipe.
 * Also what a meal-plan webhook sends (Mealie posts the day's entries).
 */
export async function entriesOfDay(deps: Deps, scope: HouseholdScope, day: string): Promise<ReadPlanEntry[]> {
  return withRecipes(deps, scope, await repo.listEntryRows(deps.db, scope, { start: day, end: day }));
}

/** Today's entries; today is the server's local calendar date, as in Mealie. */
export async function todaysEntries(deps: Deps, scope: HouseholdScope, today = localDate()): Promise<ReadPlanEntry[]> {
  return entriesOfDay(deps, scope, today);
}

export async function getEntry(deps: Deps, scope: HouseholdScope, id: number): Promise<ReadPlanEntry> {
  const row = await repo.findEntryRow(deps.db, scope, id);
  if (!row) throw notFound('mealplans.meal-plan-entry-not-found');
  return (await withRecipes(deps, scope, [row]))[0];
}

async function entryValues(deps: Deps, scope: HouseholdScope, input: CreatePlanEntry): Promise<repo.EntryValues> {
  const recipeId = input.recipeId ?? null;
  if (recipeId && !(await repo.recipeInGroup(deps.db, scope.groupId, recipeId))) throw badRequest('common.recipe-not-found');
  return { date: input.date, entry_type: input.entryType, title: input.title, text: input.text, recipe_id: recipeId };
}

/** What an entry's events carry (contract/events.ts): its id, date, meal type and recipe. */
function eventData(id: number, values: repo.EntryValues) {
  // name: what a notification calls the entry (its title; a recipe-only entry is named by its date).
  return { id: String(id), name: values.title || values.date, date: values.date, entryType: values.entry_type, recipeId: values.recipe_id };
}

/** Writes an entry and announces mealplan_entry_created in the same transaction (the outbox). */
export async function createEntry(deps: Deps, user: PlanUser, input: CreatePlanEntry): Promise<ReadPlanEntry> {
  const values = await entryValues(deps, user, input);
  const id = await deps.db.transaction().execute(async (trx) => {
    const created = await repo.insertEntry(trx, user, user.id, values);
    await emitEvent(trx, { type: 'mealplan_entry_created', groupId: user.groupId, householdId: user.householdId, userId: user.id, data: eventData(created, values) });
    return created;
  });
  return getEntry(deps, user, id);
}

export async function updateEntry(deps: Deps, user: PlanUser, id: number, input: UpdatePlanEntry): Promise<ReadPlanEntry> {
  const existing = await repo.findEntryRow(deps.db, user, id);
  if (!existing) throw notFound('mealplans.meal-plan-entry-not-found');
  const values = await entryValues(deps, user, input);
  await deps.db.transaction().execute(async (trx) => {
    // The rule for a concurrent change (issue 41): an update that says which version it was based on is
    // applied only when the entry has not changed since; otherwise the newer entry wins and the client is told.
    if (input.updatedAt) {
      const seen = toStoredTimestamp(input.updatedAt);
      if (!seen) throw badRequest('mealplans.invalid-updated-at');
      if (!(await repo.updateEntryIfUnchanged(trx, user, id, values, seen))) throw conflict('mealplans.entry-changed-since-read');
    }
    if (!input.updatedAt) await repo.updateEntry(trx, user, id, values, existing.update_at);
    await emitEvent(trx, { type: 'mealplan_entry_updated', groupId: user.groupId, householdId: user.householdId, userId: user.id, data: eventData(id, values) });
  });
  return getEntry(deps, user, id);
}

export async function deleteEntry(deps: Deps, user: PlanUser, id: number): Promise<ReadPlanEntry> {
  const entry = await getEntry(deps, user, id);
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteEntry(trx, user, id);
    await emitEvent(trx, { type: 'mealplan_entry_deleted', groupId: user.groupId, householdId: user.householdId, userId: user.id, data: { id: String(id), date: entry.date } });
  });
  return entry;
}

/** The household's week (7 days from its firstDayOfWeek) holding a date. */
export async function householdWeek(deps: Deps, scope: HouseholdScope, date: string): Promise<{ start: string; end: string }> {
  const start = weekStart(date, await repo.firstDayOfWeek(deps.db, scope.householdId));
  return { start, end: addDays(start, 6) };
}

/**
 * POST /api/households/mealplans/random: plans a recipe of the group matching every rule that applies to
 * the date's weekday and the meal type (a rule for any day or any type applies too). A recipe already planned
 * in the household's week holding the date is skipped while any other recipe matches.
 */
export async function createRandomEntry(deps: Deps, user: PlanUser, input: CreateRandomEntry, seed = `${Date.now()}:${crypto.randomUUID()}`): Promise<ReadPlanEntry> {
  const rules = await repo.rulesFor(deps.db, user, ruleDayOf(input.date), input.entryType);
  const conditions = rules.flatMap((rule) => {
    const condition = recipeQueryFilter(rule.query_filter_string);
    return condition ? [condition] : [];
  });
  const week = await householdWeek(deps, user, input.date);
  const planned = await repo.plannedRecipeIds(deps.db, user, week.start, week.end);
  let recipeId = await repo.pickRecipeId(deps.db, deps.engine, user.groupId, conditions, planned, seed);
  if (!recipeId && planned.length > 0) recipeId = await repo.pickRecipeId(deps.db, deps.engine, user.groupId, conditions, [], seed);
  if (!recipeId) throw conditions.length > 0 ? notFound('mealplans.no-recipes-match-your-rules') : notFound('mealplans.no-recipes-found');
  return createEntry(deps, user, { date: input.date, entryType: input.entryType, title: '', text: '', recipeId });
}

// Rules

function toRuleOut(row: RuleRow): PlanRulesOut {
  const text = row.query_filter_string;
  return {
    day: row.day as PlanRuleDay,
    entryType: row.entry_type as PlanRuleType,
    queryFilterString: text,
    groupId: row.group_id,
    householdId: row.household_id,
    id: row.id,
    queryFilter: text.trim() ? queryFilterToJson(parseQueryFilter(text)) : { parts: [] },
  };
}

/** Checks a rule's filter with the recipe list's queryFilter engine: a malformed one is a 422 and is never saved. */
function ruleValues(input: PlanRulesCreate): repo.RuleValues {
  const text = input.queryFilterString.trim();
  storedFilter(text, recipeQueryFilter);
  return { day: input.day, entry_type: input.entryType, query_filter_string: text };
}

export async function listRules(deps: Deps, scope: HouseholdScope, query: { page: number; perPage: number }, rawQuery: Record<string, unknown>): Promise<Paginated<PlanRulesOut>> {
  const total = await repo.countRules(deps.db, scope);
  const window = pageWindow(query, total);
  const rows = await repo.listRuleRows(deps.db, scope, window);
  return envelope(API.householdsMealplansRules, rawQuery, window, total, rows.map(toRuleOut));
}

export async function getRule(deps: Deps, scope: HouseholdScope, id: string): Promise<PlanRulesOut> {
  const row = await repo.findRuleRow(deps.db, scope, id);
  if (!row) throw notFound('mealplans.meal-plan-rule-not-found');
  return toRuleOut(row);
}

export async function createRule(deps: Deps, scope: HouseholdScope, input: PlanRulesCreate): Promise<PlanRulesOut> {
  const values = ruleValues(input);
  const id = await repo.insertRule(deps.db, scope, values);
  return getRule(deps, scope, id);
}

export async function updateRule(deps: Deps, scope: HouseholdScope, id: string, input: PlanRulesCreate): Promise<PlanRulesOut> {
  await getRule(deps, scope, id);
  await repo.updateRule(deps.db, scope, id, ruleValues(input));
  return getRule(deps, scope, id);
}

export async function deleteRule(deps: Deps, scope: HouseholdScope, id: string): Promise<PlanRulesOut> {
  const rule = await getRule(deps, scope, id);
  await repo.deleteRule(deps.db, scope, id);
  return rule;
}
