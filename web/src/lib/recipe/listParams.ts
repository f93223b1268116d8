import type { QueryValue } from '../../api/client';
import type { RecipeListFilters } from './types';

/** Spec §7/§9: lists load 30 at a time, newest first. */
export const RECIPE_PAGE_SIZE = 30;
export const DEFAULT_ORDER_BY = 'created_at';
export const DEFAULT_ORDER_DIRECTION = 'desc';

const LIST_KEYS = ['categories', 'tags', 'tools', 'foods', 'households'] as const;
const FLAG_KEYS = ['requireAllCategories', 'requireAllTags', 'requireAllTools', 'requireAllFoods'] as const;
const TEXT_KEYS = ['search', 'orderBy', 'queryFilter', 'paginationSeed', 'cookbook'] as const;

/**
 * The group home's filters from its address (?search=…&tags=a&tags=b&requireAllTags=true&orderBy=…).
 * The advanced search bar writes these; the list reads them.
 */
export function filtersFromSearchParams(params: URLSearchParams): RecipeListFilters {
  const filters: RecipeListFilters = {};
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  for (const key of LIST_KEYS) {
    const values = params.getAll(key).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
    if (values.length) filters[key] = values;
  }
  for (const key of FLAG_KEYS) {
    if (params.get(key) === 'true') filters[key] = true;
  }
  const direction = params.get('orderDirection');
  if (direction === 'asc' || direction === 'desc') filters.orderDirection = direction;
  const nulls = params.get('orderByNullPosition');
  if (nulls === 'first' || nulls === 'last') filters.orderByNullPosition = nulls;
  return filters;
}

/** The inverse: filters written into the address, leaving defaults out. */
export function filtersToSearchParams(filters: RecipeListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) if (filters[key]) params.set(key, filters[key] as string);
  for (const key of LIST_KEYS) for (const v of filters[key] ?? []) params.append(key, v);
  for (const key of FLAG_KEYS) if (filters[key]) params.set(key, 'true');
  if (filters.orderDirection) params.set('orderDirection', filters.orderDirection);
  if (filters.orderByNullPosition) params.set('orderByNullPosition', filters.orderByNullPosition);
  return params;
}

/** GET /api/recipes query for one page: the filters plus paging and the default order. */
export function recipeListQuery(filters: RecipeListFilters, page: number, perPage = RECIPE_PAGE_SIZE): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    page,
    perPage,
    orderBy: filters.orderBy ?? DEFAULT_ORDER_BY,
    orderDirection: filters.orderDirection ?? DEFAULT_ORDER_DIRECTION,
  };
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'orderBy' || key === 'orderDirection' || value === undefined || value === false) continue;
    query[key] = value as QueryValue;
  }
  return query;
}
