import { NOTIFIER_EVENT_TYPES, type HearthEvent } from '../../../contract/events.js';
import { nowIso } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import type { Subscriber } from '../../platform/events/types.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import { failureReason } from '../automation/http.js';
import type { NotifierMessage } from './apprise.js';
import { getSealedUrl } from './repo.js';
import { deliverNotifierTest, NOTIFIER_TEST_JOB, recipientsOf, sendThroughNotifier } from './service.js';

/**
 * Event → notifier deliveries. The `notifiers` subscriber receives every event of the 22 switches after its
 * write commits; for each enabled notifier of the event's household (of every household of the group for
 * group-wide events) whose switch is on, it records a `queued` row in notifier_deliveries and enqueues a
 * durable `notifier-delivery` job in the same transaction. The row's id is `<event id>:<notifier id>`, so a
 * subscriber that runs twice for one event (at-least-once) queues each delivery once. The job sends, retries
 * with back-off (a slow or dead endpoint never delays the request that caused the event, nor another
 * notifier) and records the outcome on the row: sent, retrying, failed.
 */
export const NOTIFIER_DELIVERY_JOB = 'notifier-delivery';
export const NOTIFIER_MAX_ATTEMPTS = 4;

export interface DeliveryJobData {
  deliveryId: string;
  notifierId: string;
  eventType: string;
  message: NotifierMessage;
}

export const deliveryId = (eventId: number, notifierId: string) => `${eventId}:${notifierId}`;

/** Queues one delivery per subscribed notifier (idempotent per event). Returns the delivery ids queued now. */
export async function queueDeliveries(deps: Deps, event: HearthEvent): Promise<string[]> {
  let recipients = await recipientsOf(deps, event);
  // POST …/{id}/test already sent the test message to that notifier and reported the outcome.
  const tested = event.type === 'test_message' ? (event.data as { notifierId?: string }).notifierId : undefined;
  if (tested) recipients = recipients.filter((r) => r.notifierId !== tested);
  if (recipients.length === 0) return [];
  return deps.db.transaction().execute(async (trx) => {
    const queued: string[] = [];
    for (const r of recipients) {
      const id = deliveryId(event.id, r.notifierId);
      const row = await trx
        .insertInto('notifier_deliveries')
        .values({ id, notifier_id: r.notifierId, event_type: event.type, status: 'queued', attempts: 0, error: null, created_at: nowIso() })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      const data: DeliveryJobData = { deliveryId: id, notifierId: r.notifierId, eventType: event.type, message: r.message };
      await deps.jobs.enqueue(NOTIFIER_DELIVERY_JOB, data, { trx, singletonKey: id, groupId: event.groupId });
      queued.push(id);
    }
    return queued;
  });
}

export const notifierSubscriber: Subscriber = {
  name: 'notifiers',
  events: NOTIFIER_EVENT_TYPES,
  handle: async (event, deps) => {
    await queueDeliveries(deps, event);
  },
};

/** Sends one queued delivery; throws to be retried (NOTIFIER_MAX_ATTEMPTS in all), recording each outcome. */
export const notifierDeliveryJob: JobHandler<DeliveryJobData> = {
  name: NOTIFIER_DELIVERY_JOB,
  maxAttempts: NOTIFIER_MAX_ATTEMPTS,
  async handle(data, ctx) {
    const { db } = ctx.deps;
    const row = await db.selectFrom('notifier_deliveries').select(['status']).where('id', '=', data.deliveryId).executeTakeFirst();
    if (!row) return { skipped: 'the notifier was deleted' };
    if (row.status === 'sent') return { status: 'sent' }; // ran again after a crash: already delivered
    const sealedUrl = await getSealedUrl(db, data.notifierId);
    if (!sealedUrl) return { skipped: 'the notifier was deleted' };
    try {
      await sendThroughNotifier(ctx.deps, sealedUrl, data.message);
    } catch (err) {
      const last = ctx.attempt >= NOTIFIER_MAX_ATTEMPTS;
      await db
        .updateTable('notifier_deliveries')
        .set({ status: last ? 'failed' : 'retrying', attempts: ctx.attempt, error: failureReason(err) })
        .where('id', '=', data.deliveryId)
        .execute();
      throw err;
    }
    await db.updateTable('notifier_deliveries').set({ status: 'sent', attempts: ctx.attempt, error: null }).where('id', '=', data.deliveryId).execute();
    return { status: 'sent' };
  },
};

/** A "test" from the notifier's page: sent once, its result kept on the notifier and in the delivery log. */
export const notifierTestJob: JobHandler<{ notifierId: string; userId: string | null }> = {
  name: NOTIFIER_TEST_JOB,
  maxAttempts: 1,
  async handle(data, ctx) {
    await deliverNotifierTest(ctx.deps, data.notifierId, data.userId);
    return { tested: data.notifierId };
  },
};
