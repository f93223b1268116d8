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
on(['shopping_list_created', 'shopping_list_updated', 'shopping_list_deleted'], () => [shoppingKeys.all]);
on(['shopping_list_item_created', 'shopping_list_item_updated', 'shopping_list_item_deleted'], (e) => {
  const listId = (e.data as { shoppingListId?: unknown }).shoppingListId;
  return typeof listId === 'string' ? [shoppingKeys.lists, shoppingKeys.list(listId)] : [shoppingKeys.all];
});

export const LIVE_REFRESH_EVENTS = Object.keys(REFRESH) as EventType[];

/** The query keys an event refreshes (none for events that change nothing on screen). */
export function liveRefreshKeys(event: LiveEvent): QueryKey[] {
  return REFRESH[event.type]?.(event) ?? [];
}

/** Events within this window share one refresh (a bulk import announces many recipes at once). */
const BATCH_MS = 150;

/**
 * The app shell's one subscriber to the household stream: another member's (or tab's, or process's)
 * change to recipes, meal plans, cookbooks, organizers or shopping lists refreshes the queries showing them.
 */
export function useLiveRefresh(): void {
  const client = useQueryClient();
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveEvents(LIVE_REFRESH_EVENTS, (event) => {
    for (const key of liveRefreshKeys(event)) pending.current.set(JSON.stringify(key), key);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const keys = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    }, BATCH_MS);
  });
}

/** Renders nothing; mounted once in the root shell. */
export function LiveRefresh(): null {
  useLiveRefresh();
  return null;
}
