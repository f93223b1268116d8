import { badRequest } from '../../platform/errors.js';
import { columnAttribute, queryFilterCondition, type FilterAttribute, type QueryFilterRegistry } from '../../platform/query-filter/index.js';

/** A filterable column of these lists: `timestamp: ['e.timestamp', 'datetime']`. */
export type FilterColumns = Record<string, [column: string, type: FilterAttribute['type']]>;

/** The attributes a queryFilter may name, as the shared query-filter registry. */
export function filterRegistry(columns: FilterColumns): QueryFilterRegistry {
  return Object.fromEntries(Object.entries(columns).map(([name, [column, type]]) => [name, columnAttribute(column, type)]));
}

/**
 * The list's queryFilter in Mealie's whole grammar (server/platform/query-filter): a malformed filter or an
 * unknown attribute is a 400 naming the problem, before any query runs. Null without a filter.
 */
export function listFilter(text: string | undefined, registry: QueryFilterRegistry) {
  return text?.trim() ? queryFilterCondition(text, registry) : null;
}

/** camelCase or snake_case attribute names, dotted paths kept: `eventType` → `event_type`. */
function attributeName(token: string): string {
  return token.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
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
    if (!column) throw badRequest('common.invalid-order-by-statement-is-invalid', { orderBy, field: name });
    const dir = direction?.trim().toLowerCase();
    return { column, direction: dir === 'asc' || dir === 'desc' ? dir : orderDirection };
  });
}
