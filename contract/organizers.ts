import { z } from 'zod';
import { fieldMessages, paginationQuery } from './common.js';
import { recipeSummary } from './recipes.js';

/** Every list of the data pages (organizers, foods, units, labels) takes Mealie's pagination plus `search`. */
export const searchablePaginationQuery = paginationQuery.extend({ search: z.string().max(500).optional() });
export type SearchablePaginationQuery = z.infer<typeof searchablePaginationQuery>;

const organizerName = z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200));

/** POST/PUT body of categories and tags (Mealie's CategoryIn / TagIn). */
export const organizerIn = z.object({ name: organizerName });
export type OrganizerIn = z.infer<typeof organizerIn>;

/** Mealie's RecipeCategory / RecipeTag, with the groupId of CategoryOut / TagOut. */
export const organizerOut = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  slug: z.string(),
});
export type OrganizerOut = z.infer<typeof organizerOut>;
/** Mealie's CategorySummary: what GET and PUT of one category answer (no groupId, unlike lists). */
export const categorySummary = organizerOut.omit({ groupId: true });

/**
 * POST/PUT body of tools. `onHand` speaks for the caller's household only; when it is absent,
 * `householdsWithTool` (household ids or slugs) decides whether the caller's household has the tool.
 */
export const toolIn = z.object({
  name: organizerName,
  onHand: z.boolean().optional(),
  householdsWithTool: z.array(z.string().max(200)).max(1000).nullish(),
});
export type ToolIn = z.infer<typeof toolIn>;

/** Mealie's RecipeTool: onHand is true when the caller's household has the tool. */
export const toolOut = organizerOut.extend({
  onHand: z.boolean(),
  householdsWithTool: z.array(z.string()),
});
export type ToolOut = z.infer<typeof toolOut>;

/** GET …/slug/{slug} of categories and tags (Mealie's RecipeTagResponse): the organizer with the group's recipes that have it. */
export const organizerWithRecipesOut = organizerOut.extend({ recipes: z.array(recipeSummary) });
export type OrganizerWithRecipesOut = z.infer<typeof organizerWithRecipesOut>;
/** GET /api/organizers/tools/slug/{slug} (Mealie's RecipeToolResponse). */
export const toolWithRecipesOut = toolOut.extend({ recipes: z.array(recipeSummary) });
export type ToolWithRecipesOut = z.infer<typeof toolWithRecipesOut>;

export const organizerKinds = ['categories', 'tags', 'tools'] as const;
export type OrganizerKind = (typeof organizerKinds)[number];
