/**
 * "I made this" (issue 37): the timeline event, the recipe's last-made time and the foods the cook used up
 * (no longer on hand in their household) are written in one transaction, with the recipe's update event.
 * The dialog offers the recipe's foods that are on hand in the caller's household; they start ticked when
 * the household's preference says so, except staples people keep (spices and herbs — salt, pepper — and
 * fats and oils: USDA food groups 0200 and 0400 of the food's reference food), which always start unticked.
 */
import type { MadeItIn, MadeItOptions, MadeItOut } from '../../../contract/cupboard.js';
import type { Transaction } from 'kysely';
import { nowIso, type Database } from '../../db/schema.js';
import { toStoredTimestamp } from '../../db/timestamps.js';
import { referenceFood } from '../../food/reference.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { doOnce } from '../../platform/idempotency.js';
import { emitRecipeEvents } from '../recipes/events.js';
import { findRecipeRow } from '../recipes/service.js';
import type { Executor } from '../recipes/sql.js';
import { recordTimelineEvent } from '../timeline/record.js';

type Cook = Pick<AuthUser, 'id' | 'groupId' | 'householdId'>;

/** USDA food groups of things a kitchen keeps: Spices and Herbs, Fats and Oils. */
const STAPLE_GROUPS = new Set(['0200', '0400']);

export function isStaple(referenceFoodId: string | null | undefined): boolean {
  const group = referenceFood(referenceFoodId)?.groupCode;
  return group !== undefined && STAPLE_GROUPS.has(group);
}

/** The recipe's foods, distinct, in ingredient order, with whether the household has each on hand. */
async function recipeFoods(db: Executor, recipeId: string, householdId: string) {
  const rows = await db
    .selectFrom('recipes_ingredients as i')
    .innerJoin('ingredient_foods as f', 'f.id', 'i.food_id')
    .leftJoin('households_to_ingredient_foods as h', (join) => join.onRef('h.food_id', '=', 'f.id').on('h.household_id', '=', householdId))
    .select(['f.id', 'f.name', 'f.reference_food_id', 'h.household_id as on_hand'])
    .where('i.recipe_id', '=', recipeId)
    .orderBy('i.position')
    .execute();
  const seen = new Map<string, { id: string; name: string; referenceFoodId: string | null; onHand: boolean }>();
  for (const row of rows) {
    if (!seen.has(row.id)) seen.set(row.id, { id: row.id, name: row.name, referenceFoodId: row.reference_food_id ?? null, onHand: row.on_hand !== null });
  }
  return [...seen.values()];
}

export async function madeItOptions(deps: Pick<Deps, 'db'>, cook: Cook, slug: string): Promise<MadeItOptions> {
  const recipe = await findRecipeRow(deps.db, cook.groupId, slug);
  const preference = await deps.db.selectFrom('household_preferences').select('on_hand_used_up_by_cooking').where('household_id', '=', cook.householdId).executeTakeFirst();
  const usedUpByCooking = Boolean(preference?.on_hand_used_up_by_cooking);
  const foods = (await recipeFoods(deps.db, recipe.id, cook.householdId)).filter((food) => food.onHand);
  return {
    usedUpByCooking,
    onHandFoods: foods.map((food) => {
      const staple = isStaple(food.referenceFoodId);
      return { id: food.id, name: food.name, staple, preselected: usedUpByCooking && !staple };
    }),
  };
}

/**
 * Records "I made this". A device's offline queue names each tap with an Idempotency-Key: a resend after a lost
 * answer gets the first answer back and writes nothing again (platform/idempotency.ts).
 */
export async function recordMadeIt(deps: Pick<Deps, 'db'>, cook: Cook, slug: string, input: MadeItIn, idempotencyKey: string | null = null): Promise<MadeItOut> {
  const recipe = await findRecipeRow(deps.db, cook.groupId, slug);
  const madeAt = input.timestamp ? toStoredTimestamp(input.timestamp) : nowIso();
  if (!madeAt) throw badRequest('recipes.made-it-time-not-understood');
  const wanted = [...new Set((input.usedUpFoodIds ?? []).map((id) => id.toLowerCase()))];
  const { result } = await doOnce(deps.db, { userId: cook.id, scope: 'made-it', key: idempotencyKey }, async (trx) => JSON.stringify(await record(trx)));
  return JSON.parse(result) as MadeItOut;

  async function record(trx: Transaction<Database>): Promise<MadeItOut> {
    const foods = await recipeFoods(trx, recipe.id, cook.householdId);
    const ofRecipe = new Map(foods.map((food) => [food.id.toLowerCase(), food]));
    if (wanted.some((id) => !ofRecipe.has(id))) throw badRequest('recipes.made-it-food-not-in-recipe');
    const cleared = wanted.flatMap((id) => {
      const food = ofRecipe.get(id);
      return food?.onHand ? [food.id] : [];
    });
    const eventId = await recordTimelineEvent({ db: trx }, {
      recipeId: recipe.id,
      userId: cook.id,
      subject: input.subject ?? '',
      eventType: 'info',
      eventMessage: input.eventMessage ?? null,
      timestamp: madeAt,
    });
    await trx.updateTable('recipes').set({ last_made: madeAt }).where('id', '=', recipe.id).execute();
    if (cleared.length) {
      await trx.deleteFrom('households_to_ingredient_foods').where('household_id', '=', cook.householdId).where('food_id', 'in', cleared).execute();
    }
    await emitRecipeEvents(trx, 'recipe_updated', cook, [recipe]);
    return { eventId, lastMade: madeAt as string, clearedFoodIds: cleared };
  }
}
