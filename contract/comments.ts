import { z } from 'zod';
import { recipeCommentOut } from './recipes.js';

/** Recipe comments on the wire (Mealie's RecipeCommentCreate / RecipeCommentUpdate / RecipeCommentOut). */

export { recipeCommentOut };
export type RecipeCommentOut = z.infer<typeof recipeCommentOut>;

const commentText = z.string().trim().min(1, 'This Field is Required').max(10_000);

export const recipeCommentCreate = z.object({ recipeId: z.string().min(1).max(100), text: commentText });
export type RecipeCommentCreate = z.infer<typeof recipeCommentCreate>;

/** `id` is part of Mealie's update body; the path's id decides which comment changes. */
export const recipeCommentUpdate = z.object({ id: z.string().max(100).nullish(), text: commentText });
export type RecipeCommentUpdate = z.infer<typeof recipeCommentUpdate>;
