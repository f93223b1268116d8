import { sql, type Expression, type SqlBool } from 'kysely';
import { badRequest } from '../../platform/errors.js';
import { isUuid } from '../../platform/storage.js';

/**
 * The part of Mealie's queryFilter grammar that clients send for comments and timeline events: conditions
 * joined by AND, optionally parenthesised, e.g. `(recipe_id="…") AND eventType IN ["info", "system"]` or
 * `recipe.group_id="…" AND recipe.household_id="…"`. OR is refused with a 400 rather than misread.
 */

type Operator = '=' | '<>' | '>' | '<' | '>=' | '<=' | 'IN' | 'NOT IN';
export type FilterValueType = 'uuid' | 'text' | 'datetime';

export interface FilterColumn {
  column: string;
  type: FilterValueType;
}

interface Condition {
  attribute: string;
  operator: Operator;
  values: string[];
}

const TOKEN = /\s*(\(|\)|\[|\]|,|<>|>=|<=|=|>|<|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s()[\],=<>"']+)/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const match = TOKEN.exec(text);
    if (!match) throw badRequest(`Invalid query filter: ${text}`);
    tokens.push(match[1]);
  }
  return tokens;
}

function unquote(token: string): string {
  const quoted = (token.startsWith('"') && token.endsWith('"')) || (token.startsWith("'") && token.endsWith("'"));
  return quoted && token.length >= 2 ? token.slice(1, -1).replace(/\\(.)/g, '$1') : token;
}

/** camelCase or snake_case attribute names, dotted paths kept: `eventType` → `event_type`. */
function attributeName(token: string): string {
  return token.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function parse(text: string): Condition[] {
  const tokens = tokenize(text);
  let depth = 0;
  const conditions: Condition[] = [];
  let expectCondition = true;
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i];
    if (token === '(') {
      depth += 1;
      i += 1;
      continue;
    }
    if (token === ')') {
      depth -= 1;
      if (depth < 0) throw badRequest('Invalid query filter: unbalanced parentheses');
      i += 1;
      continue;
    }
    const upper = token.toUpperCase();
    if (!expectCondition) {
      if (upper === 'AND') {
        expectCondition = true;
        i += 1;
        continue;
      }
      if (upper === 'OR') throw badRequest('Invalid query filter: OR is not supported on this list');
      throw badRequest(`Invalid query filter near "${token}"`);
    }
    const attribute = attributeName(token);
    let operator: Operator;
    let next = i + 1;
    const op = (tokens[next] ?? '').toUpperCase();
    if (op === 'NOT' && (tokens[next + 1] ?? '').toUpperCase() === 'IN') {
      operator = 'NOT IN';
      next += 2;
    } else if (['=', '<>', '>', '<', '>=', '<=', 'IN'].includes(op)) {
      operator = op as Operator;
      next += 1;
    } else {
      throw badRequest(`Invalid query filter: unsupported operator after "${token}"`);
    }
    const values: string[] = [];
    if (operator === 'IN' || operator === 'NOT IN') {
      if (tokens[next] !== '[') throw badRequest(`Invalid query filter: ${operator} needs a [list]`);
      next += 1;
      while (tokens[next] !== ']') {
        if (next >= tokens.length) throw badRequest('Invalid query filter: unterminated list');
        if (tokens[next] !== ',') values.push(unquote(tokens[next]));
        next += 1;
      }
      next += 1;
    } else {
      if (next >= tokens.length) throw badRequest(`Invalid query filter: missing value for "${token}"`);
      values.push(unquote(tokens[next]));
      next += 1;
    }
    conditions.push({ attribute, operator, values });
    expectCondition = false;
    i = next;
  }
  if (depth !== 0) throw badRequest('Invalid query filter: unbalanced parentheses');
  if (expectCondition && conditions.length > 0) throw badRequest('Invalid query filter: dangling AND');
  return conditions;
}

function canonicalUuid(value: string): string {
  if (!isUuid(value)) throw badRequest(`Invalid query filter: "${value}" is not a valid id`);
  const hex = value.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function coerce(value: string, type: FilterValueType): string {
  if (type === 'uuid') return canonicalUuid(value);
  if (type === 'datetime') {
    // Mealie's naive datetimes are UTC.
    const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes('T') ? value : `${value}Z`;
    const time = Date.parse(zoned);
    if (Number.isNaN(time)) throw badRequest(`Invalid query filter: "${value}" is not a valid date`);
    return new Date(time).toISOString();
  }
  return value;
}

/** The filter as SQL conditions over the given attributes (an unknown attribute is a 400). */
export function queryFilterConditions(text: string | undefined, columns: Record<string, FilterColumn>): Expression<SqlBool>[] {
  if (!text?.trim()) return [];
  return parse(text).map(({ attribute, operator, values }) => {
    const target = columns[attribute];
    if (!target) throw badRequest(`Invalid query filter: unknown attribute "${attribute}"`);
    const ref = sql.ref(target.column);
    const coerced = values.map((v) => coerce(v, target.type));
    if (operator === 'IN' || operator === 'NOT IN') {
      if (coerced.length === 0) return operator === 'IN' ? sql<SqlBool>`1 = 0` : sql<SqlBool>`1 = 1`;
      const list = sql.join(coerced.map((v) => sql`${v}`));
      return operator === 'IN' ? sql<SqlBool>`${ref} in (${list})` : sql<SqlBool>`${ref} not in (${list})`;
    }
    return sql<SqlBool>`${ref} ${sql.raw(operator)} ${coerced[0]}`;
  });
}

export interface ListOrder {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * Mealie's orderBy for these lists: comma-separated attributes (camelCase or snake_case), each optionally
 * `attr:asc|desc`, else in the query's orderDirection. An attribute outside `columns` is a 400, as in Mealie.
 */
export function listOrder(
  orderBy: string | undefined,
  orderDirection: 'asc' | 'desc',
  columns: Record<string, string>,
  fallback: string,
): ListOrder[] {
  if (!orderBy?.trim()) return [{ column: columns[fallback], direction: orderDirection }];
  return orderBy.split(',').map((item) => {
    const [name, direction] = item.trim().split(':');
    const column = columns[attributeName(name.trim())];
    if (!column) throw badRequest(`Invalid order_by statement "${orderBy}": "${name}" is invalid`);
    const dir = direction?.trim().toLowerCase();
    return { column, direction: dir === 'asc' || dir === 'desc' ? dir : orderDirection };
  });
}
