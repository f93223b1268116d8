import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { HouseholdOut, HouseholdPreferences, HouseholdSummary } from '../../../contract/accounts.js';
import type { Database, HouseholdPreferencesTable } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { slugify } from '../../platform/slug.js';
import { unitSystemOf } from '../../food/units.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function createHousehold(
  db: Executor,
  groupId: string,
  name: string,
  options: { privateHousehold?: boolean; firstDayOfWeek?: number } = {},
): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('common.name-is-required');
  const clash = await db
    .selectFrom('households')
    .select('id')
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([eb('name', '=', trimmed), eb('slug', '=', slugify(trimmed))]))
    .executeTakeFirst();
  if (clash) throw conflict('common.household-name-is-taken');
  const now = nowIso();
  const id = crypto.randomUUID();
  await db.insertInto('households').values({ id, name: trimmed, slug: slugify(trimmed), group_id: groupId, created_at: now, update_at: now }).execute();
  await db
    .insertInto('household_preferences')
    .values({
      id: crypto.randomUUID(),
      household_id: id,
      private_household: options.privateHousehold ?? true,
      lock_recipe_edits_from_other_households: true,
      first_day_of_week: options.firstDayOfWeek ?? 0,
      recipe_public: true,
      recipe_show_nutrition: false,
      recipe_show_assets: false,
      recipe_landscape_view: false,
      recipe_disable_comments: false,
      recipe_disable_amount: true,
      created_at: now,
      update_at: now,
    })
    .execute();
  return id;
}

export function preferencesOut(row: HouseholdPreferencesTable): HouseholdPreferences {
  return {
    id: row.id,
    privateHousehold: bool(row.private_household),
    lockRecipeEditsFromOtherHouseholds: bool(row.lock_recipe_edits_from_other_households),
    firstDayOfWeek: row.first_day_of_week,
    recipePublic: bool(row.recipe_public),
    recipeShowNutrition: bool(row.recipe_show_nutrition),
    recipeShowAssets: bool(row.recipe_show_assets),
    recipeLandscapeView: bool(row.recipe_landscape_view),
    recipeDisableComments: bool(row.recipe_disable_comments),
    recipeDisableAmount: bool(row.recipe_disable_amount),
    unitSystem: unitSystemOf(row.unit_system),
    onHandFromShopping: bool(row.on_hand_from_shopping ?? false),
    onHandUsedUpByCooking: bool(row.on_hand_used_up_by_cooking ?? false),
  };
}

const PREFERENCE_COLUMNS: Record<keyof Omit<HouseholdPreferences, 'id'>, keyof HouseholdPreferencesTable> = {
  privateHousehold: 'private_household',
  lockRecipeEditsFromOtherHouseholds: 'lock_recipe_edits_from_other_households',
  firstDayOfWeek: 'first_day_of_week',
  recipePublic: 'recipe_public',
  recipeShowNutrition: 'recipe_show_nutrition',
  recipeShowAssets: 'recipe_show_assets',
  recipeLandscapeView: 'recipe_landscape_view',
  recipeDisableComments: 'recipe_disable_comments',
  recipeDisableAmount: 'recipe_disable_amount',
  unitSystem: 'unit_system',
  onHandFromShopping: 'on_hand_from_shopping',
  onHandUsedUpByCooking: 'on_hand_used_up_by_cooking',
};

export async function getHouseholdPreferences(db: Executor, householdId: string): Promise<HouseholdPreferences> {
  const row = await db.selectFrom('household_preferences').selectAll().where('household_id', '=', householdId).executeTakeFirst();
  if (!row) throw notFound('households.household-preferences-not-found');
  return preferencesOut(row);
}

export async function updateHouseholdPreferences(
  db: Executor,
  householdId: string,
  patch: Partial<Omit<HouseholdPreferences, 'id'>>,
): Promise<HouseholdPreferences> {
  const set: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(PREFERENCE_COLUMNS)) {
    const value = patch[key as keyof typeof PREFERENCE_COLUMNS];
    if (value !== undefined) set[column] = value;
  }
  if (Object.keys(set).length > 0) {
    await db
      .updateTable('household_preferences')
      .set({ ...set, update_at: nowIso() })
      .where('household_id', '=', householdId)
      .execute();
  }
  return getHouseholdPreferences(db, householdId);
}

/** Households with preferences, optionally with their users: at most three queries. */
export async function listHouseholds(
  db: Executor,
  filter: { groupId?: string; ids?: string[] },
  withUsers = false,
): Promise<HouseholdOut[]> {
  let query = db
    .selectFrom('households as h')
    .innerJoin('groups as g', 'g.id', 'h.group_id')
    .select(['h.id', 'h.name', 'h.slug', 'h.group_id', 'g.name as group_name']);
  if (filter.groupId) query = query.where('h.group_id', '=', filter.groupId);
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    query = query.where('h.id', 'in', filter.ids);
  }
  const rows = await query.orderBy('h.name').orderBy('g.name').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const prefs = await db.selectFrom('household_preferences').selectAll().where('household_id', 'in', ids).execute();
  const prefsById = new Map(prefs.map((p) => [p.household_id, preferencesOut(p)]));
  const usersByHousehold = new Map<string, Array<{ id: string; fullName: string }>>();
  if (withUsers) {
    const users = await db.selectFrom('users').select(['id', 'full_name', 'household_id']).where('household_id', 'in', ids).orderBy('full_name').execute();
    for (const u of users) {
      const list = usersByHousehold.get(u.household_id) ?? [];
      list.push({ id: u.id, fullName: u.full_name ?? '' });
      usersByHousehold.set(u.household_id, list);
    }
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    groupId: r.group_id,
    group: r.group_name,
    preferences: prefsById.get(r.id) ?? null,
    users: withUsers ? (usersByHousehold.get(r.id) ?? []) : null,
    webhooks: [],
  }));
}

export function toSummary(h: HouseholdOut): HouseholdSummary {
  return { id: h.id, name: h.name, slug: h.slug, groupId: h.groupId, preferences: h.preferences };
}

export async function getHousehold(db: Executor, householdId: string, withUsers = true): Promise<HouseholdOut> {
  const [household] = await listHouseholds(db, { ids: [householdId] }, withUsers);
  if (!household) throw notFound('common.household-not-found');
  return household;
}

/** Another household of the group already named so (or with that slug). */
export async function householdNameClashes(db: Executor, groupId: string, householdId: string, name: string): Promise<boolean> {
  const clash = await db
    .selectFrom('households')
    .select('id')
    .where('group_id', '=', groupId)
    .where('id', '<>', householdId)
    .where((eb) => eb.or([eb('name', '=', name), eb('slug', '=', slugify(name))]))
    .executeTakeFirst();
  return !!clash;
}

/** A name (any case) or its slug already used by a household of the group: the forms' uniqueness check. */
export async function householdNameInUse(db: Executor, groupId: string, name: string): Promise<boolean> {
  const taken = await db
    .selectFrom('households')
    .select('id')
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([eb(sql`lower(name)`, '=', name.trim().toLowerCase()), eb('slug', '=', slugify(name))]))
    .executeTakeFirst();
  return !!taken;
}

export async function renameHousehold(db: Executor, householdId: string, name: string): Promise<void> {
  await db.updateTable('households').set({ name, slug: slugify(name), update_at: nowIso() }).where('id', '=', householdId).execute();
}

export async function deleteHouseholdRow(db: Executor, householdId: string): Promise<void> {
  await db.deleteFrom('households').where('id', '=', householdId).execute();
}
