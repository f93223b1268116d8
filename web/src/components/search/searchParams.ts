import type { QueryValue } from '../../api/client';

/**
 * The advanced search lives in the address bar, so a search can be shared and reloaded. These are the
 * URL parameters (the group home reads the same ones) and their mapping to GET /api/recipes.
 */
export const ORDER_KEYS = ['name', 'created_at', 'updated_at', 'last_made', 'rating', 'random'] as const;
export type OrderKey = (typeof ORDER_KEYS)[number];
export type OrderDirection = 'asc' | 'desc';

export const FILTER_KEYS = ['categories', 'tags', 'tools', 'foods', 'households'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const REQUIRE_ALL_KEYS = {
  categories: 'requireAllCategories',
  tags: 'requireAllTags',
  tools: 'requireAllTools',
  foods: 'requireAllFoods',
} as const;
export type RequireAllFilter = keyof typeof REQUIRE_ALL_KEYS;
export type RequireAllKey = (typeof REQUIRE_ALL_KEYS)[RequireAllFilter];

export interface RecipeSearchState {
  search: string;
  /** categories, tags, tools and households by slug; foods by id (what GET /api/recipes takes). */
  categories: string[];
  tags: string[];
  tools: string[];
  foods: string[];
  households: string[];
  requireAllCategories: boolean;
  requireAllTags: boolean;
  requireAllTools: boolean;
  requireAllFoods: boolean;
  orderBy: OrderKey;
  orderDirection: OrderDirection;
  /** Needed by orderBy=random; the same seed gives the same order. */
  paginationSeed: string;
}

export const DEFAULT_ORDER: OrderKey = 'created_at';
export const DEFAULT_DIRECTION: OrderDirection = 'desc';

export const emptySearch: RecipeSearchState = {
  search: '',
  categories: [],
  tags: [],
  tools: [],
  foods: [],
  households: [],
  requireAllCategories: false,
  requireAllTags: false,
  requireAllTools: false,
  requireAllFoods: false,
  orderBy: DEFAULT_ORDER,
  orderDirection: DEFAULT_DIRECTION,
  paginationSeed: '',
};

/** The URL parameters this module owns; anything else in the address is left alone. */
export const SEARCH_PARAM_NAMES: readonly string[] = [
  'search',
  ...FILTER_KEYS,
  ...Object.values(REQUIRE_ALL_KEYS),
  'orderBy',
  'orderDirection',
  'paginationSeed',
];

/** A random seed for orderBy=random and the search dialog's searchSeed. */
export function newSeed(): string {
  return String(Math.floor(Math.random() * 1_000_000_000));
}

function isOrderKey(v: string | null): v is OrderKey {
  return (ORDER_KEYS as readonly string[]).includes(v ?? '');
}

function list(params: URLSearchParams, key: string): string[] {
  const seen = new Set<string>();
  for (const value of params.getAll(key)) {
    // `?tags=a,b` is accepted as well as repeated parameters.
    for (const part of value.split(',')) if (part.trim()) seen.add(part.trim());
  }
  return [...seen];
}

export function parseSearchParams(params: URLSearchParams): RecipeSearchState {
  const orderBy = params.get('orderBy');
  const direction = params.get('orderDirection');
  return {
    search: params.get('search') ?? '',
    categories: list(params, 'categories'),
    tags: list(params, 'tags'),
    tools: list(params, 'tools'),
    foods: list(params, 'foods'),
    households: list(params, 'households'),
    requireAllCategories: params.get('requireAllCategories') === 'true',
    requireAllTags: params.get('requireAllTags') === 'true',
    requireAllTools: params.get('requireAllTools') === 'true',
    requireAllFoods: params.get('requireAllFoods') === 'true',
    orderBy: isOrderKey(orderBy) ? orderBy : DEFAULT_ORDER,
    orderDirection: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_DIRECTION,
    paginationSeed: params.get('paginationSeed') ?? '',
  };
}

/** The state written into `base` (other parameters kept); defaults and empty values are left out. */
export function writeSearchParams(state: RecipeSearchState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of SEARCH_PARAM_NAMES) next.delete(name);
  if (state.search.trim()) next.set('search', state.search);
  for (const key of FILTER_KEYS) state[key].forEach((v) => next.append(key, v));
  for (const flag of Object.values(REQUIRE_ALL_KEYS)) if (state[flag]) next.set(flag, 'true');
  if (state.orderBy !== DEFAULT_ORDER) next.set('orderBy', state.orderBy);
  if (state.orderDirection !== DEFAULT_DIRECTION) next.set('orderDirection', state.orderDirection);
  if (state.orderBy === 'random' && state.paginationSeed) next.set('paginationSeed', state.paginationSeed);
  return next;
}

/** Does the state filter anything (as opposed to only ordering)? */
export function hasFilters(state: RecipeSearchState): boolean {
  return Boolean(state.search.trim()) || FILTER_KEYS.some((key) => state[key].length > 0);
}

/** GET /api/recipes query for a search state (without page/perPage). */
export function toRecipeQuery(state: RecipeSearchState): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    orderBy: state.orderBy,
    orderDirection: state.orderDirection,
  };
  if (state.search.trim()) query.search = state.search.trim();
  for (const key of FILTER_KEYS) if (state[key].length > 0) query[key] = state[key];
  for (const [filter, flag] of Object.entries(REQUIRE_ALL_KEYS) as [RequireAllFilter, RequireAllKey][]) {
    if (state[flag] && state[filter].length > 0) query[flag] = true;
  }
  if (state.orderBy === 'random') query.paginationSeed = state.paginationSeed || '0';
  return query;
}

/** The same, straight from the address (for the group home). */
export function recipeQueryFromParams(params: URLSearchParams): Record<string, QueryValue> {
  return toRecipeQuery(parseSearchParams(params));
}

/** Spec §7 search dialog: page 1, 20 per page, by name ascending, the text plus a random seed. */
export const DIALOG_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;

export function dialogQuery(text: string, searchSeed: string): Record<string, QueryValue> {
  return { page: 1, perPage: DIALOG_PAGE_SIZE, orderBy: 'name', orderDirection: 'asc', search: text.trim(), searchSeed };
}

/** Spec §7 random recipe: page 1, size 1, orderBy random (with a fresh seed). */
export function randomRecipeQuery(seed: string): Record<string, QueryValue> {
  return { page: 1, perPage: 1, orderBy: 'random', paginationSeed: seed };
}

/** Arrow-key movement through `length` results: wraps around; -1 means nothing is focused yet. */
export function moveFocus(current: number, delta: 1 | -1, length: number): number {
  if (length <= 0) return -1;
  if (current < 0) return delta > 0 ? 0 : length - 1;
  return (current + delta + length) % length;
}
