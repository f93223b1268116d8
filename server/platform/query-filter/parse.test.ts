import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import { QueryFilterError, decamelizePath, type QueryFilterNode } from './ast.js';
import { queryFilterToJson } from './json.js';
import { parseQueryFilter } from './parse.js';
import { coerceFilterValue, resolveNowPlaceholder } from './values.js';

/** A compact, readable rendering of the tree: conditions as `attr OP value`, groups and folds explicit. */
function show(node: QueryFilterNode): string {
  switch (node.kind) {
    case 'condition': {
      const value = Array.isArray(node.value) ? `[${node.value.map((v) => v.text).join('|')}]` : node.value.text;
      return `${node.attribute} ${node.operator} ${value}`;
    }
    case 'group':
      return `(${show(node.inner)})`;
    case 'logical':
      return `{${show(node.left)} ${node.operator} ${show(node.right)}}`;
  }
}

const parse = (text: string) => show(parseQueryFilter(text));

function errorOf(text: string): QueryFilterError {
  try {
    parseQueryFilter(text);
  } catch (error) {
    if (error instanceof QueryFilterError) return error;
    throw error;
  }
  throw new Error(`expected "${text}" to be rejected`);
}

describe('parseQueryFilter: comparisons', () => {
  it.each([
    ['name = soup', 'name = soup'],
    ['name="Tomato soup"', 'name = Tomato soup'],
    ['rating>=4', 'rating >= 4'],
    ['rating<=4', 'rating <= 4'],
    ['rating>4', 'rating > 4'],
    ['rating<4', 'rating < 4'],
    ['rating<>4', 'rating <> 4'],
    ['rating != 4', 'rating <> 4'],
    ['  rating   =   4  ', 'rating = 4'],
    ['date_added > "2024-01-01"', 'date_added > 2024-01-01'],
    ['created_at >= $NOW-30d', 'created_at >= $NOW-30d'],
    ['name = "a = b AND c"', 'name = a = b AND c'],
    ['name = ""', 'name = '],
    ['name = and', 'name = and'],
  ])('%s', (input, expected) => {
    expect(parse(input)).toBe(expected);
  });

  it('decamelizes attribute paths segment by segment', () => {
    expect(parse('recipeCategory.slug = x')).toBe('recipe_category.slug = x');
    expect(parse('household.preferences.privateHousehold = false')).toBe('household.preferences.private_household = false');
    expect(parse('orgURL = x')).toBe('org_url = x');
    expect(parse('household_id = x')).toBe('household_id = x');
    expect(decamelizePath('updatedAt')).toBe('updated_at');
    expect(decamelizePath('settings.disableAmount')).toBe('settings.disable_amount');
  });

  it('keeps the attribute as written for messages', () => {
    const node = parseQueryFilter('recipeCategory.slug = x');
    expect(node.kind === 'condition' && node.attributeText).toBe('recipeCategory.slug');
  });
});

describe('parseQueryFilter: keywords', () => {
  it.each([
    ['tags.name IN ["Quick", "Dinner"]', 'tags.name IN [Quick|Dinner]'],
    ['tags.name in [Quick,Dinner]', 'tags.name IN [Quick|Dinner]'],
    ['tags.name NOT IN ["a"]', 'tags.name NOT IN [a]'],
    ['tags.name not   in ["a"]', 'tags.name NOT IN [a]'],
    ['tags.slug CONTAINS ALL ["a", "b"]', 'tags.slug CONTAINS ALL [a|b]'],
    ['tags.slug contains all ["a"]', 'tags.slug CONTAINS ALL [a]'],
    ['tools.id IN []', 'tools.id IN []'],
    ['name LIKE "%soup%"', 'name LIKE %soup%'],
    ['name like %soup%', 'name LIKE %soup%'],
    ['name NOT LIKE "%soup%"', 'name NOT LIKE %soup%'],
    ['last_made IS NULL', 'last_made IS NULL'],
    ['last_made is null', 'last_made IS null'],
    ['last_made IS NONE', 'last_made IS NONE'],
    ['last_made IS NOT NULL', 'last_made IS NOT NULL'],
    ['last_made is not none', 'last_made IS NOT none'],
    ['last_made IS "null"', 'last_made IS null'],
  ])('%s', (input, expected) => {
    expect(parse(input)).toBe(expected);
  });
});

describe('parseQueryFilter: logic', () => {
  it('folds right to left without precedence', () => {
    expect(parse('a = 1 AND b = 2 OR c = 3')).toBe('{a = 1 AND {b = 2 OR c = 3}}');
    expect(parse('a = 1 OR b = 2 AND c = 3')).toBe('{a = 1 OR {b = 2 AND c = 3}}');
    expect(parse('a = 1 and b = 2 and c = 3 or d = 4')).toBe('{a = 1 AND {b = 2 AND {c = 3 OR d = 4}}}');
  });

  it('honours parentheses', () => {
    expect(parse('(a = 1 OR b = 2) AND c = 3')).toBe('{({a = 1 OR b = 2}) AND c = 3}');
    expect(parse('((a = 1))')).toBe('((a = 1))');
    expect(parse('a = 1 AND (b = 2 OR (c = 3 AND d = 4))')).toBe('{a = 1 AND ({b = 2 OR ({c = 3 AND d = 4})})}');
    expect(parse('(a=1)OR(b=2)')).toBe('{(a = 1) OR (b = 2)}');
  });

  it('accepts mixed-case logical operators', () => {
    expect(parse('a = 1 And b = 2 oR c = 3')).toBe('{a = 1 AND {b = 2 OR c = 3}}');
  });
});

describe('parseQueryFilter: errors', () => {
  it.each([
    ['', 'Query filter is empty'],
    ['   ', 'Query filter is empty'],
    ['name = "soup" ORR rating > 3', 'Unexpected token "ORR" at position 14'],
    ['name', 'Unexpected end of query filter at position 4'],
    ['name =', 'Unexpected end of query filter at position 6'],
    ['name = "soup', 'Unterminated quoted value starting at position 7'],
    ['(name = soup', 'Unbalanced parenthesis: "(" at position 0 is never closed'],
    ['name = soup)', 'Unbalanced parenthesis: ")" at position 11 has no matching "("'],
    [')', 'Unbalanced parenthesis: ")" at position 0'],
    ['((a = 1)', 'Unbalanced parenthesis: "(" at position 0 is never closed'],
    ['name soup', 'Unexpected token "soup" at position 5'],
    ['name = soup AND', 'Unexpected end of query filter at position 15'],
    ['AND name = soup', 'Unexpected token "AND" at position 0'],
    ['name = soup AND OR x = 1', 'Unexpected token "OR" at position 16'],
    ['tags.name IN "a"', 'IN needs a list of values in brackets'],
    ['tags.name IN ["a" "b"]', 'Unexpected token "b" (quoted) at position 18'],
    ['tags.name IN ["a",]', 'Unexpected token "]" at position 18'],
    ['tags.name IN ["a"', 'Unexpected end of query filter at position 17'],
    ['name = ["a"]', 'A list at position 7 is only allowed after IN'],
    ['name IS "x"', 'IS must be followed by NULL or NONE, got "x" (quoted) at position 8'],
    ['name IS NOT empty', 'IS NOT must be followed by NULL or NONE'],
    ['name NOT = 1', 'Unexpected token "=" at position 9: expected IN or LIKE after NOT'],
    ['tags.name CONTAINS ["a"]', 'expected ALL after CONTAINS'],
    ['"name" = 1', 'Unexpected token "name" (quoted) at position 0'],
    ['na-me = 1', 'Invalid attribute name "na-me" at position 0'],
    ['tags..name = 1', 'Invalid attribute name "tags..name"'],
    ['name = 1 rating = 2', 'Unexpected token "rating" at position 9: expected AND or OR'],
    ['name ! 1', 'Unexpected character "!" at position 5'],
    ['()', 'Unexpected token ")" at position 1'],
  ])('%j', (input, message) => {
    const error = errorOf(input);
    expect(error.message).toContain(message);
  });

  it('is an HTTP 400 carrying the position', () => {
    const error = errorOf('name = "soup" ORR rating > 3');
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.position).toBe(14);
  });
});

describe('queryFilterToJson', () => {
  it("produces Mealie's parts with parentheses and the operator before each part", () => {
    const json = queryFilterToJson(parseQueryFilter('(tags.name IN ["a", "b"] OR recipeCategory.slug = x) AND last_made IS NULL'));
    expect(json).toEqual({
      parts: [
        { leftParenthesis: '(', rightParenthesis: null, logicalOperator: null, attributeName: 'tags.name', relationalOperator: 'IN', value: ['a', 'b'] },
        { leftParenthesis: null, rightParenthesis: ')', logicalOperator: 'OR', attributeName: 'recipe_category.slug', relationalOperator: '=', value: 'x' },
        { leftParenthesis: null, rightParenthesis: null, logicalOperator: 'AND', attributeName: 'last_made', relationalOperator: 'IS', value: 'NULL' },
      ],
    });
  });

  it('stacks nested parentheses on one part', () => {
    const { parts } = queryFilterToJson(parseQueryFilter('((a = 1 AND b = 2)) OR (c = 3)'));
    expect(parts.map((p) => [p.leftParenthesis, p.attributeName, p.rightParenthesis, p.logicalOperator])).toEqual([
      ['((', 'a', null, null],
      [null, 'b', '))', 'AND'],
      ['(', 'c', ')', 'OR'],
    ]);
  });

  it('gives one part per condition for a single condition', () => {
    expect(queryFilterToJson(parseQueryFilter('rating >= 4')).parts).toEqual([
      { leftParenthesis: null, rightParenthesis: null, logicalOperator: null, attributeName: 'rating', relationalOperator: '>=', value: '4' },
    ]);
  });
});

describe('value coercion', () => {
  const now = new Date('2024-03-31T12:00:00.000Z');
  const coerce = (text: string, type: Parameters<typeof coerceFilterValue>[1]) => coerceFilterValue({ text, position: 0 }, type, 'attr', now);

  it('reads booleans the way Mealie does', () => {
    expect(coerce('true', 'boolean')).toBe(true);
    expect(coerce('TRUE', 'boolean')).toBe(true);
    expect(coerce('yes', 'boolean')).toBe(true);
    expect(coerce('1', 'boolean')).toBe(true);
    expect(coerce('false', 'boolean')).toBe(false);
    expect(coerce('no', 'boolean')).toBe(false);
    expect(coerce('0', 'boolean')).toBe(false);
    expect(coerce('10', 'boolean')).toBe(false);
  });

  it('checks numbers and UUIDs', () => {
    expect(coerce('4.5', 'number')).toBe(4.5);
    expect(() => coerce('four', 'number')).toThrow('Invalid value "four" at position 0 for attr: expected a number');
    expect(() => coerce('', 'number')).toThrow('expected a number');
    expect(coerce('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 'uuid')).toBe('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
    expect(coerce('a0eebc999c0b4ef8bb6d6bb9bd380a11', 'uuid')).toBe('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
    expect(() => coerce('not-a-uuid', 'uuid')).toThrow('expected a UUID');
  });

  it('reads dates as UTC in the stored form', () => {
    expect(coerce('2024-01-05', 'datetime')).toBe('2024-01-05T00:00:00.000000Z');
    expect(coerce('2024-01-05T10:30', 'datetime')).toBe('2024-01-05T10:30:00.000000Z');
    expect(coerce('2024-01-05 10:30:15.5', 'datetime')).toBe('2024-01-05T10:30:15.500000Z');
    expect(coerce('2024-01-05T10:30:00+02:00', 'datetime')).toBe('2024-01-05T08:30:00.000000Z');
    expect(coerce('2024-01-05T10:30:00Z', 'date')).toBe('2024-01-05');
    expect(() => coerce('2024-02-30', 'date')).toThrow('expected a date');
    expect(() => coerce('yesterday', 'datetime')).toThrow('expected a date');
  });

  it('resolves $NOW placeholders with every unit', () => {
    expect(coerce('$NOW', 'datetime')).toBe('2024-03-31T12:00:00.000000Z');
    expect(coerce('$now', 'datetime')).toBe('2024-03-31T12:00:00.000000Z');
    expect(coerce('$NOW-30d', 'datetime')).toBe('2024-03-01T12:00:00.000000Z');
    expect(coerce('$NOW+1y', 'date')).toBe('2025-03-31');
    expect(coerce('$NOW-1m', 'date')).toBe('2024-02-29');
    expect(coerce('$NOW+2H', 'datetime')).toBe('2024-03-31T14:00:00.000000Z');
    expect(coerce('$NOW-15M', 'datetime')).toBe('2024-03-31T11:45:00.000000Z');
    expect(coerce('$NOW+30S', 'datetime')).toBe('2024-03-31T12:00:30.000000Z');
    expect(() => coerce('$NOW-30x', 'datetime')).toThrow('expected a date');
    expect(() => coerce('$NOW-d', 'datetime')).toThrow('expected a date');
    expect(resolveNowPlaceholder('$NOWISH', now)).toBeNull();
  });
});
