import { z } from 'zod';
import { recipeOut } from './recipes.js';

/** Recipe share links on the wire (Mealie's RecipeShareTokenCreate / RecipeShareTokenSummary / RecipeShareToken). */

export const SHARE_DEFAULT_DAYS = 30;

export const recipeShareTokenCreate = z.object({
  recipeId: z.string().min(1).max(100),
  /** ISO date-time; 30 days from now when absent. */
  expiresAt: z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a valid date').nullish(),
});
export type RecipeShareTokenCreate = z.infer<typeof recipeShareTokenCreate>;

export const recipeShareTokenSummary = z.object({
  id: z.string(),
  recipeId: z.string(),
  groupId: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type RecipeShareTokenSummary = z.infer<typeof recipeShareTokenSummary>;

export const recipeShareToken = recipeShareTokenSummary.extend({ recipe: recipeOut });
export type RecipeShareToken = z.infer<typeof recipeShareToken>;

export const shareListQuery = z.object({ recipe_id: z.string().max(100).optional() });
export const shareTokenParam = z.object({ token_id: z.string().min(1).max(100) });
