import type { PaginationQuery } from '../../../contract/common.js';

/** Maps a client's orderBy (camelCase or snake_case) onto one of a table's sortable columns. */
export function orderColumn<T extends string>(orderBy: string | undefined, columns: Record<string, T>, fallback: T): T {
  if (!orderBy) return fallback;
  const key = orderBy.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  return columns[key] ?? fallback;
}

export function direction(query: Pick<PaginationQuery, 'orderBy' | 'orderDirection'>, defaultDirection: 'asc' | 'desc'): 'asc' | 'desc' {
  return query.orderBy ? query.orderDirection : defaultDirection;
}
