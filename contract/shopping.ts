import { z } from 'zod';
import { foodOut, unitOut } from './foods.js';
import { labelOut } from './labels.js';
import { recipeSummary } from './recipes.js';

/**
 * Shopping lists and items, in Mealie's wire shapes (ShoppingList*, mealie-openapi-shapes.json).
 * Inputs accept the full objects Mealie's clients round-trip (food, unit, label, …) and use only the ids.
 */
const id = z.string().min(1).max(64);
const extras = z.record(z.string(), z.unknown()).nullish();
const refById = z.object({ id: id.nullish() }).passthrough().nullish();
const quantity = z.coerce.number().finite().min(-1e9).max(1e9);

export const shoppingListIn = z.object({
  name: z.string().trim().max(500).nullish(),
  extras,
});
export type ShoppingListIn = z.infer<typeof shoppingListIn>;

/** PUT body: the name (and extras); listItems, when sent, are ignored (items have their own routes). */
export const shoppingListUpdate = shoppingListIn.extend({
  id: id.optional(),
  groupId: id.optional(),
  userId: id.optional(),
});

export const itemRecipeRefIn = z.object({
  id: id.nullish(),
  recipeId: id,
  recipeQuantity: quantity.nullish(),
  recipeScale: quantity.nullish(),
  recipeNote: z.string().max(2000).nullish(),
});
export type ItemRecipeRefIn = z.infer<typeof itemRecipeRefIn>;

export const shoppingItemIn = z.object({
  id: id.nullish(),
  shoppingListId: id,
  quantity: quantity.nullish(),
  note: z.string().max(2000).nullish(),
  isFood: z.boolean().nullish(),
  checked: z.boolean().nullish(),
  position: z.coerce.number().int().min(0).max(1e9).nullish(),
  foodId: id.nullish(),
  unitId: id.nullish(),
  labelId: id.nullish(),
  food: refById,
  unit: refById,
  label: refById,
  extras,
  recipeReferences: z.array(itemRecipeRefIn).max(500).nullish(),
  /** The updatedAt the client last saw: an update older than the stored one is refused (kept as is). */
  updatedAt: z.string().max(64).nullish(),
});
export type ShoppingItemIn = z.infer<typeof shoppingItemIn>;
export const shoppingItemUpdateBulk = shoppingItemIn.extend({ id });
export type ShoppingItemUpdateBulk = z.infer<typeof shoppingItemUpdateBulk>;

export const itemRecipeRefOut = z.object({
  id: z.string(),
  shoppingListItemId: z.string(),
  recipeId: z.string(),
  recipeQuantity: z.number(),
  recipeScale: z.number().nullable(),
  recipeNote: z.string().nullable(),
});

export const shoppingItemOut = z.object({
  id: z.string(),
  shoppingListId: z.string(),
  groupId: z.string(),
  householdId: z.string(),
  quantity: z.number(),
  unit: unitOut.nullable(),
  food: foodOut.nullable(),
  note: z.string(),
  isFood: z.boolean(),
  disableAmount: z.boolean().nullable(),
  display: z.string(),
  checked: z.boolean(),
  position: z.number().int(),
  foodId: z.string().nullable(),
  labelId: z.string().nullable(),
  unitId: z.string().nullable(),
  label: labelOut.nullable(),
  extras: z.record(z.string(), z.unknown()),
  recipeReferences: z.array(itemRecipeRefOut),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ShoppingItemOut = z.infer<typeof shoppingItemOut>;

export const itemsCollectionOut = z.object({
  createdItems: z.array(shoppingItemOut),
  updatedItems: z.array(shoppingItemOut),
  deletedItems: z.array(shoppingItemOut),
});
export type ItemsCollectionOut = z.infer<typeof itemsCollectionOut>;

export const listRecipeRefOut = z.object({
  id: z.string(),
  shoppingListId: z.string(),
  recipeId: z.string(),
  recipeQuantity: z.number(),
  recipe: recipeSummary,
});

export const labelSettingOut = z.object({
  id: z.string(),
  shoppingListId: z.string(),
  labelId: z.string(),
  position: z.number().int(),
  label: labelOut,
});
export type LabelSettingOut = z.infer<typeof labelSettingOut>;

export const labelSettingIn = z.object({
  id: id.nullish(),
  shoppingListId: id.nullish(),
  labelId: id,
  position: z.coerce.number().int().min(0).max(1e6).nullish(),
});

export const shoppingListSummary = z.object({
  id: z.string(),
  name: z.string().nullable(),
  extras: z.record(z.string(), z.unknown()),
  groupId: z.string(),
  householdId: z.string(),
  userId: z.string(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  recipeReferences: z.array(listRecipeRefOut),
  labelSettings: z.array(labelSettingOut),
});
export type ShoppingListSummary = z.infer<typeof shoppingListSummary>;
export const shoppingListOut = shoppingListSummary.extend({ listItems: z.array(shoppingItemOut) });
export type ShoppingListOut = z.infer<typeof shoppingListOut>;

/** A recipe ingredient as the dialog sends it (Mealie's RecipeIngredient-Input; only these fields are used). */
export const recipeIngredientPick = z.object({
  quantity: z.coerce.number().finite().nullish(),
  unit: refById,
  food: refById,
  note: z.string().max(2000).nullish(),
  title: z.string().max(500).nullish(),
  display: z.string().max(2000).nullish(),
  referenceId: z.string().max(64).nullish(),
});
export type RecipeIngredientPick = z.infer<typeof recipeIngredientPick>;

export const addRecipeParams = z.object({
  recipeIncrementQuantity: z.coerce.number().finite().positive().max(1000).default(1),
  recipeIngredients: z.array(recipeIngredientPick).max(1000).nullish(),
});
export type AddRecipeParams = z.infer<typeof addRecipeParams>;
export const addRecipesEntry = addRecipeParams.extend({ recipeId: id });
export type AddRecipesEntry = z.infer<typeof addRecipesEntry>;
export const addRecipesBody = z.array(addRecipesEntry).max(100);

export const removeRecipeParams = z.object({
  recipeDecrementQuantity: z.coerce.number().finite().positive().max(1000).default(1),
});

export const listIdParam = z.object({ item_id: id });
export const listRecipeParam = z.object({ item_id: id, recipe_id: id });
