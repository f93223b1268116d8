import { describe, expect, it } from 'vitest';
import { canEditRecipe, ownsGroup } from './permissions';
import { filtersFromSearchParams, filtersToSearchParams, recipeListQuery } from './listParams';
import { recipeImageUrl } from './media';
import { API } from '../../../../contract/routes';

describe('recipe list filters', () => {
  it('come from the address', () => {
    const params = new URLSearchParams('search=soup&tags=a&tags=b&categories=c,d&requireAllTags=true&requireAllTools=false&orderBy=name&orderDirection=asc&bogus=1');
    expect(filtersFromSearchParams(params)).toEqual({
      search: 'soup',
      tags: ['a', 'b'],
      categories: ['c', 'd'],
      requireAllTags: true,
      orderBy: 'name',
      orderDirection: 'asc',
    });
    expect(filtersFromSearchParams(new URLSearchParams('orderDirection=sideways'))).toEqual({});
  });

  it('go back into the address', () => {
    const filters = { search: 'soup', tags: ['a', 'b'], requireAllTags: true, orderDirection: 'asc' as const };
    expect(filtersToSearchParams(filters).toString()).toBe('search=soup&tags=a&tags=b&requireAllTags=true&orderDirection=asc');
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('make the page query: 30 per page, newest first by default', () => {
    expect(recipeListQuery({}, 2)).toEqual({ page: 2, perPage: 30, orderBy: 'created_at', orderDirection: 'desc' });
    expect(recipeListQuery({ search: 'x', tags: ['a'], requireAllTags: false, orderBy: 'name' }, 1)).toEqual({
      page: 1,
      perPage: 30,
      orderBy: 'name',
      orderDirection: 'desc',
      search: 'x',
      tags: ['a'],
    });
  });
});

describe('recipe permissions', () => {
  const user = { id: 'u1', groupId: 'g1', householdId: 'h1' };
  const recipe = { userId: 'u2', groupId: 'g1', householdId: 'h1', settings: { locked: false } };
  it('follow spec §6', () => {
    expect(canEditRecipe(null, recipe, false)).toBe(false);
    expect(canEditRecipe(user, recipe, false)).toBe(true);
    expect(canEditRecipe(user, { ...recipe, settings: { locked: true } }, false)).toBe(false);
    expect(canEditRecipe(user, { ...recipe, userId: 'u1', settings: { locked: true } }, false)).toBe(true);
    expect(canEditRecipe(user, { ...recipe, groupId: 'g2' }, false)).toBe(false);
    expect(canEditRecipe(user, { ...recipe, householdId: 'h2' }, true)).toBe(false);
    expect(canEditRecipe(user, { ...recipe, householdId: 'h2' }, false)).toBe(true);
  });
  it('own the group when logged in and the route group is theirs', () => {
    expect(ownsGroup(null, 'home')).toBe(false);
    expect(ownsGroup({ groupSlug: 'home' }, 'home')).toBe(true);
    expect(ownsGroup({ groupSlug: 'home' }, 'other')).toBe(false);
    expect(ownsGroup({ groupSlug: 'home' }, undefined)).toBe(true);
  });
});

describe('recipe media', () => {
  it('versions image URLs and skips recipes without an image', () => {
    // Mealie's media route (its path is written once, in contract/routes.ts) with the recipe id and the size's file.
    expect(recipeImageUrl('r1', 'abc', 'tiny-original')).toBe(
      API.mediaRecipesByRecipeIdImagesByFileName.replace(':recipe_id', 'r1').replace(':file_name', 'tiny-original.webp') + '?version=abc',
    );
    expect(recipeImageUrl('r1', null)).toBeNull();
  });
});
