import { z } from 'zod';
import { fieldMessages, paginationQuery } from './common.js';
import { foodOut, unitOut } from './foods.js';

/*
 * Recipes on the wire, as Mealie's Recipe-Input / Recipe-Output / RecipeSummary (camelCase; `orgURL`).
 * Input schemas carry no defaults: PATCH must tell "absent" from "given", so the service applies defaults.
 * Unknown keys are dropped, so a client may send back a whole Recipe-Output (foods with labels, comments...).
 */

const MAX_TEXT = 100_000;
const MAX_ITEMS = 2_000;
const shortText = z.string().max(1_000);
const longText = z.string().max(MAX_TEXT);

/** A number, or a string holding one (Mealie's lax parsing of "1.5"). */
const numberLike = z.union([
  z.number().finite(),
  z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'Must be a number').transform(Number),
]);

/** Nutrition values are strings in Mealie; numbers are accepted and kept as their text. */
const nutritionValue = z.union([z.string().max(200), z.number().finite().transform(String)]).nullish();

export const organizerRefInput = z
  .object({
    id: z.string().max(64).nullish(),
    name: z.string().trim().max(200).nullish(),
    slug: z.string().trim().max(200).nullish(),
  })
  .refine((v) => Boolean(v.id || v.name || v.slug), { message: 'A Name is Required' });
export type OrganizerRefInput = z.infer<typeof organizerRefInput>;

export const foodRefInput = z
  .object({
    id: z.string().max(64).nullish(),
    name: z.string().trim().max(500).nullish(),
    pluralName: z.string().trim().max(500).nullish(),
    description: z.string().max(MAX_TEXT).nullish(),
    labelId: z.string().max(64).nullish(),
  })
  .refine((v) => Boolean(v.id || v.name), { message: 'A Name is Required' });
export type FoodRefInput = z.infer<typeof foodRefInput>;

export const unitRefInput = z
  .object({
    id: z.string().max(64).nullish(),
    name: z.string().trim().max(500).nullish(),
    pluralName: z.string().trim().max(500).nullish(),
    description: z.string().max(MAX_TEXT).nullish(),
    abbreviation: z.string().trim().max(200).nullish(),
    pluralAbbreviation: z.string().trim().max(200).nullish(),
    useAbbreviation: z.boolean().nullish(),
    fraction: z.boolean().nullish(),
  })
  .refine((v) => Boolean(v.id || v.name), { message: 'A Name is Required' });
export type UnitRefInput = z.infer<typeof unitRefInput>;

export const ingredientInput = z.object({
  quantity: numberLike.nullish(),
  unit: unitRefInput.nullish(),
  food: foodRefInput.nullish(),
  note: longText.nullish(),
  title: shortText.nullish(),
  originalText: longText.nullish(),
  referenceId: z.string().max(64).nullish(),
});
export type IngredientInput = z.infer<typeof ingredientInput>;

export const instructionInput = z.object({
  id: z.string().max(64).nullish(),
  title: shortText.nullish(),
  summary: longText.nullish(),
  text: longText.nullish(),
  ingredientReferences: z.array(z.object({ referenceId: z.string().max(64).nullish() })).max(MAX_ITEMS).nullish(),
});
export type InstructionInput = z.infer<typeof instructionInput>;

export const noteInput = z.object({ title: shortText.nullish(), text: longText.nullish() });

export const nutritionFields = [
  'calories', 'carbohydrateContent', 'cholesterolContent', 'fatContent', 'fiberContent', 'proteinContent',
  'saturatedFatContent', 'sodiumContent', 'sugarContent', 'transFatContent', 'unsaturatedFatContent',
] as const;
export type NutritionField = (typeof nutritionFields)[number];

export const nutritionInput = z.object(
  Object.fromEntries(nutritionFields.map((field) => [field, nutritionValue])) as Record<NutritionField, typeof nutritionValue>,
);

export const settingsFields = ['public', 'showNutrition', 'showAssets', 'landscapeView', 'disableComments', 'disableAmount', 'locked'] as const;
export type SettingsField = (typeof settingsFields)[number];
export const recipeSettings = z.object({
  public: z.boolean(),
  showNutrition: z.boolean(),
  showAssets: z.boolean(),
  landscapeView: z.boolean(),
  disableComments: z.boolean(),
  disableAmount: z.boolean(),
  locked: z.boolean(),
});
export type RecipeSettings = z.infer<typeof recipeSettings>;

export const recipeAsset = z.object({ name: z.string().max(500), icon: z.string().max(200), fileName: z.string().max(500).nullish() });

const dateText = z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a valid date');

/** Recipe-Input: every field optional (PUT fills the gaps with defaults, PATCH keeps what is there). */
export const recipeInput = z.object({
  id: z.string().max(64).nullish(),
  slug: z.string().max(500).nullish(),
  name: z.string().trim().min(1, fieldMessages.required).max(500).nullish(),
  description: longText.nullish(),
  recipeYield: shortText.nullish(),
  recipeYieldQuantity: numberLike.nullish(),
  recipeServings: numberLike.nullish(),
  totalTime: shortText.nullish(),
  prepTime: shortText.nullish(),
  cookTime: shortText.nullish(),
  performTime: shortText.nullish(),
  recipeCategory: z.array(organizerRefInput).max(MAX_ITEMS).nullish(),
  tags: z.array(organizerRefInput).max(MAX_ITEMS).nullish(),
  tools: z.array(organizerRefInput).max(MAX_ITEMS).nullish(),
  orgURL: z.string().max(5_000).nullish(),
  /** `org_url` camelizes to this. */
  orgUrl: z.string().max(5_000).nullish(),
  dateAdded: dateText.nullish(),
  lastMade: dateText.nullish(),
  recipeIngredient: z.array(ingredientInput).max(MAX_ITEMS).nullish(),
  recipeInstructions: z.array(instructionInput).max(MAX_ITEMS).nullish(),
  nutrition: nutritionInput.nullish(),
  settings: recipeSettings.partial().nullish(),
  assets: z.array(recipeAsset).max(MAX_ITEMS).nullish(),
  notes: z.array(noteInput).max(MAX_ITEMS).nullish(),
  extras: z.record(z.string().max(500), z.unknown()).nullish(),
});
export type RecipeInput = z.infer<typeof recipeInput>;

/** POST /api/recipes: Mealie's CreateRecipe ({name}) or a whole recipe. */
export const recipeCreate = recipeInput.extend({ name: z.string().trim().min(1, fieldMessages.required).max(500) });
export type RecipeCreate = z.infer<typeof recipeCreate>;

/** PUT/PATCH /api/recipes: each item names its recipe by id (or slug). */
export const recipeBulkInput = z
  .array(recipeInput.refine((item) => Boolean(item.id || item.slug), { message: 'Each recipe needs its id or slug' }))
  .min(1)
  .max(500);

export const recipeDuplicate = z.object({ name: z.string().trim().max(500).nullish() });
export const recipeLastMade = z.object({ timestamp: dateText });

export const slugParam = z.object({ slug: z.string().min(1).max(500) });

// ---- output ----

export const recipeCategoryOut = z.object({ id: z.string(), groupId: z.string(), name: z.string(), slug: z.string() });
export type RecipeCategoryOut = z.infer<typeof recipeCategoryOut>;
export const recipeTagOut = recipeCategoryOut;
export const recipeToolOut = recipeCategoryOut.extend({ onHand: z.boolean(), householdsWithTool: z.array(z.string()) });
export type RecipeToolOut = z.infer<typeof recipeToolOut>;

/** A food or unit inside an ingredient is the same object the foods and units APIs return. */
export const ingredientFoodOut = foodOut;
export type IngredientFoodOut = z.infer<typeof ingredientFoodOut>;
export const ingredientUnitOut = unitOut.extend({ onHand: z.boolean() });
export type IngredientUnitOut = z.infer<typeof ingredientUnitOut>;

export const recipeIngredientOut = z.object({
  quantity: z.number().nullable(),
  unit: ingredientUnitOut.nullable(),
  food: ingredientFoodOut.nullable(),
  note: z.string(),
  isFood: z.boolean(),
  disableAmount: z.boolean(),
  display: z.string(),
  title: z.string().nullable(),
  originalText: z.string().nullable(),
  referenceId: z.string(),
});
export type RecipeIngredientOut = z.infer<typeof recipeIngredientOut>;

export const recipeStepOut = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  text: z.string(),
  ingredientReferences: z.array(z.object({ referenceId: z.string() })),
});
export type RecipeStepOut = z.infer<typeof recipeStepOut>;

export const nutritionOut = z.object(
  Object.fromEntries(nutritionFields.map((field) => [field, z.string().nullable()])) as Record<NutritionField, z.ZodNullable<z.ZodString>>,
);
export type NutritionOut = z.infer<typeof nutritionOut>;

export const recipeCommentOut = z.object({
  recipeId: z.string(),
  text: z.string(),
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.string(),
  user: z.object({ id: z.string(), username: z.string().nullable(), admin: z.boolean(), fullName: z.string().nullable() }),
});

/** RecipeSummary: what lists return. */
export const recipeSummary = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  householdId: z.string(),
  groupId: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  recipeServings: z.number(),
  recipeYieldQuantity: z.number(),
  recipeYield: z.string().nullable(),
  totalTime: z.string().nullable(),
  prepTime: z.string().nullable(),
  cookTime: z.string().nullable(),
  performTime: z.string().nullable(),
  description: z.string(),
  recipeCategory: z.array(recipeCategoryOut),
  tags: z.array(recipeTagOut),
  tools: z.array(recipeToolOut),
  rating: z.number().nullable(),
  orgURL: z.string().nullable(),
  dateAdded: z.string().nullable(),
  dateUpdated: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  lastMade: z.string().nullable(),
});
export type RecipeSummary = z.infer<typeof recipeSummary>;

/** Recipe-Output: the summary plus everything a recipe page needs. */
export const recipeOut = recipeSummary.extend({
  recipeIngredient: z.array(recipeIngredientOut),
  recipeInstructions: z.array(recipeStepOut),
  nutrition: nutritionOut,
  settings: recipeSettings,
  assets: z.array(z.object({ name: z.string(), icon: z.string(), fileName: z.string().nullable() })),
  notes: z.array(z.object({ title: z.string(), text: z.string() })),
  extras: z.record(z.string(), z.string()),
  comments: z.array(recipeCommentOut),
});
export type RecipeOut = z.infer<typeof recipeOut>;

// ---- list query ----

/** A repeated query parameter (`?tags=a&tags=b`); a single value arrives as a string. */
const repeated = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(200)])
  .transform((v) => (Array.isArray(v) ? v : [v]).filter((item) => item !== ''));

/** Whether an orderBy (Mealie's comma-separated keys, each optionally `key:dir`) asks for a random order. */
export function ordersRandomly(orderBy: string | null | undefined): boolean {
  return (orderBy ?? '').split(',').some((item) => item.split(':')[0].trim().toLowerCase() === 'random');
}

/** Mealie refuses orderBy=random without a seed (422): the seed is what keeps pages of one shuffle apart. */
const randomNeedsSeed = {
  check: (query: { orderBy?: string; paginationSeed?: string }) => !ordersRandomly(query.orderBy) || Boolean(query.paginationSeed),
  message: { message: 'paginationSeed is required when orderBy is random', path: ['paginationSeed'] },
};

/** Foods and tools of the recipe list filters and the finder: repeated ids (categories, tags, tools and households also take slugs). */
const recipeListFilters = {
  categories: repeated.optional(),
  tags: repeated.optional(),
  tools: repeated.optional(),
  foods: repeated.optional(),
  households: repeated.optional(),
  requireAllCategories: z.stringbool().default(false),
  requireAllTags: z.stringbool().default(false),
  requireAllTools: z.stringbool().default(false),
  requireAllFoods: z.stringbool().default(false),
  /** Free text: accent- and case-insensitive, prefixes and one typo per word forgiven (server/search). */
  search: z.string().max(500).optional(),
  /** Sent by Mealie's search box to vary its random order; search results have their own order, so it is ignored. */
  searchSeed: z.string().max(200).optional(),
  /** A cookbook (id or slug): its queryFilter is ANDed in and the relation filters above are ignored. */
  cookbook: z.string().max(500).optional(),
};

/** GET /api/recipes (and the explore list): Mealie's pagination plus the recipe filters. */
export const recipeListQuery = paginationQuery.extend(recipeListFilters).refine(randomNeedsSeed.check, randomNeedsSeed.message);
export type RecipeListQuery = z.infer<typeof recipeListQuery>;

// ---- suggestions (the recipe finder) ----

const count = (fallback: number) => z.coerce.number().int().min(0).max(10_000).default(fallback);

/**
 * GET /api/recipes/suggestions, as in Mealie 3.x: the caller's foods and tools (ids), plus their household's
 * on-hand ones unless told not to. The defaults of maxMissing* are the product's (spec §9: 20), not Mealie's 5.
 */
export const recipeSuggestionQuery = z
  .object({
    foods: repeated.optional(),
    tools: repeated.optional(),
    maxMissingFoods: count(20),
    maxMissingTools: count(20),
    includeFoodsOnHand: z.stringbool().default(true),
    includeToolsOnHand: z.stringbool().default(true),
    limit: z.coerce.number().int().min(1).max(1_000).default(10),
    orderBy: z.string().max(200).optional(),
    orderByNullPosition: z.enum(['first', 'last']).optional(),
    orderDirection: z.enum(['asc', 'desc']).default('desc'),
    queryFilter: z.string().max(5000).optional(),
    paginationSeed: z.string().max(200).optional(),
  })
  .refine(randomNeedsSeed.check, randomNeedsSeed.message);
export type RecipeSuggestionQuery = z.infer<typeof recipeSuggestionQuery>;

export const recipeSuggestionItem = z.object({
  recipe: recipeSummary,
  /** The recipe's foods that are neither given nor (when included) on hand. */
  missingFoods: z.array(foodOut),
  /** The recipe's tools that are neither given nor (when included) on hand. */
  missingTools: z.array(recipeToolOut),
});
export type RecipeSuggestionItem = z.infer<typeof recipeSuggestionItem>;
export const recipeSuggestionResponse = z.object({ items: z.array(recipeSuggestionItem) });
export type RecipeSuggestionResponse = z.infer<typeof recipeSuggestionResponse>;
