import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WebhookIn, WebhookOut } from '../../../contract/automation.js';
import type { PaginationQuery } from '../../../contract/common.js';
import type { Database } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { direction, orderColumn } from '../automation/listing.js';
import { lastTestOut } from '../automation/test-record.js';
import { API } from '../../../contract/routes.js';

type Scope = { groupId: string; householdId: string };
type Row = Database['webhook_urls'];
const ORDER = { name: 'name', scheduledTime: 'scheduled_time', enabled: 'enabled', createdAt: 'created_at', updateAt: 'update_at', updatedAt: 'update_at' } as const;

export function toWebhookOut(row: Row): WebhookOut {
  return { id: row.id, enabled: bool(row.enabled), name: row.name, url: row.url, webhookType: 'mealplan', scheduledTime: row.scheduled_time, groupId: row.group_id, householdId: row.household_id, lastTest: lastTestOut(row) };
}

export async function getWebhookRow(db: Kysely<Database>, scope: Scope, id: string): Promise<Row> {
  const row = await db.selectFrom('webhook_urls').selectAll().where('id', '=', id).where('household_id', '=', scope.householdId).executeTakeFirst();
  if (!row) throw notFound('webhooks.webhook-not-found');
  return row;
}

export async function listWebhooks(db: Kysely<Database>, scope: Scope, query: PaginationQuery, rawQuery: Record<string, unknown>) {
  const { n } = await db.selectFrom('webhook_urls').select((eb) => eb.fn.countAll<number>().as('n')).where('household_id', '=', scope.householdId).executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(query, total);
  let page = db.selectFrom('webhook_urls').selectAll().where('household_id', '=', scope.householdId).orderBy(orderColumn(query.orderBy, ORDER, 'scheduled_time'), direction(query, 'asc')).orderBy('id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  return envelope(API.householdsWebhooks, rawQuery, window, total, (await page.execute()).map(toWebhookOut));
}

export async function insertWebhook(db: Kysely<Database>, scope: Scope, input: WebhookIn): Promise<WebhookOut> {
  const now = nowIso();
  const row: Row = {
    id: crypto.randomUUID(), group_id: scope.groupId, household_id: scope.householdId, enabled: input.enabled, name: input.name, url: input.url,
    webhook_type: input.webhookType, scheduled_time: input.scheduledTime, time: null, last_run_on: null, last_test_at: null, last_test_status: null, last_test_error: null,
    created_at: now, update_at: now,
  };
  await db.insertInto('webhook_urls').values(row).execute();
  return toWebhookOut(row);
}

/** Saving a new time re-arms today's run (last_run_on cleared) so a webhook moved later in the day still fires. */
export async function updateWebhook(db: Kysely<Database>, scope: Scope, id: string, input: WebhookIn): Promise<WebhookOut> {
  const before = await getWebhookRow(db, scope, id);
  await db
    .updateTable('webhook_urls')
    .set({
      enabled: input.enabled, name: input.name, url: input.url, webhook_type: input.webhookType, scheduled_time: input.scheduledTime, update_at: nowIso(),
      ...(before.scheduled_time !== input.scheduledTime ? { last_run_on: null } : {}),
    })
    .where('id', '=', id)
    .execute();
  return toWebhookOut(await getWebhookRow(db, scope, id));
}

export async function deleteWebhook(db: Kysely<Database>, scope: Scope, id: string): Promise<WebhookOut> {
  const row = await getWebhookRow(db, scope, id);
  await db.deleteFrom('webhook_urls').where('id', '=', id).execute();
  return toWebhookOut(row);
}

export async function enabledWebhooks(db: Kysely<Database>, householdId?: string): Promise<Row[]> {
  let query = db.selectFrom('webhook_urls').selectAll().where('enabled', '=', true).where('url', '<>', '');
  if (householdId) query = query.where('household_id', '=', householdId);
  return query.execute();
}

/**
 * Claims a webhook's run for one day: the conditional UPDATE succeeds in exactly one process however many
 * share the database, so a scheduled webhook is sent once per day.
 */
export async function claimRun(db: Kysely<Database>, id: string, day: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_urls')
    .set({ last_run_on: day })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_run_on', 'is', null), eb('last_run_on', '<>', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
