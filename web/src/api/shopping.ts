import type {
  AddRecipesEntry,
  ItemsCollectionOut,
  LabelSettingOut,
  ShoppingItemIn,
  ShoppingItemOut,
  ShoppingListOut,
  ShoppingListSummary,
} from '../../../contract/shopping';
import type { LabelSettingIn } from '../../../contract/route-table-shopping';
import { ROUTES } from '../../../contract/route-table';
import { call } from './client';

export type { AddRecipesEntry, ItemsCollectionOut, LabelSettingOut, ShoppingItemIn, ShoppingItemOut, ShoppingListOut, ShoppingListSummary };

const byName = { orderBy: 'name', orderDirection: 'asc' } as const;

/** Every call of the shopping area (Mealie's paths, from the route table's shopping rows). */
export const shoppingApi = {
  lists: () => call(ROUTES.shoppingLists, { query: { perPage: -1, ...byName }, toasts: false }),
  list: (id: string) => call(ROUTES.shoppingList, { params: { item_id: id }, toasts: false }),
  createList: (name: string) => call(ROUTES.shoppingListCreate, { json: { name } }),
  renameList: (list: ShoppingListSummary, name: string) => call(ROUTES.shoppingListUpdate, { params: { item_id: list.id }, json: { ...list, name } }),
  deleteList: (id: string) => call(ROUTES.shoppingListDelete, { params: { item_id: id } }),
  labelSettings: (id: string, settings: LabelSettingIn[]) => call(ROUTES.shoppingListLabelSettings, { params: { item_id: id }, json: settings }),
  addRecipes: (id: string, entries: AddRecipesEntry[]) => call(ROUTES.shoppingListAddRecipes, { params: { item_id: id }, json: entries, toasts: false }),
  removeRecipe: (id: string, recipeId: string, recipeDecrementQuantity = 1) =>
    call(ROUTES.shoppingListRemoveRecipe, { params: { item_id: id, recipe_id: recipeId }, json: { recipeDecrementQuantity } }),
  createItems: (items: ShoppingItemIn[]) => call(ROUTES.shoppingItemsCreate, { json: items, toasts: false }),
  updateItems: (items: Array<ShoppingItemIn & { id: string }>) => call(ROUTES.shoppingItemsUpdate, { json: items, toasts: false }),
  deleteItems: (ids: string[]) => call(ROUTES.shoppingItemsDelete, { query: { ids }, toasts: false }),
  searchFoods: (search: string) =>
    call(ROUTES.foods, { query: { search: search.trim() || undefined, perPage: 20, ...byName }, toasts: false }),
  units: () => call(ROUTES.units, { query: { perPage: -1, ...byName }, toasts: false }),
  recipe: (slug: string) => call(ROUTES.recipe, { params: { slug }, toasts: false }),
  labels: () => call(ROUTES.labels, { query: { perPage: -1, ...byName }, toasts: false }),
};
