import { useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type ApiError } from '../client';
import { shoppingApi, type AddRecipesEntry, type ShoppingItemIn, type ShoppingListOut, type ShoppingListSummary } from '../shopping';
import { applyOp, readListSnapshot, readListsSnapshot, saveListSnapshot, saveListsSnapshot, shoppingQueue, withPending } from '../shoppingQueue';

export const shoppingKeys = {
  all: ['shopping'] as const,
  lists: ['shopping', 'lists'] as const,
  list: (id: string) => ['shopping', 'list', id] as const,
};

const offlineError = (error: unknown) => typeof error === 'object' && error !== null && (error as ApiError).status === 0;

/** The household's lists (by name); the last copy seen online when there is no network. */
export function useShoppingLists() {
  const client = useQueryClient();
  return useQuery({
    queryKey: shoppingKeys.lists,
    queryFn: async (): Promise<ShoppingListSummary[]> => {
      try {
        const lists = (await unwrap(shoppingApi.lists())).items;
        saveListsSnapshot(lists);
        // Every list becomes readable offline, even one never opened on this device.
        for (const list of lists) void client.prefetchQuery({ queryKey: shoppingKeys.list(list.id), queryFn: () => fetchList(list.id, undefined) });
        return lists;
      } catch (error) {
        const copy = offlineError(error) ? readListsSnapshot() : null;
        if (copy) return copy;
        throw error;
      }
    },
  });
}

async function fetchList(id: string, previous: ShoppingListOut | undefined): Promise<ShoppingListOut> {
  let list: ShoppingListOut;
  try {
    list = await unwrap(shoppingApi.list(id));
    saveListSnapshot(list);
  } catch (error) {
    const copy = offlineError(error) ? (previous ?? readListSnapshot(id)) : null;
    if (!copy) throw error;
    list = copy;
  }
  // An answer that left before a newer write of ours arrived must not put an item back as it was.
  if (previous) {
    const seen = new Map(previous.listItems.map((item) => [item.id, item]));
    list = {
      ...list,
      listItems: list.listItems.map((item) => {
        const mine = seen.get(item.id);
        return mine?.updatedAt && item.updatedAt && mine.updatedAt > item.updatedAt ? mine : item;
      }),
    };
  }
  return withPending(list);
}

/**
 * One list with the device's queued changes on top. Live: another device's (or tab's) change reaches this
 * query through the app's one household-stream reader (liveRefresh.ts: the list's events refresh
 * shoppingKeys.list(id), once per change); the answers to this device's own queued changes are merged in
 * without a refetch, so a tick here costs one refetch (from its event), not two.
 */
export function useShoppingList(id: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: shoppingKeys.list(id),
    queryFn: () => fetchList(id, client.getQueryData<ShoppingListOut>(shoppingKeys.list(id))),
  });
  useEffect(() => {
    const off = shoppingQueue.onApplied((listId, answered) => {
      if (listId !== id || answered.length === 0) return;
      client.setQueryData<ShoppingListOut>(shoppingKeys.list(id), (current) => (current ? withPending(mergeAnswered(current, answered)) : current));
    });
    return () => {
      off();
    };
  }, [client, id]);
  return query;
}

/** The server's answer for items this device changed, where it is newer than what the screen shows. */
function mergeAnswered(list: ShoppingListOut, answered: ShoppingListOut['listItems']): ShoppingListOut {
  const byId = new Map(answered.filter((item) => item.shoppingListId === list.id).map((item) => [item.id, item]));
  const listItems = list.listItems.map((item) => {
    const fresh = byId.get(item.id);
    byId.delete(item.id);
    return fresh && (!item.updatedAt || !fresh.updatedAt || fresh.updatedAt >= item.updatedAt) ? fresh : item;
  });
  return { ...list, listItems: [...listItems, ...byId.values()] };
}

/** The queue's state: changes waiting and whether the last attempt found no network. */
export function useShoppingQueueState() {
  return useSyncExternalStore(shoppingQueue.subscribe, shoppingQueue.state);
}

type ItemChange = ShoppingItemIn & { id: string };

/** Item changes: on screen at once, queued, sent in order (offline-tolerant). */
export function useItemChanges(list: Pick<ShoppingListOut, 'id' | 'groupId' | 'householdId'> | undefined) {
  const client = useQueryClient();
  const apply = (op: Parameters<typeof applyOp>[1]) => {
    if (!list) return;
    client.setQueryData<ShoppingListOut>(shoppingKeys.list(list.id), (current) => (current ? { ...current, listItems: applyOp(current.listItems, op, list) } : current));
    shoppingQueue.push(op);
  };
  return {
    create: (items: ItemChange[]) => list && apply({ kind: 'create', listId: list.id, items }),
    update: (items: ItemChange[]) => list && apply({ kind: 'update', listId: list.id, items }),
    remove: (ids: string[]) => list && apply({ kind: 'delete', listId: list.id, ids }),
  };
}

export function useShoppingListMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shoppingKeys.all });
  return {
    create: useMutation({ mutationFn: (name: string) => unwrap(shoppingApi.createList(name)), onSuccess: refresh }),
    rename: useMutation({ mutationFn: ({ list, name }: { list: ShoppingListSummary; name: string }) => unwrap(shoppingApi.renameList(list, name)), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(shoppingApi.deleteList(id)), onSuccess: refresh }),
    labelOrder: useMutation({
      mutationFn: ({ id, settings }: { id: string; settings: Parameters<typeof shoppingApi.labelSettings>[1] }) => unwrap(shoppingApi.labelSettings(id, settings)),
      onSuccess: refresh,
    }),
    addRecipes: useMutation({ mutationFn: ({ id, entries }: { id: string; entries: AddRecipesEntry[] }) => unwrap(shoppingApi.addRecipes(id, entries)), onSuccess: refresh }),
    removeRecipe: useMutation({ mutationFn: ({ id, recipeId }: { id: string; recipeId: string }) => unwrap(shoppingApi.removeRecipe(id, recipeId)), onSuccess: refresh }),
  };
}

export function useFoodSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['shopping', 'foods', search.trim()],
    queryFn: async () => (await unwrap(shoppingApi.searchFoods(search))).items,
    enabled,
    staleTime: 30_000,
  });
}

export function useShoppingUnits(enabled = true) {
  return useQuery({ queryKey: ['shopping', 'units'], queryFn: async () => (await unwrap(shoppingApi.units())).items, enabled, staleTime: 60_000 });
}

export function useShoppingLabels(enabled = true) {
  return useQuery({ queryKey: ['shopping', 'labels'], queryFn: async () => (await unwrap(shoppingApi.labels())).items, enabled, staleTime: 60_000 });
}
