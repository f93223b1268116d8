import { z } from 'zod';
import { fieldMessages } from './common.js';
import { labelOut } from './labels.js';

const itemName = z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200));
const optionalText = z.string().trim().max(200).nullish();

const per100g = z.number().min(0).max(100_000).nullish();
/** A food's own values per 100 g (Hearth; the spec's eleven nutrition fields, in Mealie's names). */
export const nutritionPer100g = z.object({
  calories: per100g,
  carbohydrateContent: per100g,
  cholesterolContent: per100g,
  fatContent: per100g,
  fiberContent: per100g,
  proteinContent: per100g,
  saturatedFatContent: per100g,
  sodiumContent: per100g,
  sugarContent: per100g,
  transFatContent: per100g,
  unsaturatedFatContent: per100g,
});
export type NutritionPer100g = z.infer<typeof nutritionPer100g>;

/** A USDA SR26 reference food, as foods link to it. */
export const referenceFoodOut = z.object({ id: z.string(), name: z.string(), foodGroup: z.string() });
export type ReferenceFoodOut = z.infer<typeof referenceFoodOut>;

export const aliasIn = z.object({ name: itemName });
export const aliasOut = z.object({ name: z.string() });

/**
 * POST and PUT body of a food (Mealie's CreateIngredientFood). On PUT an absent field keeps its value;
 * null or [] clears it. `onHand` speaks for the caller's household only; when it is absent,
 * `householdsWithIngredientFood` (household ids or slugs) decides whether the caller's household has it.
 * Unknown fields (id, label, createdAt, extras, ...) of a round-tripped food are accepted and ignored.
 */
export const foodIn = z.object({
  name: itemName,
  pluralName: optionalText,
  description: z.string().max(2000).nullish(),
  labelId: z.string().max(200).nullish(),
  aliases: z.array(aliasIn).max(100).nullish(),
  onHand: z.boolean().optional(),
  householdsWithIngredientFood: z.array(z.string().max(200)).max(1000).nullish(),
  extras: z.record(z.string(), z.unknown()).nullish(),
  /** Hearth: the USDA SR26 NDB number this food is; null unlinks. */
  referenceFoodId: z.string().trim().max(10).nullish(),
  /** Hearth: the user's density (g per ml), weight of one piece (g) and values per 100 g. */
  density: z.number().positive().max(50).nullish(),
  pieceWeight: z.number().positive().max(100_000).nullish(),
  nutritionPer100g: nutritionPer100g.nullish(),
});
export type FoodIn = z.infer<typeof foodIn>;

/** Mealie's IngredientFood-Output (extras are kept as given, issue 40). */
export const foodOut = z.object({
  id: z.string(),
  name: z.string(),
  pluralName: z.string().nullable(),
  description: z.string(),
  extras: z.record(z.string(), z.unknown()),
  onHand: z.boolean(),
  labelId: z.string().nullable(),
  label: labelOut.nullable(),
  aliases: z.array(aliasOut),
  householdsWithIngredientFood: z.array(z.string()),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Hearth's food knowledge (present on the foods routes; other outputs embedding a food leave it out). */
  referenceFoodId: z.string().nullable().optional(),
  referenceFood: referenceFoodOut.nullable().optional(),
  density: z.number().nullable().optional(),
  pieceWeight: z.number().nullable().optional(),
  nutritionPer100g: nutritionPer100g.nullable().optional(),
});
export type FoodOut = z.infer<typeof foodOut>;

/** POST and PUT body of a unit (Mealie's CreateIngredientUnit); on PUT an absent field keeps its value. */
export const unitIn = z.object({
  name: itemName,
  pluralName: optionalText,
  description: z.string().max(2000).nullish(),
  abbreviation: z.string().trim().max(50).nullish(),
  pluralAbbreviation: z.string().trim().max(50).nullish(),
  useAbbreviation: z.boolean().optional(),
  fraction: z.boolean().optional(),
  aliases: z.array(aliasIn).max(100).nullish(),
  extras: z.record(z.string(), z.unknown()).nullish(),
});
export type UnitIn = z.infer<typeof unitIn>;

/** Mealie's IngredientUnit-Output (extras are not stored; units have no on-hand flag, as in later Mealie). */
export const unitOut = z.object({
  id: z.string(),
  name: z.string(),
  pluralName: z.string().nullable(),
  description: z.string(),
  extras: z.record(z.string(), z.unknown()),
  fraction: z.boolean(),
  abbreviation: z.string(),
  pluralAbbreviation: z.string().nullable(),
  useAbbreviation: z.boolean(),
  aliases: z.array(aliasOut),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type UnitOut = z.infer<typeof unitOut>;

export const mergeFood = z.object({ fromFood: z.string().min(1).max(200), toFood: z.string().min(1).max(200) });
export const mergeUnit = z.object({ fromUnit: z.string().min(1).max(200), toUnit: z.string().min(1).max(200) });

/** GET /api/foods/reference-foods and /api/foods/{id}/reference-suggestions: reference foods, best first. */
export const referenceFoodQuery = z.object({ search: z.string().trim().max(200).default('') });
export const referenceSuggestion = referenceFoodOut.extend({ exact: z.boolean() });
export const referenceSuggestions = z.object({ source: z.string(), items: z.array(referenceSuggestion) });
export type ReferenceSuggestions = z.infer<typeof referenceSuggestions>;
