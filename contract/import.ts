import { z } from 'zod';
import { organizerRefInput } from './recipes.js';

/** Recipe import: by URL (one or in bulk), from HTML or JSON, from a zip export, from images. */

const url = z.string().trim().min(1, 'A URL is required').max(5_000);

/** POST /api/recipes/create/url (Mealie's ScrapeRecipe). */
export const scrapeRecipe = z.object({ url, includeTags: z.boolean().default(false) });

/** POST /api/recipes/test-scrape-url (Mealie's ScrapeRecipeTest). */
export const scrapeRecipeTest = z.object({ url, useOpenAI: z.boolean().default(false) });

/** POST /api/recipes/create/url/bulk (Mealie's CreateRecipeByUrlBulk): each URL may name tags and categories to add. */
export const createRecipeByUrlBulk = z.object({
  imports: z
    .array(
      z.object({
        url,
        tags: z.array(organizerRefInput).max(100).nullish(),
        categories: z.array(organizerRefInput).max(100).nullish(),
      }),
    )
    .min(1, 'Give at least one URL')
    .max(500),
});
export type CreateRecipeByUrlBulk = z.infer<typeof createRecipeByUrlBulk>;

export const bulkImportStarted = z.object({ reportId: z.string() });

/** POST /api/recipes/create/html-or-json (Mealie's ScrapeRecipeData, plus the page's address when known). */
export const scrapeRecipeData = z.object({
  data: z.string().min(1, 'No data given').max(9_000_000),
  includeTags: z.boolean().default(false),
  url: z.string().trim().max(5_000).nullish(),
});

/** POST /api/recipes/create/image query. */
export const createFromImageQuery = z.object({ translateLanguage: z.string().trim().max(50).nullish() });

const organizerOut = z.object({ name: z.string(), slug: z.string() });

/** What test-scrape-url answers: the recipe as it would be imported, not saved (no ids of ours yet). */
export const EXTRACTION_METHODS = ['json-ld', 'microdata', 'recipe-card', 'h-recipe', 'headings', 'open-graph', 'json', 'openai'] as const;

export const scrapedRecipeOut = z.object({
  /** How Hearth found the recipe on the page (Hearth's own field; Mealie clients ignore it). */
  extractionMethod: z.enum(EXTRACTION_METHODS).optional(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  orgURL: z.string().nullable(),
  recipeYield: z.string().nullable(),
  recipeYieldQuantity: z.number(),
  recipeServings: z.number(),
  totalTime: z.string().nullable(),
  prepTime: z.string().nullable(),
  cookTime: z.string().nullable(),
  performTime: z.string().nullable(),
  recipeCategory: z.array(organizerOut),
  tags: z.array(organizerOut),
  tools: z.array(organizerOut),
  recipeIngredient: z.array(
    z.object({
      quantity: z.number().nullable(),
      unit: z.null(),
      food: z.null(),
      note: z.string(),
      isFood: z.boolean(),
      disableAmount: z.boolean(),
      display: z.string(),
      title: z.string().nullable(),
      originalText: z.string().nullable(),
      referenceId: z.string(),
    }),
  ),
  recipeInstructions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      summary: z.string(),
      text: z.string(),
      ingredientReferences: z.array(z.object({ referenceId: z.string() })),
    }),
  ),
  nutrition: z.record(z.string(), z.string().nullable()),
  notes: z.array(z.object({ title: z.string(), text: z.string() })),
  extras: z.record(z.string(), z.string()),
});
export type ScrapedRecipeOut = z.infer<typeof scrapedRecipeOut>;
