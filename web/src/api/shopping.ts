import type { Paginated } from '../../../contract/common';
import type { FoodOut, UnitOut } from '../../../contract/foods';
import type { LabelOut } from '../../../contract/labels';
import type { RecipeOut } from '../../../contract/recipes';
import type {
  AddRecipesEntry,
  ItemsCollectionOut,
  LabelSettingOut,
  ShoppingChange,
  ShoppingItemIn,
  ShoppingItemOut,
  ShoppingListOut,
  ShoppingListSummary,
} from '../../../contract/shopping';
import { api } from './client';
import { API, apiPath } from '../../../contract/routes';

export type { AddRecipesEntry, ItemsCollectionOut, LabelSettingOut, ShoppingChange, ShoppingItemIn, ShoppingItemOut, ShoppingListOut, ShoppingListSummary };

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

/**
 * Follows a list's event stream (text/event-stream over fetch, so the bearer header goes along), calling
 * `onChange` for every change and reconnecting with Last-Event-ID after a drop. Returns a stop function.
 */
export function followListEvents(listId: string, onChange: (change: ShoppingChange) => void, onOpen?: () => void): () => void {
  let stopped = false;
  let lastId: string | null = null;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    // The HttpOnly session cookie signs the stream in; what the browser stores is only a sign-in marker.
    if (lastId) headers['Last-Event-ID'] = lastId;
    try {
      const response = await fetch(`${LISTS}/${enc(listId)}/events`, { headers, signal: controller.signal, cache: 'no-store', credentials: 'same-origin' });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      onOpen?.();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (id) lastId = id;
          if (data) {
            try {
              onChange(JSON.parse(data) as ShoppingChange);
            } catch {
              // a malformed event is skipped
            }
          }
        }
      }
    } catch {
      // dropped or offline: try again below
    }
    if (!stopped) retry = setTimeout(() => void connect(), 2000);
  };
  void connect();
  const wake = () => {
    if (retry) clearTimeout(retry);
    controller?.abort();
  };
  window.addEventListener('online', wake);
  return () => {
    stopped = true;
    window.removeEventListener('online', wake);
    if (retry) clearTimeout(retry);
    controller?.abort();
  };
}
