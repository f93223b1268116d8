import type { QueryValue } from '../../api/client';

/** Spec §3 client-saved preferences of the recipe finder, plus what the user last picked. */
export interface FinderPrefs {
  maxMissingFoods: number;
  maxMissingTools: number;
  includeFoodsOnHand: boolean;
  includeToolsOnHand: boolean;
  /** Food ids. */
  foods: string[];
  /** Tool ids. */
  tools: string[];
}

/** Spec §9: at most 20 missing foods and 20 missing tools. */
export const MAX_MISSING = 20;
export const FINDER_PREFS_KEY = 'hearth.recipeFinder.preferences';

export const DEFAULT_FINDER_PREFS: FinderPrefs = {
  maxMissingFoods: MAX_MISSING,
  maxMissingTools: MAX_MISSING,
  includeFoodsOnHand: true,
  includeToolsOnHand: true,
  foods: [],
  tools: [],
};

function count(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_MISSING ? n : fallback;
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v !== ''))].slice(0, 500) : [];
}

/** Stored JSON to preferences; anything missing or malformed takes its default. */
export function parseFinderPrefs(raw: string | null): FinderPrefs {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const d = DEFAULT_FINDER_PREFS;
  return {
    maxMissingFoods: count(stored.maxMissingFoods, d.maxMissingFoods),
    maxMissingTools: count(stored.maxMissingTools, d.maxMissingTools),
    includeFoodsOnHand: typeof stored.includeFoodsOnHand === 'boolean' ? stored.includeFoodsOnHand : d.includeFoodsOnHand,
    includeToolsOnHand: typeof stored.includeToolsOnHand === 'boolean' ? stored.includeToolsOnHand : d.includeToolsOnHand,
    foods: ids(stored.foods),
    tools: ids(stored.tools),
  };
}

/** GET /api/recipes/suggestions query for the preferences. */
export function suggestionsQuery(prefs: FinderPrefs): Record<string, QueryValue> {
  return {
    foods: prefs.foods,
    tools: prefs.tools,
    maxMissingFoods: prefs.maxMissingFoods,
    maxMissingTools: prefs.maxMissingTools,
    includeFoodsOnHand: prefs.includeFoodsOnHand,
    includeToolsOnHand: prefs.includeToolsOnHand,
  };
}

/** Something to match against: picked foods or tools, or (when included) the household's on-hand ones. */
export function canSuggest(prefs: FinderPrefs, onHand: { foods: number; tools: number }): boolean {
  return (
    prefs.foods.length > 0 ||
    prefs.tools.length > 0 ||
    (prefs.includeFoodsOnHand && onHand.foods > 0) ||
    (prefs.includeToolsOnHand && onHand.tools > 0)
  );
}
