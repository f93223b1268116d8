import { z } from 'zod';
import { recipeSettings } from './recipes.js';

/** Recipe exports and bulk actions on the wire (Mealie's RecipeZipTokenResponse, FormatResponse, Assign*, ExportRecipes, GroupDataExport). */

export const recipeZipTokenResponse = z.object({ token: z.string() });
export const formatResponse = z.object({ json: z.array(z.string()), zip: z.array(z.string()), jinja2: z.array(z.string()) });
export const exportFormatQuery = z.object({ template_name: z.string().min(1).max(200) });
export const exportZipQuery = z.object({ token: z.string().min(1).max(4_000) });

const recipeRefs = z.array(z.string().min(1).max(500)).max(1_000);
/** A tag or category to assign: its id, or its slug when the id is absent. */
const organizerRef = z
  .object({ id: z.string().max(100).nullish(), name: z.string().max(200).nullish(), slug: z.string().max(200).nullish() })
  .refine((v) => Boolean(v.id || v.slug), { message: 'Each organizer needs its id or slug' });
export type BulkOrganizerRef = z.infer<typeof organizerRef>;

export const assignTags = z.object({ recipes: recipeRefs, tags: z.array(organizerRef).max(500) });
export const assignCategories = z.object({ recipes: recipeRefs, categories: z.array(organizerRef).max(500) });
export const assignSettings = z.object({ recipes: recipeRefs, settings: recipeSettings.partial() });
export type BulkSettings = z.infer<typeof assignSettings>['settings'];
export const deleteRecipes = z.object({ recipes: recipeRefs });
export const exportRecipes = z.object({ recipes: recipeRefs, exportType: z.literal('json').default('json') });

export const groupDataExport = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  filename: z.string(),
  path: z.string(),
  size: z.string(),
  expires: z.string(),
});
export type GroupDataExport = z.infer<typeof groupDataExport>;

export const exportDownloadQuery = z.object({ path: z.string().min(1).max(2_000) });
export const fileTokenResponse = z.object({ fileToken: z.string() });
export const downloadQuery = z.object({ token: z.string().min(1).max(4_000) });
