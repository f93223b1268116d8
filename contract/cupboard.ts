import { z } from 'zod';
import { planDate } from './mealplans.js';
import { nutritionValues } from './nutrition.js';

/*
 * Hearth-only (issue 37), closing the loop from the cupboard to the plate: a meal plan's nutrition per day,
 * "I made this" clearing what the recipe used up, and foods a household counts as interchangeable.
 */

/** GET /api/households/mealplans/nutrition: an inclusive range of at most 62 days. */
export const planNutritionQuery = z.object({ start_date: planDate, end_date: planDate });
export type PlanNutritionQuery = z.infer<typeof planNutritionQuery>;

/** Why a planned entry adds nothing to its day. */
export const planUncountedReason = z.enum(['no-recipe', 'no-nutrition', 'no-servings']);

export const planNutritionDay = z.object({
  date: z.string(),
  /** Sums of one serving of each counted entry; null where no counted entry has a value. */
  total: nutritionValues,
  counted: z.number().int(),
  uncounted: z.array(z.object({ entryId: z.number().int(), title: z.string(), reason: planUncountedReason })),
});
export const planNutritionOut = z.object({ days: z.array(planNutritionDay) });
export type PlanNutritionOut = z.infer<typeof planNutritionOut>;
export type PlanNutritionDay = z.infer<typeof planNutritionDay>;

/** GET /api/recipes/{slug}/made-it: what the "I made this" dialog offers to clear. */
export const madeItOptions = z.object({
  /** The household's preference: offered foods start ticked (staples never do). */
  usedUpByCooking: z.boolean(),
  onHandFoods: z.array(z.object({ id: z.string(), name: z.string(), staple: z.boolean(), preselected: z.boolean() })),
});
export type MadeItOptions = z.infer<typeof madeItOptions>;

/** POST /api/recipes/{slug}/made-it: the timeline event, last made, and the foods no longer on hand, together. */
export const madeItIn = z.object({
  subject: z.string().trim().min(1).max(500),
  eventMessage: z.string().max(20000).nullish(),
  timestamp: z.string().max(100).nullish(),
  usedUpFoodIds: z.array(z.guid()).max(500).default([]),
});
export type MadeItIn = z.input<typeof madeItIn>;
export const madeItOut = z.object({ eventId: z.string(), lastMade: z.string(), clearedFoodIds: z.array(z.string()) });
export type MadeItOut = z.infer<typeof madeItOut>;

/** GET/PUT /api/foods/{item_id}/equivalents: the foods the caller's household counts as this one. */
export const foodEquivalentsIn = z.object({ foodIds: z.array(z.guid()).max(100) });
export type FoodEquivalentsIn = z.infer<typeof foodEquivalentsIn>;
export const foodEquivalentsOut = z.object({ foodId: z.string(), equivalents: z.array(z.object({ id: z.string(), name: z.string() })) });
export type FoodEquivalentsOut = z.infer<typeof foodEquivalentsOut>;
