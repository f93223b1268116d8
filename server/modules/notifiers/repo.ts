import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { notifierOptionKeys, type NotifierOptionKey, type NotifierOptions, type NotifierOut } from '../../../contract/automation.js';
import type { PaginationQuery } from '../../../contract/common.js';
import type { Database, NotifierOptionColumn } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { direction, orderColumn } from '../automation/listing.js';
import { lastTestOut } from '../automation/test-record.js';
import { API } from '../../../contract/routes.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Scope = { groupId: string; householdId: string };

/** recipeCreated → recipe_created. */
export const optionColumn = (key: NotifierOptionKey) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as NotifierOptionColumn;
const OPTION_COLUMNS = notifierOptionKeys.map((key) => `o.${optionColumn(key)}` as const);
const COLUMNS = ['n.id', 'n.name', 'n.enabled', 'n.group_id', 'n.household_id', 'n.apprise_url', 'n.last_test_at', 'n.last_test_status', 'n.last_test_error', 'o.id as options_id', ...OPTION_COLUMNS] as const;
const ORDER = { name: 'n.name', enabled: 'n.enabled', createdAt: 'n.created_at', updateAt: 'n.update_at', updatedAt: 'n.update_at' } as const;

type Row = Record<string, unknown> & { id: string; name: string; enabled: unknown; group_id: string; household_id: string; apprise_url: string; options_id: string };

export function toNotifierOut(row: Row): NotifierOut {
  const options = Object.fromEntries(notifierOptionKeys.map((key) => [key, bool(row[optionColumn(key)] as number | boolean)])) as Record<NotifierOptionKey, boolean>;
  return {
    id: row.id, name: row.name, enabled: bool(row.enabled as number | boolean), groupId: row.group_id, householdId: row.household_id, options: { id: row.options_id, ...options },
    lastTest: lastTestOut(row as { last_test_at?: string | null; last_test_status?: string | null; last_test_error?: string | null }),
  };
}

const base = (db: Executor) => db.selectFrom('group_events_notifiers as n').innerJoin('group_events_notifier_options as o', 'o.event_notifier_id', 'n.id');

/** The notifier with its sealed URL (for sending), scoped to the household. */
export async function getNotifierRow(db: Executor, scope: Scope, id: string): Promise<{ out: NotifierOut; sealedUrl: string }> {
  const row = (await base(db).select(COLUMNS).where('n.id', '=', id).where('n.household_id', '=', scope.householdId).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('notifiers.notifier-not-found');
  return { out: toNotifierOut(row), sealedUrl: row.apprise_url };
}

export async function listNotifiers(db: Executor, scope: Scope, query: PaginationQuery, rawQuery: Record<string, unknown>) {
  const { n } = await db.selectFrom('group_events_notifiers').select((eb) => eb.fn.countAll<number>().as('n')).where('household_id', '=', scope.householdId).executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(query, total);
  let page = base(db).select(COLUMNS).where('n.household_id', '=', scope.householdId).orderBy(orderColumn(query.orderBy, ORDER, 'n.name'), direction(query, 'asc')).orderBy('n.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const items = ((await page.execute()) as Row[]).map(toNotifierOut);
  return envelope(API.householdsEventsNotifications, rawQuery, window, total, items);
}

function optionValues(options: Partial<NotifierOptions>) {
  return Object.fromEntries(notifierOptionKeys.map((key) => [optionColumn(key), options[key] === true])) as Record<NotifierOptionColumn, boolean>;
}

export async function insertNotifier(trx: Executor, scope: Scope, input: { name: string; enabled: boolean; sealedUrl: string; options: Partial<NotifierOptions> }): Promise<string> {
  const now = nowIso();
  const id = crypto.randomUUID();
  await trx.insertInto('group_events_notifiers').values({ id, name: input.name, enabled: input.enabled, apprise_url: input.sealedUrl, group_id: scope.groupId, household_id: scope.householdId, created_at: now, update_at: now }).execute();
  await trx.insertInto('group_events_notifier_options').values({ id: crypto.randomUUID(), event_notifier_id: id, ...optionValues(input.options), created_at: now, update_at: now }).execute();
  return id;
}

export async function updateNotifierRow(trx: Executor, id: string, input: { name: string; enabled: boolean; sealedUrl?: string; options: NotifierOptions }): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('group_events_notifiers')
    .set({ name: input.name, enabled: input.enabled, update_at: now, ...(input.sealedUrl ? { apprise_url: input.sealedUrl } : {}) })
    .where('id', '=', id)
    .execute();
  await trx.updateTable('group_events_notifier_options').set({ ...optionValues(input.options), update_at: now }).where('event_notifier_id', '=', id).execute();
}

export async function deleteNotifierRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('group_events_notifiers').where('id', '=', id).execute();
}

/** Enabled notifiers subscribed to an event: the household's, or every household's in the group for group-wide events. */
export async function subscribedNotifiers(db: Executor, target: { groupId: string; householdId?: string | null }, column: NotifierOptionColumn) {
  let query = base(db).select(['n.id', 'n.apprise_url']).where('n.enabled', '=', true).where(`o.${column}`, '=', true).where('n.group_id', '=', target.groupId);
  if (target.householdId) query = query.where('n.household_id', '=', target.householdId);
  return query.execute();
}

export async function getSealedUrl(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('group_events_notifiers').select('apprise_url').where('id', '=', id).executeTakeFirst())?.apprise_url;
}

export async function logDelivery(db: Executor, entry: { notifierId: string; eventType: string; ok: boolean; attempts: number; error?: string }): Promise<void> {
  await db
    .insertInto('notifier_deliveries')
    .values({ id: crypto.randomUUID(), notifier_id: entry.notifierId, event_type: entry.eventType, status: entry.ok ? 'sent' : 'failed', attempts: entry.attempts, error: entry.error ?? null, created_at: nowIso() })
    .execute();
}
