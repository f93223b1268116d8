import { z } from 'zod';
import { foodOut, unitOut } from './foods.js';

/** POST /api/parser/ingredient(s): Mealie's IngredientRequest / IngredientsRequest and ParsedIngredient. */

export const registeredParsers = ['nlp', 'brute', 'openai'] as const;
export type RegisteredParser = (typeof registeredParsers)[number];

const ingredientLine = z.string().max(2_000);

export const ingredientRequest = z.object({
  parser: z.enum(registeredParsers).default('nlp'),
  ingredient: ingredientLine,
});

export const ingredientsRequest = z.object({
  parser: z.enum(registeredParsers).default('nlp'),
  ingredients: z.array(ingredientLine).max(500),
});

/** A unit the parser read that the group's catalogue does not have (Mealie's CreateIngredientUnit): no id. */
export const newUnitOut = z.object({
  name: z.string(),
  pluralName: z.string().nullable(),
  description: z.string(),
  extras: z.record(z.string(), z.unknown()),
  onHand: z.boolean(),
  fraction: z.boolean(),
  abbreviation: z.string(),
  pluralAbbreviation: z.string(),
  useAbbreviation: z.boolean(),
  aliases: z.array(z.object({ name: z.string() })),
});

/** A food the parser read that the group's catalogue does not have (Mealie's CreateIngredientFood): no id. */
export const newFoodOut = z.object({
  name: z.string(),
  pluralName: z.string().nullable(),
  description: z.string(),
  extras: z.record(z.string(), z.unknown()),
  onHand: z.boolean(),
  labelId: z.string().nullable(),
  aliases: z.array(z.object({ name: z.string() })),
  householdsWithIngredientFood: z.array(z.string()),
});

const confidenceValue = z.number().nullable();

export const parsedIngredientOut = z.object({
  input: z.string().nullable(),
  confidence: z.object({
    average: confidenceValue,
    comment: confidenceValue,
    name: confidenceValue,
    unit: confidenceValue,
    quantity: confidenceValue,
    food: confidenceValue,
  }),
  ingredient: z.object({
    quantity: z.number().nullable(),
    unit: z.union([unitOut, newUnitOut]).nullable(),
    food: z.union([foodOut, newFoodOut]).nullable(),
    note: z.string(),
    isFood: z.boolean(),
    disableAmount: z.boolean(),
    display: z.string(),
    title: z.string().nullable(),
    originalText: z.string().nullable(),
    referenceId: z.string(),
  }),
});
export type ParsedIngredientOut = z.infer<typeof parsedIngredientOut>;
