import { describe, expect, it } from 'vitest';
import { skeletonFor } from './skeleton';

describe('skeletonFor', () => {
  it('shapes the loading screen after the address', () => {
    expect(skeletonFor('/g/home/r/pancakes')).toBe('recipe');
    expect(skeletonFor('/r/pancakes')).toBe('recipe');
    expect(skeletonFor('/g/home/r/pancakes/print')).toBe('recipe');
    expect(skeletonFor('/g/home/r/create/url')).toBe('page');
    expect(skeletonFor('/g/home')).toBe('cards');
    expect(skeletonFor('/g/home/cookbooks/dinner')).toBe('cards');
    expect(skeletonFor('/shopping-lists')).toBe('list');
    expect(skeletonFor('/shopping-lists/abc')).toBe('list');
    expect(skeletonFor('/g/home/recipes/tags')).toBe('list');
    expect(skeletonFor('/g/home/data/foods')).toBe('list');
    expect(skeletonFor('/user/profile')).toBe('page');
  });
});
