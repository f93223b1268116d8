/**
 * Foods a household counts as interchangeable (issue 37): "unsalted butter on hand satisfies salted butter"
 * only once the household says so. A pair is stored once (smaller id first) and read both ways; it is the
 * household's own — another household of the same group keeps its foods apart. Not transitive: each pair
 * is said on its own, so what counts is exactly what the household listed.
 */
import type { FoodEquivalentsOut } from '../../../contract/cupboard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { inIds, type Executor } from '../recipes/sql.js';

export interface HouseholdScope {
  groupId: string;
  householdId: string;
}

const ordered = (a: string, b: string) => (a < b ? { food_id: a, other_food_id: b } : { food_id: b, other_food_id: a });

async function assertFood(db: Executor, groupId: string, foodId: string): Promise<{ id: string; name: string }> {
  const row = await db.selectFrom('ingredient_foods').select(['id', 'name']).where('id', '=', foodId).where('group_id', '=', groupId).executeTakeFirst();
  if (!row) throw notFound('common.food-not-found');
  return row;
}

/** The ids of the foods counted as `foodId` in the household (either side of a pair). */
async function equivalentIds(db: Executor, householdId: string, foodId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('household_food_equivalents')
    .select(['food_id', 'other_food_id'])
    .where('household_id', '=', householdId)
    .where((eb) => eb.or([eb('food_id', '=', foodId), eb('other_food_id', '=', foodId)]))
    .execute();
  return rows.map((row) => (row.food_id === foodId ? row.other_food_id : row.food_id));
}

export async function foodEquivalents(deps: Pick<Deps, 'db' | 'engine'>, scope: HouseholdScope, foodId: string): Promise<FoodEquivalentsOut> {
  const food = await assertFood(deps.db, scope.groupId, foodId.toLowerCase());
  const ids = await equivalentIds(deps.db, scope.householdId, food.id);
  const rows = ids.length
    ? await deps.db.selectFrom('ingredient_foods').select(['id', 'name']).where(inIds(deps.engine, 'id', ids)).orderBy('name').orderBy('id').execute()
    : [];
  return { foodId: food.id, equivalents: rows.map((row) => ({ id: row.id, name: row.name })) };
}

/**
 * Replaces the foods the household counts as `foodId` (symmetric: the other foods' lists change with it).
 * Each must be another food of the group.
 */
export async function setFoodEquivalents(deps: Pick<Deps, 'db' | 'engine'>, scope: HouseholdScope, foodId: string, otherIds: string[]): Promise<FoodEquivalentsOut> {
  const food = await assertFood(deps.db, scope.groupId, foodId.toLowerCase());
  const wanted = [...new Set(otherIds.map((id) => id.toLowerCase()))];
  if (wanted.includes(food.id)) throw badRequest('foods.food-cannot-count-as-itself');
  if (wanted.length) {
    const known = await deps.db.selectFrom('ingredient_foods').select('id').where('group_id', '=', scope.groupId).where(inIds(deps.engine, 'id', wanted)).execute();
    if (known.length !== wanted.length) throw badRequest('foods.interchangeable-food-not-found');
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('household_food_equivalents')
      .where('household_id', '=', scope.householdId)
      .where((eb) => eb.or([eb('food_id', '=', food.id), eb('other_food_id', '=', food.id)]))
      .execute();
    if (wanted.length) {
      await trx.insertInto('household_food_equivalents').values(wanted.map((other) => ({ household_id: scope.householdId, ...ordered(food.id, other) }))).execute();
    }
  });
  return foodEquivalents(deps, scope, food.id);
}

/**
 * The foods the household has, widened by its interchangeable pairs: a food counts as had when it, or a
 * food paired with it, is had (one statement).
 */
export async function withEquivalents(db: Executor, engine: Deps['engine'], householdId: string | null | undefined, had: readonly string[]): Promise<string[]> {
  if (!householdId || had.length === 0) return [...had];
  const rows = await db
    .selectFrom('household_food_equivalents')
    .select(['food_id', 'other_food_id'])
    .where('household_id', '=', householdId)
    .where((eb) => eb.or([inIds(engine, 'food_id', had), inIds(engine, 'other_food_id', had)]))
    .execute();
  const out = new Set(had);
  for (const row of rows) {
    out.add(row.food_id);
    out.add(row.other_food_id);
  }
  return [...out];
}
