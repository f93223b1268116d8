import { describe, expect, it } from 'vitest';
import { emptyFields, fieldsToFilter, filterToFields } from './filterFields';

const part = (attributeName: string, relationalOperator: string, value: string | string[], logicalOperator: string | null = null) => ({
  leftParenthesis: null, rightParenthesis: null, logicalOperator, attributeName, relationalOperator, value,
});

describe('query filter fields', () => {
  it('writes any-of and all-of conditions joined by AND', () => {
    const fields = emptyFields();
    fields.categories = { ids: ['c1', 'c2'], requireAll: false };
    fields.tags = { ids: ['t1', 't2'], requireAll: true };
    fields.households = { ids: ['h1'], requireAll: true };
    expect(fieldsToFilter(fields)).toBe('recipe_category.id IN ["c1", "c2"] AND tags.id CONTAINS ALL ["t1", "t2"] AND household_id IN ["h1"]');
    expect(fieldsToFilter(emptyFields())).toBe('');
  });

  it('loads a stored filter back into the fields', () => {
    const fields = filterToFields({ parts: [part('recipe_category.id', 'IN', ['c1', 'c2']), part('tags.id', 'CONTAINS ALL', ['t1'], 'AND'), part('foods.id', '=', 'f1', 'AND')] });
    expect(fields?.categories).toEqual({ ids: ['c1', 'c2'], requireAll: false });
    expect(fields?.tags).toEqual({ ids: ['t1'], requireAll: true });
    expect(fields?.foods).toEqual({ ids: ['f1'], requireAll: false });
    expect(filterToFields({ parts: [] })).toEqual(emptyFields());
  });

  it('leaves filters the fields cannot say to the text editor', () => {
    expect(filterToFields({ parts: [part('tags.id', 'IN', ['a']), part('tools.id', 'IN', ['b'], 'OR')] })).toBeNull();
    expect(filterToFields({ parts: [part('name', 'LIKE', '%soup%')] })).toBeNull();
    expect(filterToFields({ parts: [{ ...part('tags.id', 'IN', ['a']), leftParenthesis: '(' }] })).toBeNull();
  });
});
