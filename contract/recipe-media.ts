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

// ---- Hearth: a recipe's gallery and step images (issue 41; Mealie has only the one `image`) ----

/** One image beyond the main one: in the gallery (stepId null) or under a step. Its renditions are immutable. */
export const recipeImageOut = z.object({
  id: z.string(),
  stepId: z.string().nullable(),
  position: z.number().int(),
  /** `/api/media/recipes/{recipeId}/images/{gallery|steps}/{id}/` — add original.webp, min-original.webp or tiny-original.webp. */
  folder: z.string(),
});
export type RecipeImageOut = z.infer<typeof recipeImageOut>;

/** GET /api/recipes/{slug}/images: the main image's key (Mealie's `image`), then the gallery and step images in order. */
export const recipeImagesOut = z.object({ image: z.string().nullable(), images: z.array(recipeImageOut) });
export type RecipeImagesOut = z.infer<typeof recipeImagesOut>;

/** PUT /api/recipes/{slug}/images: the new order of gallery images (or of one step's images), by id. */
export const recipeImagesOrder = z.object({ order: z.array(z.string().max(64)).min(1).max(200) });
export type RecipeImagesOrder = z.infer<typeof recipeImagesOrder>;

export const recipeImageParams = z.object({ slug: z.string().min(1).max(500), image_id: z.string().max(64) });
export const extraImageMediaParams = recipeMediaParams.extend({ image_id: z.string().max(100) });
