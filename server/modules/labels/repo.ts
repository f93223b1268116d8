import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { LabelIn, LabelOut } from '../../../contract/labels.js';
import type { SearchablePaginationQuery } from '../../../contract/organizers.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { conflict, notFound } from '../../platform/errors.js';
import { emitEvent } from '../../platform/events/emit.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { filterClause, orderClauses, searchClauses, standardFilterAttributes, timestampOrderColumns, type ListSpec } from '../organizers/listing.js';
import { withUniqueGuard } from '../organizers/unique.js';
import { API } from '../../../contract/routes.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Runs fn in the caller's transaction, or in a new one: a label write and its event commit together. */
const inTransaction = <T>(db: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

/** Announces a label write (group-wide) last in its transaction. */
const announce = (trx: Executor, type: 'label_created' | 'label_updated' | 'label_deleted', label: LabelOut, userId?: string) =>
  emitEvent(trx, { type, groupId: label.groupId, householdId: null, userId: userId ?? null, data: { id: label.id, name: label.name } });

const LABEL_COLUMNS = ['l.id', 'l.name', 'l.color', 'l.group_id'] as const;

const listSpec: ListSpec = {
  orderColumns: { ...timestampOrderColumns('l'), name: { column: 'l.name', text: true }, color: { column: 'l.color', text: true } },
  searchColumns: ['l.name'],
  normalizedColumns: false,
  filterAttributes: standardFilterAttributes('l', { name: 'text', color: 'text' }),
};

export function toLabelOut(row: { id: string; name: string; color: string; group_id: string }): LabelOut {
  return { id: row.id, name: row.name, color: row.color, groupId: row.group_id };
}

export async function getLabel(db: Executor, groupId: string, labelId: string): Promise<LabelOut> {
  const row = await db.selectFrom('multi_purpose_labels as l').select(LABEL_COLUMNS).where('l.id', '=', labelId).where('l.group_id', '=', groupId).executeTakeFirst();
  if (!row) throw notFound('common.label-not-found');
  return toLabelOut(row);
}

/** Labels by id (any group: callers pass ids they already scoped), in one query. */
export async function loadLabelsByIds(db: Executor, labelIds: string[]): Promise<Map<string, LabelOut>> {
  const ids = [...new Set(labelIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('multi_purpose_labels as l').select(LABEL_COLUMNS).where('l.id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, toLabelOut(row)]));
}

export async function listLabelsPage(db: Executor, groupId: string, query: SearchablePaginationQuery, rawQuery: Record<string, unknown>) {
  const filter = filterClause(listSpec, query.queryFilter);
  const search = searchClauses(listSpec, query.search);
  const ordering = orderClauses(listSpec, query, search !== null);
  let count = db.selectFrom('multi_purpose_labels as l').select((eb) => eb.fn.countAll<number>().as('n')).where('l.group_id', '=', groupId);
  if (filter) count = count.where(filter);
  if (search) count = count.where(search.where);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);

  let page = db.selectFrom('multi_purpose_labels as l').select(LABEL_COLUMNS).where('l.group_id', '=', groupId);
  if (filter) page = page.where(filter);
  if (search) page = page.where(search.where).orderBy(...search.relevance);
  for (const [expression, modifiers] of ordering) page = page.orderBy(expression, modifiers);
  page = page.orderBy('l.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const items = (await page.execute()).map(toLabelOut);
  return envelope(API.groupsLabels, rawQuery, window, total, items);
}

/** The id of the group's label with this name, compared case-insensitively, if any. */
export async function findLabelIdByName(db: Executor, groupId: string, name: string, exceptId?: string): Promise<string | undefined> {
  let query = db
    .selectFrom('multi_purpose_labels')
    .select('id')
    .where('group_id', '=', groupId)
    .where(sql`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function createLabel(db: Executor, groupId: string, input: LabelIn, userId?: string): Promise<LabelOut> {
  const taken = { name: input.name };
  if (await findLabelIdByName(db, groupId, input.name)) throw conflict('labels.label-named-already-exists', taken);
  const now = nowIso();
  const row = { id: crypto.randomUUID(), group_id: groupId, name: input.name, color: input.color, created_at: now, update_at: now };
  return inTransaction(db, async (trx) => {
    await withUniqueGuard('labels.label-named-already-exists', taken, () => trx.insertInto('multi_purpose_labels').values(row).execute());
    await announce(trx, 'label_created', toLabelOut(row), userId);
    return toLabelOut(row);
  });
}

export async function updateLabel(db: Executor, groupId: string, labelId: string, input: LabelIn, userId?: string): Promise<LabelOut> {
  await getLabel(db, groupId, labelId);
  const taken = { name: input.name };
  if (await findLabelIdByName(db, groupId, input.name, labelId)) throw conflict('labels.label-named-already-exists', taken);
  return inTransaction(db, async (trx) => {
    await withUniqueGuard('labels.label-named-already-exists', taken, () =>
      trx
        .updateTable('multi_purpose_labels')
        .set({ name: input.name, color: input.color, update_at: nowIso() })
        .where('id', '=', labelId)
        .where('group_id', '=', groupId)
        .execute(),
    );
    const label = await getLabel(trx, groupId, labelId);
    await announce(trx, 'label_updated', label, userId);
    return label;
  });
}

/** Deletes a label; the foods that carried it keep existing without a label. */
export async function deleteLabel(db: Kysely<Database>, groupId: string, labelId: string, userId?: string): Promise<LabelOut> {
  const label = await getLabel(db, groupId, labelId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('ingredient_foods').set({ label_id: null }).where('label_id', '=', labelId).execute();
    await trx.deleteFrom('multi_purpose_labels').where('id', '=', labelId).execute();
    await announce(trx, 'label_deleted', label, userId);
  });
  return label;
}
