import { describe, expect, it } from 'vitest';
import {
  dialogQuery,
  emptySearch,
  hasFilters,
  moveFocus,
  parseSearchParams,
  randomRecipeQuery,
  recipeQueryFromParams,
  toRecipeQuery,
  writeSearchParams,
} from './searchParams';

describe('parseSearchParams', () => {
  it('reads repeated and comma-separated lists, flags, order and seed', () => {
    const state = parseSearchParams(
      new URLSearchParams('search=soup&tags=a&tags=b,c&tags=a&foods=f1&requireAllTags=true&orderBy=random&orderDirection=asc&paginationSeed=42'),
    );
    expect(state.search).toBe('soup');
    expect(state.tags).toEqual(['a', 'b', 'c']);
    expect(state.foods).toEqual(['f1']);
    expect(state.requireAllTags).toBe(true);
    expect(state.requireAllFoods).toBe(false);
    expect(state.orderBy).toBe('random');
    expect(state.orderDirection).toBe('asc');
    expect(state.paginationSeed).toBe('42');
  });

  it('falls back to created_at desc for unknown values', () => {
    const state = parseSearchParams(new URLSearchParams('orderBy=DROP&orderDirection=sideways'));
    expect(state.orderBy).toBe('created_at');
    expect(state.orderDirection).toBe('desc');
    expect(parseSearchParams(new URLSearchParams())).toEqual(emptySearch);
  });
});

describe('writeSearchParams', () => {
  it('round-trips and keeps parameters it does not own', () => {
    const state = { ...emptySearch, search: 'pie', categories: ['dessert'], requireAllCategories: true, orderBy: 'name' as const, orderDirection: 'asc' as const };
    const written = writeSearchParams(state, new URLSearchParams('page=3&tags=old'));
    expect(written.get('page')).toBe('3');
    expect(written.getAll('tags')).toEqual([]);
    expect(parseSearchParams(written)).toEqual(state);
  });

  it('leaves defaults, empty text and non-random seeds out', () => {
    const written = writeSearchParams({ ...emptySearch, search: '  ', paginationSeed: '9' });
    expect(written.toString()).toBe('');
  });

  it('keeps a require-all switch even before its filter has values, but does not send it alone', () => {
    const state = { ...emptySearch, requireAllTags: true };
    expect(writeSearchParams(state).toString()).toBe('requireAllTags=true');
    expect(toRecipeQuery(state).requireAllTags).toBeUndefined();
  });
});

describe('toRecipeQuery', () => {
  it('maps the state to GET /api/recipes parameters', () => {
    expect(toRecipeQuery({ ...emptySearch, search: ' stew ', tools: ['pot'], requireAllTools: true })).toEqual({
      orderBy: 'created_at',
      orderDirection: 'desc',
      search: 'stew',
      tools: ['pot'],
      requireAllTools: true,
    });
  });

  it('always gives random ordering a seed', () => {
    expect(toRecipeQuery({ ...emptySearch, orderBy: 'random' }).paginationSeed).toBe('0');
    expect(recipeQueryFromParams(new URLSearchParams('orderBy=random&paginationSeed=7')).paginationSeed).toBe('7');
  });

  it('knows when something is filtered', () => {
    expect(hasFilters(emptySearch)).toBe(false);
    expect(hasFilters({ ...emptySearch, households: ['h'] })).toBe(true);
  });
});

describe('dialog and random queries (spec §7)', () => {
  it('searches 20 by name ascending with the seed', () => {
    expect(dialogQuery(' cake ', 's1')).toEqual({ page: 1, perPage: 20, orderBy: 'name', orderDirection: 'asc', search: 'cake', searchSeed: 's1' });
  });
  it('asks for one random recipe', () => {
    expect(randomRecipeQuery('5')).toEqual({ page: 1, perPage: 1, orderBy: 'random', paginationSeed: '5' });
  });
});

describe('moveFocus', () => {
  it('starts at either end and wraps', () => {
    expect(moveFocus(-1, 1, 3)).toBe(0);
    expect(moveFocus(-1, -1, 3)).toBe(2);
    expect(moveFocus(2, 1, 3)).toBe(0);
    expect(moveFocus(0, -1, 3)).toBe(2);
    expect(moveFocus(1, 1, 0)).toBe(-1);
  });
});
