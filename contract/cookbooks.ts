import { z } from 'zod';
import { fieldMessages, paginationQuery } from './common.js';
import { recipeSummary } from './recipes.js';

/*
 * Cookbooks (Mealie's CreateCookBook / UpdateCookBook / ReadCookBook / RecipeCookBook): a household's named
 * view of the group's recipes, selected by a queryFilter (the same grammar as the recipe list). The slug is
 * always the slugified name, as in Mealie; `position` orders the list.
 */

const cookbookName = z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200));

/** POST /api/households/cookbooks and PUT /api/households/cookbooks/{id}. */
export const cookbookIn = z.object({
  name: cookbookName,
  description: z.string().max(5000).nullish().transform((v) => v ?? ''),
  /** Ignored: the slug follows the name. */
  slug: z.string().max(300).nullish(),
  position: z.number().int().min(-1_000_000).max(1_000_000).default(1),
  public: z.boolean().default(false),
  queryFilterString: z.string().max(5000).nullish().transform((v) => v ?? ''),
});
export type CookbookIn = z.input<typeof cookbookIn>;

/** One item of PUT /api/households/cookbooks (save many at once, e.g. a reorder). */
export const cookbookUpdate = cookbookIn.extend({
  id: z.string().min(1).max(200),
  groupId: z.string().max(200).optional(),
  householdId: z.string().max(200).optional(),
});
export type CookbookUpdate = z.input<typeof cookbookUpdate>;

export const queryFilterJsonPart = z.object({
  leftParenthesis: z.string().nullable(),
  rightParenthesis: z.string().nullable(),
  logicalOperator: z.string().nullable(),
  attributeName: z.string().nullable(),
  relationalOperator: z.string().nullable(),
  value: z.union([z.string(), z.array(z.string())]).nullable(),
});
export const queryFilterJson = z.object({ parts: z.array(queryFilterJsonPart) });

/** Mealie's ReadCookBook. */
export const cookbookOut = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  position: z.number().int(),
  public: z.boolean(),
  queryFilterString: z.string(),
  queryFilter: queryFilterJson,
  groupId: z.string(),
  householdId: z.string(),
});
export type CookbookOut = z.infer<typeof cookbookOut>;

/** Mealie's RecipeCookBook: GET of one cookbook, with the recipes its filter selects. */
export const recipeCookbookOut = cookbookOut.extend({ recipes: z.array(recipeSummary) });
export type RecipeCookbookOut = z.infer<typeof recipeCookbookOut>;

/** The list takes Mealie's pagination (orderBy position, ascending, in Mealie's web app). */
export const cookbookListQuery = paginationQuery.extend({ search: z.string().max(500).optional() });
export type CookbookListQuery = z.infer<typeof cookbookListQuery>;

export const cookbookParams = z.object({ item_id: z.string().min(1).max(300) });
