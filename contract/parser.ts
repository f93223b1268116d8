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

/** A catalogue item near the parsed name: offered in the review screen, never linked by the parser. */
export const parseSuggestion = z.object({ id: z.string(), name: z.string(), score: z.number() });
export type ParseSuggestion = z.infer<typeof parseSuggestion>;

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
  /**
   * Hearth's addition (Mealie clients ignore it): near foods / units for a line whose food or unit did
   * not link, nearest first. Linking itself is exact only.
   */
  suggestions: z.object({ food: z.array(parseSuggestion), unit: z.array(parseSuggestion) }).optional(),
});
export type ParsedIngredientOut = z.infer<typeof parsedIngredientOut>;
