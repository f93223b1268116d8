import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres, type DbHandle } from '../../db/connect.js';
import type { App } from '../../platform/http.js';
import { startReceiver } from '../../test/fake-receiver.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { sleep, waitFor } from '../../test/wait.js';
import { webhooksSchedule } from './schedule.js';

/**
 * The webhook schedule end to end: the scheduler (every 5 minutes in production, every 200 ms here) finds the
 * webhook in its window and the day's meal plan (entriesOfDay) is POSTed once — on PostgreSQL with two app
 * instances over one database, each running the scheduler, the job worker and the event dispatcher.
 */
const fastSchedule = { ...webhooksSchedule, everyMs: 200 };
const platform = {
  scheduler: { tickMs: 50 },
  dispatcher: { pollMs: 100 },
  jobs: { pollMs: 50, pollSeconds: 0.5, checkSeconds: 0.5, maintenanceSeconds: 1 },
};
const outbound = { allowLoopback: true };

let ctx: TestContext;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let second: { app: App; handle: DbHandle } | null = null;

beforeAll(async () => {
  rx = await startReceiver();
  ctx = await createTestContext({ outbound, build: { lists: { schedules: [fastSchedule] }, platform } });
});
afterAll(async () => {
  await second?.app.close();
  await second?.handle.close();
  await ctx?.close();
  await rx.close();
});

describe(`webhook schedule (${TEST_ENGINE})`, () => {
  it(`posts the day's plan once${TEST_ENGINE === 'postgres' ? ' with two app instances over one database' : ''}, and announces webhook_task`, async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const entry = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: ctx.admin, payload: { date: today, entryType: 'dinner', title: 'Lentil soup' } });
    expect(entry.statusCode, entry.body).toBe(201);
    await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: ctx.admin, payload: { date: '2000-01-01', entryType: 'dinner', title: 'Another day' } });
    const notifier = await ctx.app.inject({
      method: 'POST', url: '/api/households/events/notifications', headers: ctx.admin,
      payload: { name: 'tasks', appriseUrl: `json://${rx.host}/task-notes`, options: { webhookTask: true } },
    });
    expect(notifier.statusCode, notifier.body).toBe(201);

    if (TEST_ENGINE === 'postgres') {
      const handle = openPostgres((ctx.config.db as { url: string }).url);
      const built = await buildApp(ctx.config, handle, { logger: false, outbound, lists: { schedules: [fastSchedule] }, platform });
      await built.app.ready();
      second = { app: built.app, handle };
    }

    // Created while both schedulers tick: due now (its time is this minute, in UTC).
    const hook = await ctx.app.inject({
      method: 'POST', url: '/api/households/webhooks', headers: ctx.admin,
      payload: { name: 'Kitchen display', url: `${rx.base}/plan`, scheduledTime: now.toISOString().slice(11, 16), enabled: true },
    });
    expect(hook.statusCode, hook.body).toBe(201);

    await waitFor(() => rx.received.some((r) => r.path === '/plan'), 'the scheduled POST', 20_000);
    await waitFor(() => rx.received.some((r) => r.path === '/task-notes'), 'the webhook_task notification', 20_000);
    await sleep(1500); // several more ticks on each instance: nothing more may arrive
    const posts = rx.received.filter((r) => r.path === '/plan');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers['content-type']).toBe('application/json');
    const body = JSON.parse(posts[0].body);
    expect(body).toMatchObject([{ date: today, entryType: 'dinner', title: 'Lentil soup' }]);
    const notes = rx.received.filter((r) => r.path === '/task-notes');
    expect(notes).toHaveLength(1);
    expect(JSON.parse(notes[0].body)).toMatchObject({ title: 'Webhook Task', message: `Webhook 'Kitchen display' sent the meal plan of ${today}` });
    const row = await ctx.deps.db.selectFrom('webhook_urls').select('last_run_on').where('id', '=', hook.json().id).executeTakeFirstOrThrow();
    expect(row.last_run_on).toBe(today);
  }, 180_000);
});
