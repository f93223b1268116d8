import { useSyncExternalStore } from 'react';
import type { UnitSystem } from '../../lib/recipe/convert';

/** The measures a reader chose to see recipes in (null: as written), kept on this device. */
const KEY = 'hearth.unit-system';
const listeners = new Set<() => void>();

function read(): UnitSystem | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'metric' || value === 'us' ? value : null;
  } catch {
    return null;
  }
}

let current: UnitSystem | null = read();

export function setUnitSystem(next: UnitSystem | null): void {
  current = next;
  try {
    if (next) localStorage.setItem(KEY, next);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: the choice lasts for this page.
  }
  for (const listener of listeners) listener();
}

export function useUnitSystem(): UnitSystem | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
