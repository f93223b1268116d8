import { z } from 'zod';
import { fieldMessages } from './common.js';
import { labelOut } from './labels.js';

const itemName = z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200));
const optionalText = z.string().trim().max(200).nullish();

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
