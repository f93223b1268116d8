import crypto from 'node:crypto';
import type { Kysely, SqlBool, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { OrganizerKind, OrganizerOut, SearchablePaginationQuery } from '../../../contract/organizers.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { conflict, notFound, type ErrorKey } from '../../platform/errors.js';
import { pageWindow, type PageWindow } from '../../platform/pagination.js';
import { slugify } from '../../platform/slug.js';
import { collectionAttribute } from '../../platform/query-filter/index.js';
import { filterClause, orderClauses, searchClauses, standardFilterAttributes, timestampOrderColumns, type ListSpec } from './listing.js';
import { withUniqueGuard } from './unique.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Categories, tags and tools share their columns; only the recipe link table differs. */
const LINKS = {
  categories: { table: 'recipes_to_categories', column: 'category_id', noun: 'Category', missing: 'organizers.category-not-found', taken: 'organizers.category-exists' },
  tags: { table: 'recipes_to_tags', column: 'tag_id', noun: 'Tag', missing: 'organizers.tag-not-found', taken: 'organizers.tag-exists' },
  tools: { table: 'recipes_to_tools', column: 'tool_id', noun: 'Tool', missing: 'organizers.tool-not-found', taken: 'organizers.tool-exists' },
} as const satisfies Record<string, { table: string; column: string; noun: string; missing: ErrorKey; taken: ErrorKey }>;

export function organizerNoun(kind: OrganizerKind): string {
  return LINKS[kind].noun;
}

function listSpec(kind: OrganizerKind): ListSpec {
  const filterAttributes = standardFilterAttributes('o', { name: 'text', slug: 'text' });
  if (kind === 'tools') {
    filterAttributes['households_with_tool.id'] = collectionAttribute(
      { table: 'households_to_tools', alias: 'qf_ht', parentKey: 'tool_id', parentReference: 'o.id', column: 'qf_ht.household_id' },
      'uuid',
    );
  }
  return {
    orderColumns: { ...timestampOrderColumns('o'), name: { column: 'o.name', text: true }, slug: { column: 'o.slug', text: true } },
    searchColumns: ['o.name'],
    normalizedColumns: false,
    filterAttributes,
  };
}

export interface OrganizerRow {
  id: string;
  group_id: string;
  name: string;
  slug: string;
  created_at: string;
}

const COLUMNS = ['o.id', 'o.group_id', 'o.name', 'o.slug', 'o.created_at'] as const;

export function toOrganizerOut(row: OrganizerRow): OrganizerOut {
  return { id: row.id, groupId: row.group_id, name: row.name, slug: row.slug };
}

/**
 * `kind as o`, typed as the categories table: the three tables share every column read here, and a
 * union of table names would make Kysely's select builders a union that cannot be called.
 */
function aliased(kind: OrganizerKind) {
  return `${kind} as o` as 'categories as o';
}

function selectOrganizers(db: Executor, kind: OrganizerKind, groupId: string) {
  return db.selectFrom(aliased(kind)).select(COLUMNS).where('o.group_id', '=', groupId);
}

export async function findOrganizer(db: Executor, kind: OrganizerKind, groupId: string, key: { id: string } | { slug: string }): Promise<OrganizerRow> {
  const query = selectOrganizers(db, kind, groupId);
  const row = await ('id' in key ? query.where('o.id', '=', key.id) : query.where('o.slug', '=', key.slug)).executeTakeFirst();
  if (!row) throw notFound(LINKS[kind].missing);
  return row;
}

/** Organizers of the group by id, in one query (unknown or foreign ids are left out). */
export async function loadOrganizersByIds(db: Executor, kind: OrganizerKind, groupId: string, ids: string[]): Promise<OrganizerRow[]> {
  if (ids.length === 0) return [];
  return selectOrganizers(db, kind, groupId).where('o.id', 'in', [...new Set(ids)]).execute();
}

/** One page of a group's organizers: a count and a page query. */
export async function listOrganizerRows(
  db: Executor,
  kind: OrganizerKind,
  groupId: string,
  query: SearchablePaginationQuery,
): Promise<{ window: PageWindow; total: number; rows: OrganizerRow[] }> {
  const spec = listSpec(kind);
  const filter = filterClause(spec, query.queryFilter);
  const search = searchClauses(spec, query.search);
  const ordering = orderClauses(spec, query, search !== null);
  let count = db.selectFrom(aliased(kind)).select((eb) => eb.fn.countAll<number>().as('n')).where('o.group_id', '=', groupId);
  if (filter) count = count.where(filter);
  if (search) count = count.where(search.where);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);

  let page = selectOrganizers(db, kind, groupId);
  if (filter) page = page.where(filter);
  if (search) page = page.where(search.where).orderBy(...search.relevance);
  for (const [expression, modifiers] of ordering) page = page.orderBy(expression, modifiers);
  page = page.orderBy('o.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  return { window, total, rows: await page.execute() };
}

/** Organizers no recipe uses, by name. */
export async function listEmptyOrganizers(db: Executor, kind: OrganizerKind, groupId: string): Promise<OrganizerRow[]> {
  const link = LINKS[kind];
  return selectOrganizers(db, kind, groupId)
    .where(sql<SqlBool>`not exists (select 1 from ${sql.table(link.table)} as r where ${sql.ref(`r.${link.column}`)} = o.id)`)
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
}

async function slugTaken(db: Executor, kind: OrganizerKind, groupId: string, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom(aliased(kind)).select('o.id').where('o.group_id', '=', groupId).where('o.slug', '=', slug);
  if (exceptId) query = query.where('o.id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}


/** Inserts an organizer; its slug must be free in the group (409 otherwise). */
export async function insertOrganizer(db: Executor, kind: OrganizerKind, groupId: string, name: string): Promise<OrganizerRow> {
  const slug = slugify(name);
  if (await slugTaken(db, kind, groupId, slug)) throw conflict(LINKS[kind].taken, { name });
  const now = nowIso();
  const row = { id: crypto.randomUUID(), group_id: groupId, name, slug, created_at: now, update_at: now };
  await withUniqueGuard(LINKS[kind].taken, { name }, () => db.insertInto(kind).values(row).execute());
  return row;
}

/** Renames an organizer (its slug follows the name); 409 when another organizer has that slug. */
export async function renameOrganizer(db: Executor, kind: OrganizerKind, groupId: string, id: string, name: string): Promise<OrganizerRow> {
  await findOrganizer(db, kind, groupId, { id });
  const slug = slugify(name);
  if (await slugTaken(db, kind, groupId, slug, id)) throw conflict(LINKS[kind].taken, { name });
  await withUniqueGuard(LINKS[kind].taken, { name }, () =>
    db.updateTable(kind).set({ name, slug, update_at: nowIso() }).where('id', '=', id).where('group_id', '=', groupId).execute(),
  );
  return findOrganizer(db, kind, groupId, { id });
}

/** Deletes an organizer; its recipe links (and a tool's household links) go with it. */
export async function deleteOrganizer(db: Executor, kind: OrganizerKind, groupId: string, id: string): Promise<OrganizerRow> {
  const row = await findOrganizer(db, kind, groupId, { id });
  await db.deleteFrom(kind).where('id', '=', id).where('group_id', '=', groupId).execute();
  return row;
}

/**
 * The group's organizer whose slug is slugify(name), created when missing. For importers and recipe
 * writes that receive organizers by name.
 */
export async function findOrCreateOrganizer(db: Executor, kind: OrganizerKind, groupId: string, name: string): Promise<OrganizerOut> {
  const trimmed = name.trim();
  const existing = await selectOrganizers(db, kind, groupId).where('o.slug', '=', slugify(trimmed)).executeTakeFirst();
  return toOrganizerOut(existing ?? (await insertOrganizer(db, kind, groupId, trimmed)));
}
