import type { NotifierCreate, NotifierOut, NotifierUpdate } from '../../../contract/automation.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { failureMessage, failureReason } from '../automation/http.js';
import { open, seal } from '../automation/secret-box.js';
import { NotifierUrlError, prepareNotifier, type NotifierMessage, type PreparedNotifier } from './apprise.js';
import { eventMessage, TEST_MESSAGE, type AutomationEvent } from './messages.js';
import { deleteNotifierRow, getNotifierRow, getSealedUrl, insertNotifier, logDelivery, optionColumn, subscribedNotifiers, updateNotifierRow } from './repo.js';
import { notifierOptionKeys, type NotifierOptionKey } from '../../../contract/automation.js';

export { listNotifiers } from './repo.js';

type Scope = { groupId: string; householdId: string };

/** Checks a notifier URL: an unknown scheme or a malformed URL is a 422 naming the supported schemes. */
function prepared(url: string): PreparedNotifier {
  try {
    return prepareNotifier(url);
  } catch (err) {
    if (err instanceof NotifierUrlError) throw new HttpError(422, err.message);
    throw err;
  }
}

export async function getNotifier(deps: Deps, scope: Scope, id: string): Promise<NotifierOut> {
  return (await getNotifierRow(deps.db, scope, id)).out;
}

export async function createNotifier(deps: Deps, scope: Scope, input: NotifierCreate): Promise<NotifierOut> {
  prepared(input.appriseUrl);
  const sealedUrl = seal(deps.config.dataDir, input.appriseUrl);
  const id = await deps.db.transaction().execute((trx) => insertNotifier(trx, scope, { name: input.name, enabled: input.enabled ?? true, sealedUrl, options: input.options ?? {} }));
  return getNotifier(deps, scope, id);
}

export async function updateNotifier(deps: Deps, scope: Scope, id: string, input: NotifierUpdate): Promise<NotifierOut> {
  await getNotifierRow(deps.db, scope, id);
  let sealedUrl: string | undefined;
  if (input.appriseUrl) {
    prepared(input.appriseUrl);
    sealedUrl = seal(deps.config.dataDir, input.appriseUrl);
  }
  await deps.db.transaction().execute((trx) => updateNotifierRow(trx, id, { name: input.name, enabled: input.enabled, sealedUrl, options: input.options }));
  return getNotifier(deps, scope, id);
}

export async function deleteNotifier(deps: Deps, scope: Scope, id: string): Promise<void> {
  await getNotifierRow(deps.db, scope, id);
  await deleteNotifierRow(deps.db, id);
}

/** Sends one message through a stored notifier, once; throws when the service refuses or cannot be reached. */
export async function sendThroughNotifier(deps: Deps, sealedUrl: string, message: NotifierMessage): Promise<void> {
  await prepareNotifier(open(deps.config.dataDir, sealedUrl)).send(deps, message);
}

/** POST {id}/test: sends the test message now and says whether it arrived (502 with the reason when not). */
export async function testNotifier(deps: Deps, scope: Scope, id: string): Promise<void> {
  const { sealedUrl } = await getNotifierRow(deps.db, scope, id);
  try {
    await sendThroughNotifier(deps, sealedUrl, TEST_MESSAGE);
    await logDelivery(deps.db, { notifierId: id, eventType: 'test_message', ok: true, attempts: 1 });
  } catch (err) {
    await logDelivery(deps.db, { notifierId: id, eventType: 'test_message', ok: false, attempts: 1, error: failureReason(err) });
    throw new HttpError(502, `The notification could not be sent: ${failureMessage(err)}`);
  }
}

const OPTION_BY_EVENT = new Map(notifierOptionKeys.map((key: NotifierOptionKey) => [optionColumn(key), optionColumn(key)]));

export interface RetryPolicy {
  /** Waits before the 2nd, 3rd… attempt; its length + 1 is the number of attempts. */
  backoffMs: number[];
}
export const DEFAULT_RETRY: RetryPolicy = { backoffMs: [2_000, 10_000, 60_000] };

/** One delivery, retried with back-off a bounded number of times and logged with its outcome. */
export async function deliverWithRetry(deps: Deps, notifierId: string, eventType: string, message: NotifierMessage, retry: RetryPolicy = DEFAULT_RETRY): Promise<boolean> {
  let lastError = '';
  for (let attempt = 1; attempt <= retry.backoffMs.length + 1; attempt += 1) {
    const sealedUrl = await getSealedUrl(deps.db, notifierId);
    if (!sealedUrl) return false; // deleted meanwhile
    try {
      await sendThroughNotifier(deps, sealedUrl, message);
      await logDelivery(deps.db, { notifierId, eventType, ok: true, attempts: attempt });
      return true;
    } catch (err) {
      lastError = failureReason(err);
      if (attempt <= retry.backoffMs.length) await new Promise((resolve) => setTimeout(resolve, retry.backoffMs[attempt - 1]));
    }
  }
  await logDelivery(deps.db, { notifierId, eventType, ok: false, attempts: retry.backoffMs.length + 1, error: lastError });
  return false;
}

/** The notifiers subscribed to this event, each with the message to send (one query). */
export async function recipientsOf(deps: Deps, event: AutomationEvent): Promise<Array<{ notifierId: string; message: NotifierMessage }>> {
  const column = OPTION_BY_EVENT.get(event.type as never);
  if (!column) return [];
  const rows = await subscribedNotifiers(deps.db, { groupId: event.groupId, householdId: event.householdId }, column);
  const message = eventMessage(event, deps.config.baseUrl);
  return rows.map((row) => ({ notifierId: row.id, message }));
}

/** Delivers an event to every subscribed notifier, independently (a dead one does not hold up the others). */
export async function deliverEvent(deps: Deps, event: AutomationEvent, retry: RetryPolicy = DEFAULT_RETRY): Promise<boolean[]> {
  const recipients = await recipientsOf(deps, event);
  return Promise.all(recipients.map((r) => deliverWithRetry(deps, r.notifierId, event.type, r.message, retry)));
}
