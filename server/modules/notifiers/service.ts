import type { NotifierCreate, NotifierOut, NotifierUpdate } from '../../../contract/automation.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { destinationWarning } from '../automation/destination.js';
import { failureReason } from '../automation/http.js';
import { markTestSending, recordTestResult } from '../automation/test-record.js';
import { open, seal } from '../automation/secret-box.js';
import { notifierHost, NotifierUrlError, prepareNotifier, type NotifierMessage, type PreparedNotifier } from './apprise.js';
import { eventMessage, TEST_MESSAGE, type AutomationEvent } from './messages.js';
import { deleteNotifierRow, getNotifierRow, insertNotifier, logDelivery, optionColumn, subscribedNotifiers, updateNotifierRow } from './repo.js';
import { emitEvent } from '../../platform/events/emit.js';
import type { NotifierOptionColumn } from '../../db/schema.js';
import { notifierOptionKeys, type NotifierOptionKey } from '../../../contract/automation.js';

export { listNotifiers } from './repo.js';

type Scope = { groupId: string; householdId: string };

/** Checks a notifier URL: an unknown scheme or a malformed URL is a 422 naming the supported schemes. */
function prepared(url: string): PreparedNotifier {
  try {
    return prepareNotifier(url);
  } catch (err) {
    if (err instanceof NotifierUrlError) throw new HttpError(422, err.key, err.vars);
    throw err;
  }
}

export async function getNotifier(deps: Deps, scope: Scope, id: string): Promise<NotifierOut> {
  return (await getNotifierRow(deps.db, scope, id)).out;
}

export async function createNotifier(deps: Deps, scope: Scope, input: NotifierCreate): Promise<NotifierOut> {
  prepared(input.appriseUrl);
  const sealedUrl = await seal(deps, input.appriseUrl);
  const id = await deps.db.transaction().execute((trx) => insertNotifier(trx, scope, { name: input.name, enabled: input.enabled ?? true, sealedUrl, options: input.options ?? {} }));
  return withUrlWarning(deps, await getNotifier(deps, scope, id), input.appriseUrl);
}

export async function updateNotifier(deps: Deps, scope: Scope, id: string, input: NotifierUpdate): Promise<NotifierOut> {
  await getNotifierRow(deps.db, scope, id);
  let sealedUrl: string | undefined;
  if (input.appriseUrl) {
    prepared(input.appriseUrl);
    sealedUrl = await seal(deps, input.appriseUrl);
  }
  await deps.db.transaction().execute((trx) => updateNotifierRow(trx, id, { name: input.name, enabled: input.enabled, sealedUrl, options: input.options }));
  return withUrlWarning(deps, await getNotifier(deps, scope, id), input.appriseUrl || undefined);
}

export async function deleteNotifier(deps: Deps, scope: Scope, id: string): Promise<void> {
  await getNotifierRow(deps.db, scope, id);
  await deleteNotifierRow(deps.db, id);
}

/** Sends one message through a stored notifier, once; throws when the service refuses or cannot be reached. */
export async function sendThroughNotifier(deps: Deps, sealedUrl: string, message: NotifierMessage): Promise<void> {
  await prepareNotifier(await open(deps, sealedUrl)).send(deps, message);
}

export const NOTIFIER_TEST_JOB = 'notifier-test';

/**
 * POST {id}/test: answers at once (Mealie's 204) and sends the test message in the background, by a job; the
 * outcome is kept on the notifier (lastTest) for its page.
 */
export async function testNotifier(deps: Deps, scope: Scope & { id?: string }, id: string): Promise<void> {
  await getNotifierRow(deps.db, scope, id);
  await markTestSending(deps, 'group_events_notifiers', id);
  await deps.jobs.enqueue(NOTIFIER_TEST_JOB, { notifierId: id, userId: scope.id ?? null }, { groupId: scope.groupId, maxAttempts: 1 });
}

/**
 * The test's delivery, once: the outcome is logged, kept on the notifier, and a test_message event announced
 * in one transaction (the notifier subscriber does not send it to this notifier again).
 */
export async function deliverNotifierTest(deps: Deps, notifierId: string, userId: string | null): Promise<void> {
  const row = await deps.db.selectFrom('group_events_notifiers').select(['apprise_url', 'group_id', 'household_id']).where('id', '=', notifierId).executeTakeFirst();
  if (!row) return;
  let failure: unknown = null;
  try {
    await sendThroughNotifier(deps, row.apprise_url, TEST_MESSAGE);
  } catch (err) {
    failure = err;
  }
  await deps.db.transaction().execute(async (trx) => {
    await logDelivery(trx, { notifierId, eventType: 'test_message', ok: failure === null, attempts: 1, error: failure === null ? undefined : failureReason(failure) });
    await emitEvent(trx, { type: 'test_message', groupId: row.group_id, householdId: row.household_id, userId, data: { message: TEST_MESSAGE.body, notifierId } });
  });
  await recordTestResult(deps, 'group_events_notifiers', notifierId, failure);
}

/** A saved notifier with the warning, if any, that Hearth will refuse its address (it is saved all the same). */
async function withUrlWarning(deps: Deps, out: NotifierOut, appriseUrl: string | undefined): Promise<NotifierOut> {
  if (!appriseUrl) return out;
  return { ...out, urlWarning: await destinationWarning(deps, notifierHost(appriseUrl)) };
}

const SUBSCRIBABLE = new Set<string>(notifierOptionKeys.map((key: NotifierOptionKey) => optionColumn(key)));

/** The notifiers subscribed to this event, each with the message to send (one query; two for a recipe event). */
export async function recipientsOf(deps: Deps, event: AutomationEvent): Promise<Array<{ notifierId: string; message: NotifierMessage }>> {
  if (!SUBSCRIBABLE.has(event.type)) return [];
  const rows = await subscribedNotifiers(deps.db, { groupId: event.groupId, householdId: event.householdId }, event.type as NotifierOptionColumn);
  if (rows.length === 0) return [];
  let data = (event.data ?? {}) as Record<string, unknown>;
  // A recipe's notification links to its page, which lives under the group's slug.
  if (event.type.startsWith('recipe_') && typeof data.slug === 'string' && !data.groupSlug) {
    const group = await deps.db.selectFrom('groups').select('slug').where('id', '=', event.groupId).executeTakeFirst();
    if (group) data = { ...data, groupSlug: group.slug };
  }
  const message = eventMessage({ ...event, data }, deps.config.baseUrl);
  return rows.map((row) => ({ notifierId: row.id, message }));
}
