import { describe, expect, it } from 'vitest';
import { rewriteNotFoundPath } from './notFoundRewrite';

describe('rewriteNotFoundPath', () => {
  it('turns /recipe/ into /r/ and adds the group prefix', () => {
    expect(rewriteNotFoundPath('/recipe/pasta', 'home')).toBe('/g/home/r/pasta');
    expect(rewriteNotFoundPath('/r/pasta?edit=true', 'home')).toBe('/g/home/r/pasta?edit=true');
  });

  it('keeps a path that already has a group prefix', () => {
    expect(rewriteNotFoundPath('/g/home/unknown', 'home')).toBeNull();
    expect(rewriteNotFoundPath('/g/home/recipe/pasta', 'home')).toBe('/g/home/r/pasta');
  });

  it('does not prefix without a group, or for sections outside groups', () => {
    expect(rewriteNotFoundPath('/r/pasta', null)).toBeNull();
    expect(rewriteNotFoundPath('/admin/backups', 'home')).toBeNull();
    expect(rewriteNotFoundPath('/household/unknown', 'home')).toBeNull();
  });
});
