import type { PaginationQuery } from '../../../contract/common.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { countUsers, listUsers, userOrderColumn, type UserListFilter } from './repo.js';

/** One page of users in Mealie's envelope: a count and a page query, whatever the page size. */
export async function listUsersPage(
  deps: Deps,
  filter: UserListFilter,
  query: PaginationQuery,
  routePath: string,
  rawQuery: Record<string, unknown>,
  defaultOrder = 'username',
) {
  const orderColumn = userOrderColumn(query.orderBy ?? defaultOrder);
  if (!orderColumn) throw badRequest('common.invalid-order-by-statement-is-invalid', { orderBy: query.orderBy, field: query.orderBy });
  const total = await countUsers(deps.db, filter);
  const window = pageWindow(query, total);
  const direction = query.orderBy ? query.orderDirection : 'asc';
  const items = await listUsers(deps.db, filter, { limit: window.limit, offset: window.offset, orderColumn, direction });
  return envelope(routePath, rawQuery, window, total, items);
}
