import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { PaginationQuery } from '../../../contract/common.js';
import type { ItemsCollectionOut, ShoppingItemIn, ShoppingItemUpdateBulk, ShoppingListIn, ShoppingListOut } from '../../../contract/shopping.js';
import type { Deps } from '../../platform/deps.js';
import { nowIso } from '../../db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { announceItems, announceList } from './events.js';
import { createItems, deleteItems, emptyResult, touchLists, updateItems, type WriteResult } from './items.js';
import { itemsOut, listOut, listsSummary } from './load.js';
import { findList, insertList, itemsByIds, listRowsQuery, ensureLabelSettings, type Executor, type ListRow, type Scope } from './repo.js';
import { API } from '../../../contract/routes.js';

export type ShoppingDeps = Pick<Deps, 'db' | 'engine'>;

/**
 * Runs a write in one transaction and returns its value. What it announces (events.ts) is written in the same
 * transaction: the outbox is the only change stream (the household stream, notifiers, webhooks).
 * Writes of one household are serialized (SQLite has one writer; on PostgreSQL a transaction-scoped
 * advisory lock), so concurrent merges never lose a quantity or duplicate an item.
 */
export async function write<T>(deps: ShoppingDeps, scope: Scope, fn: (trx: Executor) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    if (deps.engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`shopping:${scope.householdId}`}))`.execute(trx);
    return fn(trx);
  });
}

export async function requireList(db: Executor, scope: Scope, listId: string): Promise<ListRow> {
  const list = await findList(db, scope, listId);
  if (!list) throw notFound('shopping.shopping-list-not-found');
  return list;
}

// ---- lists ----

const LIST_ORDER: Record<string, 'name' | 'created_at' | 'update_at'> = { name: 'name', created_at: 'created_at', createdAt: 'created_at', update_at: 'update_at', updatedAt: 'update_at', updated_at: 'update_at' };

export async function listShoppingLists(deps: ShoppingDeps, scope: Scope, query: PaginationQuery, rawQuery: Record<string, unknown>) {
  const total = Number((await deps.db.selectFrom('shopping_lists').select((eb) => eb.fn.countAll<number>().as('n')).where('household_id', '=', scope.householdId).executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);
  const column = LIST_ORDER[query.orderBy ?? 'name'];
  if (!column) throw badRequest('shopping.cannot-order-by', { orderBy: query.orderBy });
  const direction = query.orderBy ? query.orderDirection : 'asc';
  let page = listRowsQuery(deps.db, scope).orderBy(column, direction).orderBy('id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const items = await listsSummary(deps.db, deps.engine, scope, await page.execute());
  return envelope(API.householdsShoppingLists, rawQuery, window, total, items);
}

export async function createShoppingList(deps: ShoppingDeps, scope: Scope, input: ShoppingListIn): Promise<ShoppingListOut> {
  const now = nowIso();
  const row = { id: crypto.randomUUID(), group_id: scope.groupId, household_id: scope.householdId, user_id: scope.userId, name: input.name ?? null, extras: JSON.stringify(input.extras ?? {}), created_at: now, update_at: now };
  return write(deps, scope, async (trx) => {
    await insertList(trx, row);
    await ensureLabelSettings(trx, scope.groupId, [row.id]);
    await announceList(trx, scope, 'shopping_list_created', row);
    return await listOut(trx, deps.engine, scope, row);
  });
}

export async function getShoppingList(deps: ShoppingDeps, scope: Scope, listId: string): Promise<ShoppingListOut> {
  return listOut(deps.db, deps.engine, scope, await requireList(deps.db, scope, listId));
}

export async function updateShoppingList(deps: ShoppingDeps, scope: Scope, listId: string, input: ShoppingListIn): Promise<ShoppingListOut> {
  return write(deps, scope, async (trx) => {
    const list = await requireList(trx, scope, listId);
    const changes = { name: input.name === undefined ? list.name : input.name, ...(input.extras != null ? { extras: JSON.stringify(input.extras) } : {}), update_at: nowIso() };
    await trx.updateTable('shopping_lists').set(changes).where('id', '=', listId).execute();
    await announceList(trx, scope, 'shopping_list_updated', { ...list, ...changes });
    return await listOut(trx, deps.engine, scope, { ...list, ...changes });
  });
}

export async function deleteShoppingList(deps: ShoppingDeps, scope: Scope, listId: string): Promise<ShoppingListOut> {
  return write(deps, scope, async (trx) => {
    const list = await requireList(trx, scope, listId);
    const out = await listOut(trx, deps.engine, scope, list);
    await trx.deleteFrom('shopping_lists').where('id', '=', listId).execute();
    await announceList(trx, scope, 'shopping_list_deleted', list);
    return out;
  });
}

export async function updateLabelSettings(deps: ShoppingDeps, scope: Scope, listId: string, settings: Array<{ labelId: string; position?: number | null }>): Promise<ShoppingListOut> {
  return write(deps, scope, async (trx) => {
    const list = await requireList(trx, scope, listId);
    await ensureLabelSettings(trx, scope.groupId, [listId]);
    for (const [index, setting] of settings.entries()) {
      await trx
        .updateTable('shopping_lists_multi_purpose_labels')
        .set({ position: setting.position ?? index })
        .where('shopping_list_id', '=', listId)
        .where('label_id', '=', setting.labelId)
        .execute();
    }
    await trx.updateTable('shopping_lists').set({ update_at: nowIso() }).where('id', '=', listId).execute();
    await announceList(trx, scope, 'shopping_list_updated', list);
    return await listOut(trx, deps.engine, scope, list);
  });
}

// ---- items ----

/** Shapes a write's result (ShoppingListItemsCollectionOut) and announces it (one event per item, one per list). */
export async function collect(trx: Executor, scope: Scope, result: WriteResult): Promise<ItemsCollectionOut> {
  const written = await itemsByIds(trx, scope, [...result.created, ...result.repeated, ...result.updated]);
  await touchLists(trx, result);
  const outs = new Map((await itemsOut(trx, scope, written)).map((item) => [item.id, item]));
  const pick = (ids: string[]) => [...new Set(ids)].flatMap((id) => outs.get(id) ?? []);
  const created = new Set([...result.created, ...result.repeated]);
  const value = { createdItems: pick([...result.created, ...result.repeated]), updatedItems: pick(result.updated.filter((id) => !created.has(id))), deletedItems: result.deleted };
  // A repeated create wrote nothing, so it is not announced again.
  const repeated = new Set(result.repeated.filter((id) => !result.created.includes(id)));
  await announceItems(trx, scope, repeated.size ? { ...value, createdItems: value.createdItems.filter((item) => !repeated.has(item.id)) } : value, result.lists);
  return value;
}

/**
 * Announces a write of createItems alone (adding a recipe) from what the write itself knows, without reading
 * its items back: the caller answers with the whole list, not with the items written.
 */
export async function announceCreated(trx: Executor, scope: Scope, result: WriteResult): Promise<void> {
  await touchLists(trx, result);
  const stamps = (ids: string[]) => [...new Set(ids)].flatMap((id) => result.stamps.get(id) ?? []);
  const created = new Set(result.created);
  await announceItems(trx, scope, { createdItems: stamps(result.created), updatedItems: stamps(result.updated.filter((id) => !created.has(id))), deletedItems: result.deleted }, result.lists);
}

export async function listItemsPage(deps: ShoppingDeps, scope: Scope, query: PaginationQuery, rawQuery: Record<string, unknown>) {
  const base = deps.db
    .selectFrom('shopping_list_items as i')
    .innerJoin('shopping_lists as l', 'l.id', 'i.shopping_list_id')
    .where('l.household_id', '=', scope.householdId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);
  let page = base.selectAll('i').orderBy('i.shopping_list_id').orderBy('i.position').orderBy('i.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const items = await itemsOut(deps.db, scope, await page.execute());
  return envelope(API.householdsShoppingItems, rawQuery, window, total, items);
}

export async function getItem(deps: ShoppingDeps, scope: Scope, itemId: string) {
  const rows = await itemsByIds(deps.db, scope, [itemId]);
  if (rows.length === 0) throw notFound('shopping.shopping-list-item-not-found');
  return (await itemsOut(deps.db, scope, rows))[0];
}

export async function createShoppingItems(deps: ShoppingDeps, scope: Scope, inputs: ShoppingItemIn[]): Promise<ItemsCollectionOut> {
  return write(deps, scope, async (trx) => {
    const result = await createItems(trx, scope, inputs);
    return await collect(trx, scope, result);
  });
}

export async function updateShoppingItems(deps: ShoppingDeps, scope: Scope, inputs: ShoppingItemUpdateBulk[], single = false): Promise<ItemsCollectionOut> {
  return write(deps, scope, async (trx) => {
    if (single && (await itemsByIds(trx, scope, [inputs[0].id])).length === 0) throw notFound('shopping.shopping-list-item-not-found');
    const result = await updateItems(trx, scope, inputs);
    const value = await collect(trx, scope, result);
    // A stale update still answers with the item as it is, so the client can catch up.
    const answered = new Set(value.updatedItems.map((item) => item.id));
    const stale = inputs.map((input) => input.id).filter((id) => !answered.has(id));
    if (stale.length > 0) value.updatedItems.push(...(await itemsOut(trx, scope, await itemsByIds(trx, scope, stale))));
    return value;
  });
}

export async function deleteShoppingItems(deps: ShoppingDeps, scope: Scope, ids: string[], single = false): Promise<ItemsCollectionOut> {
  return write(deps, scope, async (trx) => {
    const result = await deleteItems(trx, scope, ids, emptyResult());
    if (single && result.deleted.length === 0) throw notFound('shopping.shopping-list-item-not-found');
    return await collect(trx, scope, result);
  });
}
