import { z } from 'zod';

const value = z.number().nullable();
/** The eleven fields as numbers (Mealie's nutrition holds them as text); null: no value. */
export const nutritionValues = z.object({
  calories: value,
  carbohydrateContent: value,
  cholesterolContent: value,
  fatContent: value,
  fiberContent: value,
  proteinContent: value,
  saturatedFatContent: value,
  sodiumContent: value,
  sugarContent: value,
  transFatContent: value,
  unsaturatedFatContent: value,
});

/** GET /api/recipes/{slug}/nutrition/computed?scale= */
export const computedNutritionQuery = z.object({ scale: z.coerce.number().positive().max(1000).default(1) });

export const computedNutritionOut = z.object({
  /** Which nutrition the recipe shows: the typed-in one (Mealie's fields) or the computed one. */
  source: z.enum(['typed', 'computed']),
  referenceSource: z.string(),
  scale: z.number(),
  servings: z.number().nullable(),
  total: nutritionValues,
  perServing: nutritionValues.nullable(),
  weighedGrams: z.number(),
  countedGrams: z.number(),
  counted: z.array(z.object({ position: z.number(), text: z.string(), grams: z.number() })),
  uncounted: z.array(
    z.object({
      position: z.number(),
      text: z.string(),
      reason: z.enum(['no-amount', 'no-food', 'not-linked', 'no-weight']),
      grams: z.number().nullable(),
      share: z.number().nullable(),
    }),
  ),
});
export type ComputedNutritionOut = z.infer<typeof computedNutritionOut>;

/** PUT /api/recipes/{slug}/nutrition/source */
export const nutritionSourceIn = z.object({ source: z.enum(['typed', 'computed']) });
