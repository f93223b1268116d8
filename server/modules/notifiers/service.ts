import type { NotifierCreate, NotifierOut, NotifierUpdate } from '../../../contract/automation.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { failureMessage, failureReason } from '../automation/http.js';
import { open, seal } from '../automation/secret-box.js';
import { NotifierUrlError, prepareNotifier, type NotifierMessage, type PreparedNotifier } from './apprise.js';
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
  return getNotifier(deps, scope, id);
}

export async function updateNotifier(deps: Deps, scope: Scope, id: string, input: NotifierUpdate): Promise<NotifierOut> {
  await getNotifierRow(deps.db, scope, id);
  let sealedUrl: string | undefined;
  if (input.appriseUrl) {
    prepared(input.appriseUrl);
    sealedUrl = await seal(deps, input.appriseUrl);
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
  await prepareNotifier(await open(deps, sealedUrl)).send(deps, message);
}

/**
 * POST {id}/test: sends the test message to this notifier now and says whether it arrived (502 with a safe
 * reason when not). The outcome is logged and a test_message event announced in one transaction (the
 * notifier subscriber does not send it to this notifier again).
 */
export async function testNotifier(deps: Deps, scope: Scope & { id?: string }, id: string): Promise<void> {
  const { sealedUrl } = await getNotifierRow(deps.db, scope, id);
  let failure: unknown = null;
  try {
    await sendThroughNotifier(deps, sealedUrl, TEST_MESSAGE);
  } catch (err) {
    failure = err;
  }
  await deps.db.transaction().execute(async (trx) => {
    await logDelivery(trx, { notifierId: id, eventType: 'test_message', ok: failure === null, attempts: 1, error: failure === null ? undefined : failureReason(failure) });
    await emitEvent(trx, { type: 'test_message', groupId: scope.groupId, householdId: scope.householdId, userId: scope.id ?? null, data: { message: TEST_MESSAGE.body, notifierId: id } });
  });
  if (failure !== null) throw new HttpError(502, 'notifiers.notification-could-not-be-sent', { reason: failureMessage(failure) });
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
