import { describe, expect, it } from 'vitest';
import { KeptTexts } from './kept-texts.js';

describe('KeptTexts', () => {
  it('finds an item only under the version and scope it was kept under', () => {
    const cache = new KeptTexts();
    expect(cache.lookup('5', 'h1', ['a'])).toEqual([undefined]);
    cache.keep('5', 'h1', 'a', '{"id":"a"}');
    expect(cache.lookup('5', 'h1', ['a', 'b'])).toEqual(['{"id":"a"}', undefined]);
    expect(cache.lookup('5', 'h2', ['a'])).toEqual([undefined]);
  });

  it('drops everything when a newer version is seen, and an older one neither finds nor keeps anything', () => {
    const cache = new KeptTexts();
    cache.lookup('5', '', ['a']);
    cache.keep('5', '', 'a', 'five');
    expect(cache.lookup('6', '', ['a'])).toEqual([undefined]);
    cache.keep('6', '', 'a', 'six');
    // A request that read 5 before the write committed: nothing, and its rows are not kept under 5 or 6.
    expect(cache.lookup('5', '', ['a'])).toEqual([undefined]);
    cache.keep('5', '', 'b', 'five');
    expect(cache.lookup('6', '', ['a', 'b'])).toEqual(['six', undefined]);
    // Versions compare as numbers, not text.
    expect(cache.lookup('10', '', ['a'])).toEqual([undefined]);
  });

  it('holds at most its size in keys and JSON, dropping the least recently used first', () => {
    // Each entry below is 13 characters: its key '|/a' (group '', no scope, id) and 10 of JSON.
    const cache = new KeptTexts(104);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    cache.lookup('1', '', []);
    for (const id of ids) cache.keep('1', '', id, id.repeat(10));
    expect(cache.lookup('1', '', ids).every((json) => json !== undefined)).toBe(true);
    // 'a' is used again, so 'b' is the oldest when 'i' needs room.
    cache.lookup('1', '', ['a']);
    cache.keep('1', '', 'i', 'i'.repeat(10));
    expect(cache.lookup('1', '', ['a', 'b', 'c', 'i'])).toEqual(['a'.repeat(10), undefined, 'c'.repeat(10), 'i'.repeat(10)]);
    // An item over an eighth of the whole, its key included, is never kept.
    cache.keep('1', '', 'j', 'j'.repeat(11));
    expect(cache.lookup('1', '', ['j'])).toEqual([undefined]);
  });

  it('drops only the group whose version moved', () => {
    const cache = new KeptTexts();
    cache.keep('g1:5', 'totals', 'a', '12');
    cache.keep('g2:9', 'totals', 'a', '34');
    expect(cache.lookup('g1:6', 'totals', ['a'])).toEqual([undefined]);
    expect(cache.lookup('g2:9', 'totals', ['a'])).toEqual(['34']);
    // An older number of g1 finds nothing and keeps nothing; g2 keeps its own.
    cache.keep('g1:5', 'totals', 'b', '56');
    expect(cache.lookup('g1:6', 'totals', ['b'])).toEqual([undefined]);
    expect(cache.lookup('g2:9', 'totals', ['a', 'b'])).toEqual(['34', undefined]);
  });
});
