import { z } from 'zod';

/** Recipe images, assets and group storage on the wire (Mealie's UpdateImageResponse, ScrapeRecipe, RecipeAsset, GroupStorage). */

export const updateImageResponse = z.object({ image: z.string() });
export type UpdateImageResponse = z.infer<typeof updateImageResponse>;

/** POST /api/recipes/{slug}/image: an image URL to download (includeTags is accepted and ignored, as in Mealie). */
export const scrapeImageBody = z.object({
  url: z.string().trim().min(1).max(5_000),
  includeTags: z.boolean().optional(),
});

export const recipeAssetOut = z.object({ name: z.string(), icon: z.string(), fileName: z.string().nullable() });
export type RecipeAssetOut = z.infer<typeof recipeAssetOut>;

export const groupStorage = z.object({
  usedStorageBytes: z.number().int(),
  usedStorageStr: z.string(),
  totalStorageBytes: z.number().int(),
  totalStorageStr: z.string(),
});
export type GroupStorage = z.infer<typeof groupStorage>;

export const recipeMediaParams = z.object({ recipe_id: z.string().max(100), file_name: z.string().max(300) });
export const timelineMediaParams = recipeMediaParams.extend({ event_id: z.string().max(100) });
