import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

/** Client-saved shopping list preferences (spec §3): viewAllLists, viewByLabel. */
export interface ShoppingPrefs {
  viewAllLists: boolean;
  viewByLabel: boolean;
}

const KEY = 'hearth.shopping.prefs';
const DEFAULTS: ShoppingPrefs = { viewAllLists: false, viewByLabel: true };
const listeners = new Set<() => void>();

function read(): ShoppingPrefs {
  try {
    return { ...DEFAULTS, ...(JSON.parse(readStorage(KEY) ?? '{}') as Partial<ShoppingPrefs>) };
  } catch {
    return DEFAULTS;
  }
}

let current = read();

export function setShoppingPrefs(changes: Partial<ShoppingPrefs>) {
  current = { ...current, ...changes };
  writeStorage(KEY, JSON.stringify(current));
  listeners.forEach((listener) => listener());
}

export function useShoppingPrefs(): ShoppingPrefs {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
