import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

/*
 * Spec §3 client-saved preferences of this area: cookbook.hideOtherHouseholds and the timeline's
 * ascending order and event types. Kept in localStorage; every hook using a key sees its changes at once.
 */

export type TimelineType = 'info' | 'system' | 'comment';
export const TIMELINE_TYPES: TimelineType[] = ['info', 'system', 'comment'];

export interface CookbookPrefs {
  hideOtherHouseholds: boolean;
}
export interface TimelinePrefs {
  ascending: boolean;
  types: TimelineType[];
}

export const COOKBOOK_PREFS_KEY = 'hearth.cookbook.preferences';
export const TIMELINE_PREFS_KEY = 'hearth.timeline.preferences';

function parse(raw: string | null): Record<string, unknown> {
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function parseCookbookPrefs(raw: string | null): CookbookPrefs {
  return { hideOtherHouseholds: parse(raw).hideOtherHouseholds === true };
}

export function parseTimelinePrefs(raw: string | null): TimelinePrefs {
  const stored = parse(raw);
  const types = Array.isArray(stored.types) ? TIMELINE_TYPES.filter((t) => (stored.types as unknown[]).includes(t)) : TIMELINE_TYPES;
  return { ascending: stored.ascending === true, types };
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function useStoredPrefs<T>(key: string, parseFn: (raw: string | null) => T): [T, (patch: Partial<T>) => void] {
  const raw = useSyncExternalStore(subscribe, () => readStorage(key));
  const value = parseFn(raw);
  const update = useCallback(
    (patch: Partial<T>) => {
      writeStorage(key, JSON.stringify({ ...parseFn(readStorage(key)), ...patch }));
      listeners.forEach((l) => l());
    },
    [key, parseFn],
  );
  return [value, update];
}

export function useCookbookPrefs() {
  return useStoredPrefs(COOKBOOK_PREFS_KEY, parseCookbookPrefs);
}

export function useTimelinePrefs() {
  return useStoredPrefs(TIMELINE_PREFS_KEY, parseTimelinePrefs);
}
