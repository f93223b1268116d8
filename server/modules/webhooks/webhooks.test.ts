import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/connect.js';
import type { Deps } from '../../platform/deps.js';
import { startReceiver } from '../../test/fake-receiver.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { nearestOccurrence, runDueWebhooks } from './service.js';

let ctx: TestContext;
let rx: Awaited<ReturnType<typeof startReceiver>>;
const base = '/api/households/webhooks';

beforeAll(async () => {
  rx = await startReceiver();
  // No schedule here: these tests call runDueWebhooks with chosen times (schedule.test.ts runs the schedule).
  ctx = await createTestContext({ outbound: { allowLoopback: true }, build: { lists: { schedules: [] }, platform: { jobs: { pollMs: 50, pollSeconds: 0.5, checkSeconds: 0.5 } } } });
});
afterAll(async () => {
  await ctx?.close();
  await rx.close();
});

async function settledTest(id: string) {
  return waitFor(async () => {
    const out = (await ctx.app.inject({ method: 'GET', url: `${base}/${id}`, headers: ctx.admin })).json();
    return out.lastTest && out.lastTest.status !== 'sending' ? out.lastTest : null;
  }, 'the test delivery', 20_000);
}

async function create(body: Record<string, unknown>) {
  const res = await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('webhooks', () => {
  it('CRUD with Mealie defaults; scheduledTime kept as UTC HH:MM:SS', async () => {
    const hook = await create({ name: 'Morning', url: `${rx.base}/plan`, scheduledTime: '07:30' });
    expect(hook).toMatchObject({ name: 'Morning', enabled: true, webhookType: 'mealplan', scheduledTime: '07:30:00' });
    expect((await create({ scheduledTime: '08:15:00.000000Z' })).scheduledTime).toBe('08:15:00');
    for (const bad of ['25:00', 'noon', '']) {
      expect((await ctx.app.inject({ method: 'POST', url: base, headers: ctx.admin, payload: { scheduledTime: bad } })).statusCode).toBe(422);
    }
    const put = await ctx.app.inject({ method: 'PUT', url: `${base}/${hook.id}`, headers: ctx.admin, payload: { ...hook, enabled: false, scheduledTime: '09:00' } });
    expect(put.json()).toMatchObject({ enabled: false, scheduledTime: '09:00:00' });
    const list = await ctx.app.inject({ method: 'GET', url: base, headers: ctx.admin });
    expect(list.json().items.length).toBeGreaterThanOrEqual(2);
    const plain = await createMember(ctx, { username: 'webhook-plain' });
    expect((await ctx.app.inject({ method: 'GET', url: base, headers: plain.headers })).statusCode).toBe(403);
    const neighbour = await createMember(ctx, { username: 'webhook-neighbour', household: 'Neighbours', flags: { advanced: true } });
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/${hook.id}`, headers: neighbour.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base}/${hook.id}`, headers: ctx.admin })).statusCode).toBe(200);
    await ctx.deps.db.deleteFrom('webhook_urls').execute();
  });

  it('test answers at once and sends the day\'s meal plan in the background; the outcome is kept on the webhook', async () => {
    const hook = await create({ name: 'Test', url: `${rx.base}/test-hook`, scheduledTime: '03:00' });
    const before = rx.received.length;
    const res = await ctx.app.inject({ method: 'POST', url: `${base}/${hook.id}/test`, headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await settledTest(hook.id)).status).toBe('sent');
    const got = rx.received[before];
    expect(got).toMatchObject({ method: 'POST', path: '/test-hook' });
    expect(got.headers['content-type']).toBe('application/json');
    expect(Array.isArray(JSON.parse(got.body))).toBe(true);
    // A failing receiver: the test still answers 200 (Mealie), and the failure is kept on the webhook.
    rx.setResponder(() => ({ status: 500 }));
    expect((await ctx.app.inject({ method: 'POST', url: `${base}/${hook.id}/test`, headers: ctx.admin })).statusCode).toBe(200);
    expect(await settledTest(hook.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('answered 500') });
    rx.setResponder(() => ({ status: 200 }));
    await ctx.deps.db.deleteFrom('webhook_urls').execute();
  });

  it('finds the nearest occurrence across midnight', () => {
    expect(nearestOccurrence('23:58:00', new Date('2024-05-02T00:01:00Z')).toISOString()).toBe('2024-05-01T23:58:00.000Z');
    expect(nearestOccurrence('00:02:00', new Date('2024-05-01T23:59:00Z')).toISOString()).toBe('2024-05-02T00:02:00.000Z');
  });

  it('a scheduled webhook fires once in its ±5 minute window, never outside it, once across concurrent runners', async () => {
    const inWindow = await create({ name: 'Due', url: `${rx.base}/due`, scheduledTime: '12:00' });
    await create({ name: 'Later', url: `${rx.base}/later`, scheduledTime: '12:06' });
    await create({ name: 'Off', url: `${rx.base}/off`, scheduledTime: '12:01', enabled: false });
    // On PostgreSQL a second connection pool stands in for another app process. SQLite is one process with one
    // connection (a second better-sqlite3 handle in this thread would block it while waiting for the lock), so
    // there the runners interleave on the one connection.
    const other = ctx.deps.engine === 'postgres' ? openPostgres((ctx.config.db as { url: string }).url) : null;
    const otherDeps: Deps = other ? { ...ctx.deps, db: other.db } : ctx.deps;
    try {
      const before = rx.received.length;
      const now = new Date('2024-05-01T11:57:30Z');
      const [a, b, c] = await Promise.all([runDueWebhooks(ctx.deps, now), runDueWebhooks(otherDeps, now), runDueWebhooks(ctx.deps, now)]);
      expect([...a, ...b, ...c]).toEqual([inWindow.id]);
      // The claim hands the POST to a durable job.
      await waitFor(() => rx.received.length > before, 'the scheduled POST', 15_000);
      expect(rx.received.slice(before).map((r) => r.path)).toEqual(['/due']);
      // Five minutes later (the next tick) it has already run today; 'Later' is now due.
      const next = await runDueWebhooks(otherDeps, new Date('2024-05-01T12:02:30Z'));
      expect(next).toHaveLength(1);
      await waitFor(() => rx.received.length > before + 1, 'the second POST', 15_000);
      expect(rx.received.slice(before).map((r) => r.path)).toEqual(['/due', '/later']);
      // The next day it runs again.
      expect(await runDueWebhooks(ctx.deps, new Date('2024-05-02T11:56:00Z'))).toEqual([inWindow.id]);
      await waitFor(() => rx.received.length > before + 2, 'the next day\'s POST', 15_000);
      const events = await ctx.deps.db.selectFrom('hearth_events').select('data').where('type', '=', 'webhook_task').execute();
      expect(events.map((e) => JSON.parse(e.data).webhookId)).toEqual([inWindow.id, next[0], inWindow.id]);
    } finally {
      await other?.close();
    }
  });

  it('rerun re-sends today\'s webhooks whose time has passed', async () => {
    await ctx.deps.db.deleteFrom('webhook_urls').execute();
    await create({ name: 'Early', url: `${rx.base}/early`, scheduledTime: '00:00' });
    await create({ name: 'Late', url: `${rx.base}/late`, scheduledTime: '23:59:59' });
    const before = rx.received.length;
    const res = await ctx.app.inject({ method: 'POST', url: `${base}/rerun`, headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(rx.received.slice(before).map((r) => r.path)).toEqual(['/early']);
  });
});
