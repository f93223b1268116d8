import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Paginated } from '../../../contract/common.js';
import type { CookbookListQuery, CookbookOut } from '../../../contract/cookbooks.js';
import type { CookbooksTable, Database } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { parseQueryFilter, queryFilterToJson } from '../../platform/query-filter/index.js';
import { filterClause, orderClauses, searchClauses, standardFilterAttributes, timestampOrderColumns, type ListSpec } from '../organizers/listing.js';

/*
 * SQL of the cookbooks. Lists are two queries (a count and the page), whatever perPage; one cookbook is one.
 */

export type Executor = Kysely<Database> | Transaction<Database>;

const listSpec: ListSpec = {
  orderColumns: {
    ...timestampOrderColumns('c'),
    name: { column: 'c.name', text: true },
    slug: { column: 'c.slug', text: true },
    position: { column: 'c.position' },
    public: { column: 'c.public' },
    household_id: { column: 'c.household_id' },
  },
  searchColumns: ['c.name', 'c.description'],
  normalizedColumns: false,
  filterAttributes: standardFilterAttributes('c', {
    name: 'text', slug: 'text', description: 'text', position: 'number', public: 'boolean', household_id: 'uuid', query_filter_string: 'text',
  }),
};

/** Which cookbooks a list may show: the group's, optionally one household's, optionally public ones of public households only. */
export interface CookbookScope {
  groupId: string;
  householdId?: string;
  publicOnly?: boolean;
}

function scoped(db: Executor, scope: CookbookScope) {
  let query = db.selectFrom('cookbooks as c').where('c.group_id', '=', scope.groupId);
  if (scope.householdId) query = query.where('c.household_id', '=', scope.householdId);
  if (scope.publicOnly) {
    query = query
      .where('c.public', '=', true)
      .where('c.household_id', 'in', (eb) =>
        eb.selectFrom('household_preferences as hp').select('hp.household_id').where('hp.private_household', '=', false),
      );
  }
  return query;
}

/** The parsed filter in Mealie's `{"parts": [...]}` (an empty or unreadable stored filter has no parts). */
function filterJson(text: string) {
  if (!text.trim()) return { parts: [] };
  try {
    return queryFilterToJson(parseQueryFilter(text));
  } catch {
    return { parts: [] };
  }
}

export function toCookbookOut(row: CookbooksTable): CookbookOut {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description ?? '',
    position: Number(row.position),
    public: bool(row.public),
    queryFilterString: row.query_filter_string ?? '',
    queryFilter: filterJson(row.query_filter_string ?? ''),
    groupId: row.group_id,
    householdId: row.household_id,
  };
}

/** A page of cookbooks; ordered by position (then name) unless orderBy says otherwise. */
export async function listCookbooks(
  db: Executor,
  scope: CookbookScope,
  query: CookbookListQuery,
  links: { routePath: string; rawQuery: Record<string, unknown> },
): Promise<Paginated<CookbookOut>> {
  const filter = filterClause(listSpec, query.queryFilter);
  const search = searchClauses(listSpec, query.search);
  const ordering = query.orderBy ? orderClauses(listSpec, query, Boolean(search)) : [];
  const base = () => {
    let q = scoped(db, scope);
    if (filter) q = q.where(filter);
    if (search) q = q.where(search.where);
    return q;
  };
  const total = Number((await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);
  let page = base().selectAll('c');
  if (search && !query.orderBy) page = page.orderBy(search.relevance[0], search.relevance[1]);
  for (const [expression, modifiers] of ordering) page = page.orderBy(expression, modifiers);
  page = page.orderBy('c.position').orderBy('c.name').orderBy('c.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const rows = await page.execute();
  return envelope(links.routePath, links.rawQuery, window, total, rows.map(toCookbookOut));
}

/** One cookbook of the scope by id or slug, or undefined. */
export async function findCookbook(db: Executor, scope: CookbookScope, idOrSlug: string): Promise<CookbooksTable | undefined> {
  return scoped(db, scope)
    .selectAll('c')
    .where((eb) => eb.or([eb('c.id', '=', idOrSlug), eb('c.slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

/** Which of these slugs a cookbook of the group other than `exceptIds` already has (one query). */
export async function takenSlugs(db: Executor, groupId: string, slugs: string[], exceptIds: string[] = []): Promise<string[]> {
  if (slugs.length === 0) return [];
  let query = db.selectFrom('cookbooks').select('slug').where('group_id', '=', groupId).where('slug', 'in', slugs);
  if (exceptIds.length > 0) query = query.where('id', 'not in', exceptIds);
  return (await query.execute()).map((row) => row.slug);
}

export interface CookbookValues {
  name: string;
  slug: string;
  description: string;
  position: number;
  public: boolean;
  queryFilterString: string;
}

export async function insertCookbook(db: Executor, scope: { groupId: string; householdId: string }, values: CookbookValues): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  await db
    .insertInto('cookbooks')
    .values({
      id,
      group_id: scope.groupId,
      household_id: scope.householdId,
      name: values.name,
      slug: values.slug,
      description: values.description,
      position: values.position,
      public: values.public,
      query_filter_string: values.queryFilterString,
      require_all_categories: true,
      require_all_tags: true,
      require_all_tools: true,
      created_at: now,
      update_at: now,
    })
    .execute();
  return id;
}

export async function updateCookbook(db: Executor, id: string, values: CookbookValues): Promise<void> {
  await db
    .updateTable('cookbooks')
    .set({
      name: values.name,
      slug: values.slug,
      description: values.description,
      position: values.position,
      public: values.public,
      query_filter_string: values.queryFilterString,
      update_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** The household's cookbooks of these ids (one query). */
export async function cookbooksByIds(db: Executor, householdId: string, ids: string[]): Promise<CookbooksTable[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('cookbooks').selectAll().where('household_id', '=', householdId).where('id', 'in', ids).execute();
}

export async function getCookbookRow(db: Executor, id: string): Promise<CookbooksTable> {
  return db.selectFrom('cookbooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function deleteCookbookRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('cookbooks').where('id', '=', id).execute();
}
