import { sql, type OrderByModifiersCallbackExpression, type RawBuilder, type SqlBool } from 'kysely';
import type { SearchablePaginationQuery } from '../../../contract/organizers.js';
import { badRequest } from '../../platform/errors.js';
import { columnAttribute, queryFilterCondition, type FilterAttribute, type QueryFilterRegistry } from '../../platform/query-filter/index.js';
import { normalizeText } from '../../platform/slug.js';

/**
 * Search and ordering shared by the data-page lists (categories, tags, tools, labels, foods, units),
 * following Mealie's rules (mealie-api.md §2 and §10) in one form for both engines: the search is split
 * into tokens and a row matches when any searched column contains any token; rows whose first column
 * is, starts with or contains the whole search come first, in that order.
 */
export interface ListSpec {
  /** snake_case `orderBy` names a client may use, each mapped to a column (text columns sort by lower()). */
  orderColumns: Record<string, { column: string; text?: boolean }>;
  /** Searched columns; the first one decides relevance. */
  searchColumns: string[];
  /**
   * True when the columns are *_normalized (accent-folded, lower-case): the search is folded the same way.
   * Otherwise the columns are compared case-insensitively as they are.
   */
  normalizedColumns: boolean;
  /** Attributes a `queryFilter` may name (Mealie's grammar, mealie-api.md §2). */
  filterAttributes: QueryFilterRegistry;
}

export type OrderClause = [RawBuilder<unknown>, OrderByModifiersCallbackExpression];

// Mealie turns ASCII punctuation except quotes into spaces; this also keeps LIKE wildcards out of tokens.
const PUNCTUATION = /[!#$%&()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** The search tokens: quoted phrases stay whole, the rest splits on whitespace. */
export function searchTokens(search: string, normalize: boolean): string[] {
  let text = search.replace(PUNCTUATION, ' ');
  text = normalize ? normalizeText(text) : text.toLowerCase().trim();
  const tokens: string[] = [];
  const rest = text.replace(/"([^"]*)"|'([^']*)'/g, (_, doubleQuoted: string | undefined, singleQuoted: string | undefined) => {
    const phrase = (doubleQuoted ?? singleQuoted ?? '').trim();
    if (phrase) tokens.push(phrase);
    return ' ';
  });
  for (const word of rest.split(/\s+/)) if (word) tokens.push(word);
  return tokens;
}

function columnText(spec: ListSpec, column: string) {
  return spec.normalizedColumns ? sql.ref(column) : sql`lower(${sql.ref(column)})`;
}

/** The WHERE condition and the relevance ordering of a search, or null when there is nothing to search. */
export function searchClauses(spec: ListSpec, search: string | undefined): { where: RawBuilder<SqlBool>; relevance: OrderClause } | null {
  if (!search) return null;
  const tokens = searchTokens(search, spec.normalizedColumns);
  if (tokens.length === 0) return null;
  const matches = tokens.flatMap((token) => spec.searchColumns.map((column) => sql<SqlBool>`${columnText(spec, column)} like ${`%${token}%`}`));
  const whole = tokens.join(' ');
  const first = columnText(spec, spec.searchColumns[0]);
  return {
    where: sql<SqlBool>`(${sql.join(matches, sql` or `)})`,
    relevance: [
      sql`case when ${first} = ${whole} then 0 when ${first} like ${`${whole}%`} then 1 when ${first} like ${`%${whole}%`} then 2 else 3 end`,
      (ob) => ob.asc(),
    ],
  };
}

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * The ORDER BY clauses of a list query. `orderBy` is a comma-separated list of fields, each with an
 * optional `:asc`/`:desc`; an unknown field is a 400. Without `orderBy` the list is newest first
 * (created_at in `orderDirection`), except that a search alone orders by relevance, then shortest name.
 */
export function orderClauses(spec: ListSpec, query: SearchablePaginationQuery, searching: boolean): OrderClause[] {
  const clauses: OrderClause[] = [];
  const nulls = query.orderByNullPosition;
  const modifiers = (direction: 'asc' | 'desc'): OrderByModifiersCallbackExpression => (ob) => {
    const directed = direction === 'asc' ? ob.asc() : ob.desc();
    if (nulls === 'first') return directed.nullsFirst();
    if (nulls === 'last') return directed.nullsLast();
    return directed;
  };
  if (query.orderBy) {
    for (const part of query.orderBy.split(',')) {
      const [rawField, rawDirection] = part.trim().split(':');
      const column = spec.orderColumns[snakeCase(rawField.trim())];
      if (!column) throw badRequest('common.invalid-order-by-statement-is-invalid', { orderBy: query.orderBy, field: rawField.trim() });
      const direction = rawDirection?.trim() === 'asc' || rawDirection?.trim() === 'desc' ? rawDirection.trim() as 'asc' | 'desc' : query.orderDirection;
      clauses.push([column.text ? sql`lower(${sql.ref(column.column)})` : sql.ref(column.column), modifiers(direction)]);
    }
  } else if (searching) {
    // Equally relevant rows: shortest first column first ("onion" before "onion powder"), then alphabetical.
    const first = sql.ref(spec.searchColumns[0]);
    clauses.push([sql`length(${first})`, (ob) => ob.asc()], [sql`lower(${first})`, (ob) => ob.asc()]);
  } else {
    const created = spec.orderColumns.created_at;
    if (created) clauses.push([sql.ref(created.column), modifiers(query.orderDirection)]);
  }
  return clauses;
}

/** The `queryFilter` condition of a list (a bad filter is a 400 before any query runs), or null without one. */
export function filterClause(spec: ListSpec, queryFilter: string | undefined) {
  return queryFilter ? queryFilterCondition(queryFilter, spec.filterAttributes) : null;
}

/** Filter attributes of every organizer-like table: id, group, timestamps and the given columns. */
export function standardFilterAttributes(alias: string, columns: Record<string, FilterAttribute['type']>): Record<string, FilterAttribute> {
  const attributes: Record<string, FilterAttribute> = {
    id: columnAttribute(`${alias}.id`, 'uuid'),
    group_id: columnAttribute(`${alias}.group_id`, 'uuid'),
    created_at: columnAttribute(`${alias}.created_at`, 'datetime'),
    update_at: columnAttribute(`${alias}.update_at`, 'datetime'),
    updated_at: columnAttribute(`${alias}.update_at`, 'datetime'),
  };
  for (const [name, type] of Object.entries(columns)) attributes[name] = columnAttribute(`${alias}.${name}`, type);
  return attributes;
}

/** Standard order columns of every organizer-like table, for a table alias. */
export function timestampOrderColumns(alias: string): ListSpec['orderColumns'] {
  return {
    id: { column: `${alias}.id` },
    created_at: { column: `${alias}.created_at` },
    update_at: { column: `${alias}.update_at` },
    updated_at: { column: `${alias}.update_at` },
  };
}
