import { z } from 'zod';

/*
 * Hearth's bulk "parse ingredients" action (not in Mealie): the recipes whose ingredients are still plain
 * text, and parsing them with the same code imports use.
 */

/** A recipe with lines the parser has not structured yet (no food, no amount, some text). */
export const unparsedRecipe = z.object({ id: z.string(), slug: z.string(), name: z.string(), lines: z.number().int() });
export type UnparsedRecipe = z.infer<typeof unparsedRecipe>;
export const unparsedRecipes = z.object({ total: z.number().int(), items: z.array(unparsedRecipe) });
export type UnparsedRecipes = z.infer<typeof unparsedRecipes>;

export const parseRecipesBody = z.object({ recipes: z.array(z.string().min(1).max(500)).min(1).max(200) });
/** How many recipes changed and how many of their lines now have a food or an amount. */
export const parseRecipesResult = z.object({ recipes: z.number().int(), ingredients: z.number().int() });
export type ParseRecipesResult = z.infer<typeof parseRecipesResult>;
