import { describe, expect, it } from 'vitest';
import { filterToRows, rowsToFilter, type FilterRow } from './queryFilter';

describe('cookbook filter rows', () => {
  it('writes Mealie’s grammar and reads it back', () => {
    const rows: FilterRow[] = [
      { field: 'tags', operator: 'IN', values: ['a', 'b'] },
      { field: 'categories', operator: 'CONTAINS ALL', values: ['c'] },
      { field: 'households', operator: 'NOT IN', values: ['h'] },
      { field: 'tools', operator: 'IN', values: [] },
    ];
    const text = rowsToFilter(rows);
    expect(text).toBe('tags.id IN ["a", "b"] AND recipe_category.id CONTAINS ALL ["c"] AND household_id NOT IN ["h"]');
    expect(filterToRows(text)).toEqual(rows.slice(0, 3));
    expect(filterToRows('')).toEqual([]);
  });

  it('gives up on anything the rows cannot say', () => {
    expect(filterToRows('name LIKE "%soup%"')).toBeNull();
    expect(filterToRows('tags.id IN ["a"] OR tools.id IN ["b"]')).toBeNull();
    expect(filterToRows('household_id CONTAINS ALL ["h"]')).toBeNull();
  });
});
