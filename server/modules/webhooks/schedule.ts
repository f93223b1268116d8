import type { Schedule } from '../../platform/jobs/schedules.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import { deliverWebhookTest, runDueWebhooks, sendWebhook, WEBHOOK_INTERVAL_MS, WEBHOOK_POST_JOB, WEBHOOK_TEST_JOB } from './service.js';

/**
 * Spec §9: webhooks run on a 5-minute interval (±5 min). The scheduler runs each due tick once across all
 * processes; runDueWebhooks claims each webhook's day once more (a conditional UPDATE), so a plan is posted
 * once per day even when two ticks overlap.
 */
export const webhooksSchedule: Schedule = {
  name: 'webhooks',
  everyMs: WEBHOOK_INTERVAL_MS,
  run: async (deps) => {
    await runDueWebhooks(deps);
  },
};

/** Posts one webhook's day plan; a failing receiver is retried with back-off (3 attempts), then the job fails. */
export const webhookPostJob: JobHandler<{ webhookId: string; day: string }> = {
  name: WEBHOOK_POST_JOB,
  maxAttempts: 3,
  async handle(data, ctx) {
    const webhook = await ctx.deps.db.selectFrom('webhook_urls').select(['url', 'group_id', 'household_id', 'enabled']).where('id', '=', data.webhookId).executeTakeFirst();
    if (!webhook || !webhook.url) return { skipped: 'the webhook was deleted' };
    await sendWebhook(ctx.deps, webhook, data.day);
    return { posted: data.day };
  },
};

/** A "test" from the webhook's page: sent once, its result kept on the webhook. */
export const webhookTestJob: JobHandler<{ webhookId: string; day: string }> = {
  name: WEBHOOK_TEST_JOB,
  maxAttempts: 1,
  async handle(data, ctx) {
    await deliverWebhookTest(ctx.deps, data.webhookId, data.day);
    return { tested: data.webhookId };
  },
};
