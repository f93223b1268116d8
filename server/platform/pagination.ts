import type { PaginationQuery, Paginated } from '../../contract/common.js';

export interface PageWindow {
  page: number;
  perPage: number;
  limit: number | null;
  offset: number;
}

/** Mealie's rules: perPage -1 = all; page < 1 = 1; page -1 = the last page. */
export function pageWindow(query: Pick<PaginationQuery, 'page' | 'perPage'>, total: number): PageWindow {
  const perPage = query.perPage === -1 || query.perPage === 0 ? -1 : query.perPage;
  if (perPage === -1) return { page: 1, perPage: -1, limit: null, offset: 0 };
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  let page = query.page;
  if (page === -1) page = totalPages;
  if (page < 1) page = 1;
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

/**
 * The envelope, with `next`/`previous` as relative paths without `/api` (Mealie's wire form),
 * built from the query the client sent so filters survive paging.
 */
export function envelope<T>(
  routePath: string,
  rawQuery: Record<string, unknown>,
  window: PageWindow,
  total: number,
  items: T[],
): Paginated<T> {
  const perPage = window.perPage === -1 ? total : window.perPage;
  const totalPages = perPage > 0 ? Math.ceil(total / perPage) : total > 0 ? 1 : 0;
  const link = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(rawQuery)) {
      if (value === undefined || value === null || key === 'page') continue;
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    }
    params.set('page', String(page));
    if (!params.has('perPage')) params.set('perPage', String(window.perPage));
    return `${routePath.replace(/^\/api/, '')}?${params.toString()}`;
  };
  return {
    page: window.page,
    per_page: perPage,
    total,
    total_pages: totalPages,
    items,
    next: window.page < totalPages ? link(window.page + 1) : null,
    previous: window.page > 1 ? link(window.page - 1) : null,
  };
}
