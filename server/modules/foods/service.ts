import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FoodIn, FoodOut } from '../../../contract/foods.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { normalizeText } from '../../platform/slug.js';
import { indexRecipes, recipeIdsReferencing, reindexRecipesReferencing } from '../../search/index.js';
import { wantedOnHand, type HouseholdScope } from '../organizers/tools.js';
import { findFoodIdByName, getFood, type Executor } from './repo.js';
import { isUniqueViolation } from '../recipes/sql.js';
import { exactReferenceFor } from '../../food/synonyms.js';
import { defaultLabelId, initialReferenceId, ownValueColumns, referenceIdIn } from './knowledge.js';

type Db = Kysely<Database>;
/** What writes need: food names are part of the recipe search index, which they keep current. */
export type WriteDeps = Pick<Deps, 'db' | 'engine'>;

/** Alias rows for an item: trimmed, without blanks and without repeats (accents and case ignored). */
export function distinctAliases(names: Array<{ name: string }>): Array<{ name: string; name_normalized: string }> {
  const seen = new Set<string>();
  const out: Array<{ name: string; name_normalized: string }> = [];
  for (const { name } of names) {
    const trimmed = name.trim();
    const normalized = normalizeText(trimmed);
    if (!normalized || seen.has(normalized)) continue;
    seen.add(normalized);
    out.push({ name: trimmed, name_normalized: normalized });
  }
  return out;
}

async function assertLabelInGroup(db: Executor, groupId: string, labelId: string | null | undefined): Promise<void> {
  if (!labelId) return;
  const label = await db.selectFrom('multi_purpose_labels').select('id').where('id', '=', labelId).where('group_id', '=', groupId).executeTakeFirst();
  if (!label) throw notFound('common.label-not-found');
}

/** The database's unique index settles a race the check above lost: still a 409, never a 500. */
function nameTaken(name: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict('foods.food-named-already-exists', { name });
    throw error;
  };
}

async function assertNameFree(db: Executor, groupId: string, name: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom('ingredient_foods').select('id').where('group_id', '=', groupId).where('name_normalized', '=', normalizeText(name));
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw conflict('foods.food-named-already-exists', { name });
}

async function replaceAliases(db: Executor, foodId: string, aliases: Array<{ name: string }>): Promise<void> {
  await db.deleteFrom('ingredient_foods_aliases').where('food_id', '=', foodId).execute();
  const rows = distinctAliases(aliases).map((alias) => ({ id: crypto.randomUUID(), food_id: foodId, ...alias }));
  if (rows.length > 0) await db.insertInto('ingredient_foods_aliases').values(rows).execute();
}

export async function setFoodOnHand(db: Executor, foodId: string, householdId: string, onHand: boolean): Promise<void> {
  await db.deleteFrom('households_to_ingredient_foods').where('food_id', '=', foodId).where('household_id', '=', householdId).execute();
  if (onHand) await db.insertInto('households_to_ingredient_foods').values({ food_id: foodId, household_id: householdId }).execute();
}

/** A form's empty label choice (`labelId: ""`) means no label, not a label with an empty id. */
function withoutBlankLabel(input: FoodIn): FoodIn {
  return typeof input.labelId === 'string' && input.labelId.trim() === '' ? { ...input, labelId: null } : input;
}

export interface NewFood {
  name: string;
  pluralName?: string | null;
  description?: string | null;
  labelId?: string | null;
  /** USDA SR26 NDB number (server/food). */
  referenceFoodId?: string | null;
  density?: number | null;
  pieceGrams?: number | null;
  nutritionJson?: string | null;
  extras?: Record<string, unknown> | null;
}

/** Inserts food rows with their normalized columns (no checks: callers validate). Returns the ids in order. */
export async function insertFoods(db: Executor, groupId: string, foods: NewFood[]): Promise<string[]> {
  const now = nowIso();
  const rows = foods.map((food) => ({
    id: crypto.randomUUID(),
    group_id: groupId,
    name: food.name.trim(),
    plural_name: food.pluralName?.trim() || null,
    description: food.description ?? '',
    on_hand: false,
    label_id: food.labelId ?? null,
    extras: JSON.stringify(food.extras ?? {}),
    name_normalized: normalizeText(food.name),
    plural_name_normalized: normalizeText(food.pluralName),
    reference_food_id: food.referenceFoodId ?? null,
    density: food.density ?? null,
    piece_grams: food.pieceGrams ?? null,
    nutrition_per_100g: food.nutritionJson ?? null,
    created_at: now,
    update_at: now,
  }));
  // Chunked so a large seed stays under both engines' bound-parameter limits.
  for (let start = 0; start < rows.length; start += 200) {
    await db.insertInto('ingredient_foods').values(rows.slice(start, start + 200)).execute();
  }
  return rows.map((row) => row.id);
}

export async function createFood(db: Db, scope: HouseholdScope, input: FoodIn): Promise<FoodOut> {
  input = withoutBlankLabel(input);
  await assertLabelInGroup(db, scope.groupId, input.labelId);
  await assertNameFree(db, scope.groupId, input.name);
  const referenceFoodId = initialReferenceId(input);
  const own = ownValueColumns(input);
  const foodId = await db.transaction().execute(async (trx) => {
    const labelId = input.labelId ?? (await defaultLabelId(trx, scope.groupId, referenceFoodId));
    const [id] = await insertFoods(trx, scope.groupId, [
      { ...input, labelId, referenceFoodId, density: own.density, pieceGrams: own.piece_grams, nutritionJson: own.nutrition_per_100g },
    ]);
    await replaceAliases(trx, id, input.aliases ?? []);
    if (wantedOnHand({ onHand: input.onHand, households: input.householdsWithIngredientFood }, scope, false)) {
      await setFoodOnHand(trx, id, scope.householdId, true);
    }
    return id;
  }).catch(nameTaken(input.name));
  return getFood(db, scope.groupId, foodId, scope.householdId);
}

/** Updates a food: absent fields keep their value, null or [] clears them; on-hand speaks for the caller's household. */
export async function updateFood(deps: WriteDeps, scope: HouseholdScope, foodId: string, input: FoodIn): Promise<FoodOut> {
  const { db } = deps;
  input = withoutBlankLabel(input);
  const current = await getFood(db, scope.groupId, foodId, scope.householdId);
  if (input.labelId !== undefined) await assertLabelInGroup(db, scope.groupId, input.labelId);
  await assertNameFree(db, scope.groupId, input.name, foodId);
  const referenceFoodId = referenceIdIn(input);
  await db.transaction().execute(async (trx) => {
    const linkedTo = referenceFoodId === undefined ? current.referenceFoodId : referenceFoodId;
    let labelId = input.labelId === undefined ? current.labelId : input.labelId;
    // A food newly linked without a label gets its food group's aisle (a label cleared on purpose stays clear).
    if (input.labelId === undefined && !labelId && referenceFoodId) labelId = await defaultLabelId(trx, scope.groupId, linkedTo);
    const pluralName = input.pluralName === undefined ? current.pluralName : input.pluralName?.trim() || null;
    await trx
      .updateTable('ingredient_foods')
      .set({
        name: input.name,
        name_normalized: normalizeText(input.name),
        plural_name: pluralName,
        plural_name_normalized: normalizeText(pluralName),
        description: input.description === undefined ? current.description : (input.description ?? ''),
        label_id: labelId,
        ...(referenceFoodId !== undefined ? { reference_food_id: referenceFoodId } : {}),
        ...ownValueColumns(input),
        // Mealie's IngredientFood.extras: kept as given; absent keeps them, null clears them.
        ...(input.extras !== undefined ? { extras: JSON.stringify(input.extras ?? {}) } : {}),
        update_at: nowIso(),
      })
      .where('id', '=', foodId)
      .where('group_id', '=', scope.groupId)
      .execute();
    if (input.aliases !== undefined) await replaceAliases(trx, foodId, input.aliases ?? []);
    const wanted = wantedOnHand({ onHand: input.onHand, households: input.householdsWithIngredientFood }, scope, current.onHand);
    if (wanted !== current.onHand) await setFoodOnHand(trx, foodId, scope.householdId, wanted);
    if (input.name !== current.name || pluralName !== current.pluralName) {
      await reindexRecipesReferencing({ db: trx, engine: deps.engine }, { foodIds: [foodId] });
    }
  }).catch(nameTaken(input.name));
  return getFood(db, scope.groupId, foodId, scope.householdId);
}

/** Deletes a food; ingredients that used it keep their quantity, unit and note without a food. */
export async function deleteFood(deps: WriteDeps, scope: HouseholdScope, foodId: string): Promise<FoodOut> {
  const food = await getFood(deps.db, scope.groupId, foodId, scope.householdId);
  await deps.db.transaction().execute(async (trx) => {
    const search = { db: trx, engine: deps.engine };
    const recipeIds = await recipeIdsReferencing(search, { foodIds: [foodId] });
    await trx.updateTable('recipes_ingredients').set({ food_id: null }).where('food_id', '=', foodId).execute();
    await trx.deleteFrom('ingredient_foods').where('id', '=', foodId).execute();
    await indexRecipes(search, recipeIds);
  });
  return food;
}

/**
 * The group's food called `name` (by name, plural name or alias, accents and case ignored), created
 * when there is none. For importers and parsers that turn ingredient text into foods.
 */
export async function findOrCreateFoodByName(db: Executor, groupId: string, name: string): Promise<{ id: string; created: boolean }> {
  if (!normalizeText(name)) throw badRequest('foods.food-name-is-required');
  const existing = await findFoodIdByName(db, groupId, name);
  if (existing) return { id: existing, created: false };
  const referenceFoodId = exactReferenceFor(name)?.id ?? null;
  const labelId = await defaultLabelId(db, groupId, referenceFoodId);
  const [id] = await insertFoods(db, groupId, [{ name, referenceFoodId, labelId }]);
  return { id, created: true };
}
