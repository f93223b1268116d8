import { z } from 'zod';

/** A user's ratings and favourites on the wire (Mealie's UserRatingUpdate / UserRatingOut / UserRatingSummary). */

export const userRatingUpdate = z.object({
  /** 0 clears the rating (it no longer counts in the recipe's mean). */
  rating: z.number().min(0).max(5).nullish(),
  isFavorite: z.boolean().nullish(),
});
export type UserRatingUpdate = z.infer<typeof userRatingUpdate>;

export const userRatingSummary = z.object({ recipeId: z.string(), rating: z.number().nullable(), isFavorite: z.boolean() });
export type UserRatingSummary = z.infer<typeof userRatingSummary>;

export const userRatingOut = userRatingSummary.extend({ userId: z.string(), id: z.string() });
export type UserRatingOut = z.infer<typeof userRatingOut>;

export const userRatingsOut = z.object({ ratings: z.array(userRatingOut) });
export const userRatingSummaries = z.object({ ratings: z.array(userRatingSummary) });

export const userIdParam = z.object({ item_id: z.string().min(1).max(100) });
export const userRecipeParams = userIdParam.extend({ slug: z.string().min(1).max(500) });
export const selfRatingParams = z.object({ recipe_id: z.string().min(1).max(500) });
