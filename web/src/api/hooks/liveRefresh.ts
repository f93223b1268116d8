import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { EventType, LiveEvent } from '../../../../contract/events';
import { useLiveEvents } from '../live';
import { householdKeys } from './households';
import { mealplanKeys } from './mealplans';
import { organizerKeys } from './organizers';
import { recipeKeys } from './search';
import { shoppingKeys } from './shopping';

/** Household stream events that change what the app shows, and the query keys (prefixes) each refreshes. */
const REFRESH: Partial<Record<EventType, (event: LiveEvent) => QueryKey[]>> = {};
const on = (types: EventType[], keys: (event: LiveEvent) => QueryKey[]) => types.forEach((t) => (REFRESH[t] = keys));

on(['recipe_created', 'recipe_updated', 'recipe_deleted'], () => [recipeKeys.all]);
on(['mealplan_entry_created', 'mealplan_entry_updated', 'mealplan_entry_deleted'], () => [mealplanKeys.all]);
on(['cookbook_created', 'cookbook_updated', 'cookbook_deleted'], () => [householdKeys.cookbooks]);
// A renamed or deleted organizer also changes the recipe cards that show it.
on(['tag_created', 'category_created', 'tool_created'], () => [organizerKeys.all]);
on(['tag_updated', 'tag_deleted', 'category_updated', 'category_deleted', 'tool_updated', 'tool_deleted'], () => [organizerKeys.all, recipeKeys.all]);
// A list's page is filtered by its id: only that list's query (and the lists' summaries) refresh. A tick
// announces its item and then its list (shopping_list_updated): both map to the same keys, refreshed once.
const listKeys = (listId: unknown): QueryKey[] => (typeof listId === 'string' ? [shoppingKeys.lists, shoppingKeys.list(listId)] : [shoppingKeys.lists]);
on(['shopping_list_created', 'shopping_list_updated', 'shopping_list_deleted'], (e) => listKeys((e.data as { id?: unknown }).id));
on(['shopping_list_item_created', 'shopping_list_item_updated', 'shopping_list_item_deleted'], (e) => listKeys((e.data as { shoppingListId?: unknown }).shoppingListId));

export const LIVE_REFRESH_EVENTS = Object.keys(REFRESH) as EventType[];

/** The query keys an event refreshes (none for events that change nothing on screen). */
export function liveRefreshKeys(event: LiveEvent): QueryKey[] {
  return REFRESH[event.type]?.(event) ?? [];
}

const covers = (prefix: QueryKey, key: QueryKey) => prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/**
 * The keys to refresh for a batch of events: each once, and none that a shorter key of the batch already
 * covers (invalidating ['shopping'] and then ['shopping','list',id] would cancel the first refetch and start
 * a second one).
 */
export function refreshKeysFor(events: readonly LiveEvent[]): QueryKey[] {
  const unique = new Map<string, QueryKey>();
  for (const event of events) for (const key of liveRefreshKeys(event)) unique.set(JSON.stringify(key), key);
  const keys = [...unique.values()];
  return keys.filter((key) => !keys.some((other) => other !== key && covers(other, key)));
}

/** Events within this window share one refresh (a bulk import announces many recipes at once). */
const BATCH_MS = 150;

/**
 * The app shell's one subscriber to the household stream, and the one event → query-key map: another member's
 * (or tab's, or process's) change to recipes, meal plans, cookbooks, organizers or shopping lists refreshes
 * the queries showing them. A screen that needs live updates adds its events to REFRESH above; it never
 * opens a stream of its own.
 */
export function useLiveRefresh(): void {
  const client = useQueryClient();
  const pending = useRef<LiveEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveEvents(LIVE_REFRESH_EVENTS, (event) => {
    pending.current.push(event);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const events = pending.current;
      pending.current = [];
      for (const queryKey of refreshKeysFor(events)) void client.invalidateQueries({ queryKey });
    }, BATCH_MS);
  });
}

/** Renders nothing; mounted once in the root shell. */
export function LiveRefresh(): null {
  useLiveRefresh();
  return null;
}
