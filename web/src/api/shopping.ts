import type { Paginated } from '../../../contract/common';
import type { FoodOut, UnitOut } from '../../../contract/foods';
import type { LabelOut } from '../../../contract/labels';
import type { RecipeOut } from '../../../contract/recipes';
import type {
  AddRecipesEntry,
  ItemsCollectionOut,
  LabelSettingOut,
  ShoppingItemIn,
  ShoppingItemOut,
  ShoppingListOut,
  ShoppingListSummary,
} from '../../../contract/shopping';
import { api } from './client';
import { API, apiPath } from '../../../contract/routes';

export type { AddRecipesEntry, ItemsCollectionOut, LabelSettingOut, ShoppingItemIn, ShoppingItemOut, ShoppingListOut, ShoppingListSummary };

const enc = encodeURIComponent;
export const LISTS = API.householdsShoppingLists;
export const ITEMS = API.householdsShoppingItems;

/** Every call of the shopping area (Mealie's paths). */
export const shoppingApi = {
  lists: () => api.get<Paginated<ShoppingListSummary>>(LISTS, { query: { perPage: -1, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
  list: (id: string) => api.get<ShoppingListOut>(`${LISTS}/${enc(id)}`, { toasts: false }),
  createList: (name: string) => api.post<ShoppingListOut>(LISTS, { json: { name } }),
  renameList: (list: ShoppingListSummary, name: string) => api.put<ShoppingListOut>(`${LISTS}/${enc(list.id)}`, { json: { ...list, name } }),
  deleteList: (id: string) => api.delete<ShoppingListOut>(`${LISTS}/${enc(id)}`),
  labelSettings: (id: string, settings: Array<Pick<LabelSettingOut, 'id' | 'labelId' | 'shoppingListId' | 'position'>>) =>
    api.put<ShoppingListOut>(`${LISTS}/${enc(id)}/label-settings`, { json: settings }),
  addRecipes: (id: string, entries: AddRecipesEntry[]) => api.post<ShoppingListOut>(`${LISTS}/${enc(id)}/recipe`, { json: entries, toasts: false }),
  removeRecipe: (id: string, recipeId: string, recipeDecrementQuantity = 1) =>
    api.post<ShoppingListOut>(`${LISTS}/${enc(id)}/recipe/${enc(recipeId)}/delete`, { json: { recipeDecrementQuantity } }),
  createItems: (items: ShoppingItemIn[]) => api.post<ItemsCollectionOut>(`${ITEMS}/create-bulk`, { json: items, toasts: false }),
  updateItems: (items: Array<ShoppingItemIn & { id: string }>) => api.put<ItemsCollectionOut>(ITEMS, { json: items, toasts: false }),
  deleteItems: (ids: string[]) => api.delete<{ message: string }>(ITEMS, { query: { ids }, toasts: false }),
  searchFoods: (search: string) =>
    api.get<Paginated<FoodOut>>(API.foods, { query: { search: search.trim() || undefined, perPage: 20, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
  units: () => api.get<Paginated<UnitOut>>(API.units, { query: { perPage: -1, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
  recipe: (slug: string) => api.get<RecipeOut>(apiPath(API.recipesBySlug, { slug }), { toasts: false }),
  labels: () => api.get<Paginated<LabelOut>>(API.groupsLabels, { query: { perPage: -1, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
};
