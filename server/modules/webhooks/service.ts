import type { WebhookOut } from '../../../contract/automation.js';
import type { Deps } from '../../platform/deps.js';
import { destinationWarning } from '../automation/destination.js';
import { HttpError } from '../../platform/errors.js';
import { emitEvent } from '../../platform/events/emit.js';
import { failureReason, postJson } from '../automation/http.js';
import { markTestSending, recordTestResult } from '../automation/test-record.js';
import { entriesOfDay } from '../mealplans/service.js';
import { claimRun, enabledWebhooks, getWebhookRow } from './repo.js';

export { deleteWebhook, insertWebhook, listWebhooks, updateWebhook } from './repo.js';

type Scope = { groupId: string; householdId: string };
type WebhookRow = Awaited<ReturnType<typeof getWebhookRow>>;

/** Spec §9: webhooks run on a 5-minute interval, ±5 minutes. */
export const WEBHOOK_INTERVAL_MS = 5 * 60_000;
export const WEBHOOK_WINDOW_MS = 5 * 60_000;
export const WEBHOOK_POST_JOB = 'webhook-post';

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** POSTs the household's meal plan of that day (Mealie's mealplan webhook body: the day's entries as JSON). */
export async function sendWebhook(deps: Deps, webhook: Pick<WebhookRow, 'url' | 'group_id' | 'household_id'>, day: string): Promise<void> {
  const entries = await entriesOfDay(deps, { groupId: webhook.group_id, householdId: webhook.household_id }, day);
  await postJson(deps, webhook.url, entries);
}
const send = sendWebhook;

/**
 * The occurrence of a webhook's UTC time of day nearest to `now` (yesterday's, today's or tomorrow's), so a
 * 23:58 webhook is caught by a 00:01 run and counted for the day it was scheduled.
 */
export function nearestOccurrence(scheduledTime: string, now: Date): Date {
  const [hh, mm, ss] = scheduledTime.split(':').map(Number);
  let best: Date | null = null;
  for (const offset of [-1, 0, 1]) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset, hh, mm, ss || 0));
    if (!best || Math.abs(d.getTime() - now.getTime()) < Math.abs(best.getTime() - now.getTime())) best = d;
  }
  return best!;
}

/**
 * One scheduler tick: every enabled webhook whose time is within ±5 minutes of now and that has not run for
 * that day is claimed (a conditional UPDATE: once across processes) and, in the claim's transaction, announced
 * (webhook_task) and handed to a durable `webhook-post` job that POSTs the day's plan with retries. Returns
 * the ids claimed.
 */
export async function runDueWebhooks(deps: Deps, now = new Date()): Promise<string[]> {
  const due = (await enabledWebhooks(deps.db))
    .map((webhook) => ({ webhook, at: nearestOccurrence(webhook.scheduled_time, now) }))
    .filter(({ at }) => Math.abs(at.getTime() - now.getTime()) <= WEBHOOK_WINDOW_MS);
  const claimed: string[] = [];
  for (const { webhook, at } of due) {
    const day = utcDay(at);
    const won = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimRun(trx, webhook.id, day))) return false;
      await deps.jobs.enqueue(WEBHOOK_POST_JOB, { webhookId: webhook.id, day }, { trx, singletonKey: `${webhook.id}:${day}`, groupId: webhook.group_id });
      await emitEvent(trx, {
        type: 'webhook_task',
        groupId: webhook.group_id,
        householdId: webhook.household_id,
        data: { webhookId: webhook.id, name: webhook.name, scheduledTime: webhook.scheduled_time, message: `Webhook '${webhook.name}' sent the meal plan of ${day}` },
      });
      return true;
    });
    if (won) claimed.push(webhook.id);
  }
  return claimed;
}

export const WEBHOOK_TEST_JOB = 'webhook-test';

/** A saved webhook with the warning, if any, that Hearth will refuse its address (it is saved all the same). */
export async function withUrlWarning(deps: Deps, out: WebhookOut): Promise<WebhookOut> {
  let host: string | null;
  try {
    host = out.url ? new URL(out.url).hostname : null;
  } catch {
    host = null;
  }
  return { ...out, urlWarning: await destinationWarning(deps, host) };
}

/**
 * POST {id}/test: answers at once (Mealie's 200) and sends today's meal plan in the background, by a job; the
 * outcome is kept on the webhook (lastTest) for its page.
 */
export async function testWebhook(deps: Deps, scope: Scope, id: string): Promise<void> {
  const webhook = await getWebhookRow(deps.db, scope, id);
  if (!webhook.url) throw new HttpError(400, 'webhooks.webhook-has-no-url');
  await markTestSending(deps, 'webhook_urls', id);
  await deps.jobs.enqueue(WEBHOOK_TEST_JOB, { webhookId: id, day: utcDay(new Date()) }, { groupId: webhook.group_id, maxAttempts: 1 });
}

/** The test's delivery: once, its result recorded whatever happens. */
export async function deliverWebhookTest(deps: Deps, webhookId: string, day: string): Promise<void> {
  const webhook = await deps.db.selectFrom('webhook_urls').select(['url', 'group_id', 'household_id']).where('id', '=', webhookId).executeTakeFirst();
  if (!webhook) return;
  let failure: unknown = null;
  try {
    await send(deps, webhook, day);
  } catch (err) {
    failure = err;
  }
  await recordTestResult(deps, 'webhook_urls', webhookId, failure);
}

/** POST /rerun: re-sends today's runs of the household's enabled webhooks whose time has passed (UTC). */
export async function rerunToday(deps: Deps, scope: Scope, now = new Date(), log: (msg: string) => void = () => {}): Promise<void> {
  const clock = now.toISOString().slice(11, 19);
  const webhooks = (await enabledWebhooks(deps.db, scope.householdId)).filter((w) => w.scheduled_time <= clock);
  await Promise.all(
    webhooks.map((webhook) =>
      send(deps, webhook, utcDay(now)).catch((err: unknown) => log(`webhook ${webhook.id} rerun failed: ${failureReason(err)}`)),
    ),
  );
}
