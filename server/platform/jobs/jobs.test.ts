import { afterEach, describe, expect, it } from 'vitest';
import { createMember, createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { Scheduler } from './schedules.js';
import type { JobHandler } from './types.js';

const runs: Array<{ job: string; data: unknown; attempt: number }> = [];
let releaseFirst: () => void = () => undefined;

const handlers: JobHandler[] = [
  {
    name: 'echo',
    handle: async (data, ctx) => {
      runs.push({ job: 'echo', data, attempt: ctx.attempt });
      await ctx.progress({ done: 1, total: 1 });
      return { echoed: data };
    },
  },
  {
    name: 'flaky',
    maxAttempts: 3,
    handle: async (data: { failTimes: number }, ctx) => {
      runs.push({ job: 'flaky', data, attempt: ctx.attempt });
      if (ctx.attempt <= data.failTimes) throw new Error(`attempt ${ctx.attempt} failed`);
      return 'ok';
    },
  },
  {
    name: 'stuck-once',
    handle: async (_data, ctx) => {
      runs.push({ job: 'stuck-once', data: null, attempt: ctx.attempt });
      // The first run never finishes (as if its process hung or died); the retry completes.
      if (ctx.attempt === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
      return 'recovered';
    },
  },
];

const timings = { jobs: { leaseMs: 400, leaseSeconds: 1, maintenanceSeconds: 1, pollMs: 50, pollSeconds: 0.5, checkSeconds: 1, backoffMs: () => 20 } };

let ctx: TestContext | null = null;
afterEach(async () => {
  releaseFirst();
  await ctx?.close();
  ctx = null;
  runs.length = 0;
});

describe(`durable jobs (${TEST_ENGINE})`, () => {
  it('runs an enqueued job once and shows its status to its owner only', async () => {
    ctx = await createTestContext({ build: { platform: timings, lists: { jobHandlers: handlers } } });
    const owner = await createMember(ctx);
    const other = await createMember(ctx);
    const id = await ctx.deps.jobs.enqueue('echo', { n: 1 }, { userId: owner.user.id, groupId: owner.user.groupId });
    const c = ctx;
    await waitFor(async () => (await c.deps.jobs.get(id))?.state === 'completed', 'the job to complete', 15_000);
    expect(runs).toEqual([{ job: 'echo', data: { n: 1 }, attempt: 1 }]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'echo', state: 'completed', attempts: 1, progress: { done: 1, total: 1 }, output: { echoed: { n: 1 } }, error: null });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/jobs/${id}` })).statusCode).toBe(401);
  });

  it('refuses a job name without a handler, and a singletonKey returns the waiting job', async () => {
    ctx = await createTestContext({ env: { HEARTH_ROLES: 'web' }, build: { platform: timings, lists: { jobHandlers: handlers } } });
    await expect(ctx.deps.jobs.enqueue('nobody-handles-this', {})).rejects.toThrow(/No job handler/);
    const a = await ctx.deps.jobs.enqueue('echo', { n: 1 }, { singletonKey: 'k' });
    const b = await ctx.deps.jobs.enqueue('echo', { n: 2 }, { singletonKey: 'k' });
    const c = await ctx.deps.jobs.enqueue('echo', { n: 3 }, { singletonKey: 'other' });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(await ctx.deps.db.selectFrom('hearth_jobs').select('id').execute()).toHaveLength(2);
  });

  it('does not create a job enqueued in a transaction that rolls back', async () => {
    ctx = await createTestContext({ env: { HEARTH_ROLES: 'web' }, build: { platform: timings, lists: { jobHandlers: handlers } } });
    const c = ctx;
    await ctx.deps.db
      .transaction()
      .execute(async (trx) => {
        await c.deps.jobs.enqueue('echo', { n: 1 }, { trx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await ctx.deps.db.selectFrom('hearth_jobs').select('id').execute()).toHaveLength(0);
  });

  it('retries a failing job with back-off, then marks it failed after maxAttempts', async () => {
    ctx = await createTestContext({ build: { platform: timings, lists: { jobHandlers: handlers } } });
    const c = ctx;
    const recovers = await ctx.deps.jobs.enqueue('flaky', { failTimes: 1 });
    const fails = await ctx.deps.jobs.enqueue('flaky', { failTimes: 5 });
    await waitFor(async () => (await c.deps.jobs.get(recovers))?.state === 'completed', 'the recovering job', 20_000, 100);
    await waitFor(async () => (await c.deps.jobs.get(fails))?.state === 'failed', 'the failing job', 20_000, 100);
    expect(await ctx.deps.jobs.get(recovers)).toMatchObject({ attempts: 2, output: 'ok', error: null });
    expect(await ctx.deps.jobs.get(fails)).toMatchObject({ attempts: 3, error: 'attempt 3 failed' });
  });

  it('refuses to start a worker while a waiting job names no handler', async () => {
    ctx = await createTestContext({ env: { HEARTH_ROLES: 'web' }, build: { platform: timings, lists: { jobHandlers: handlers } } });
    const now = new Date().toISOString();
    await ctx.deps.db
      .insertInto('hearth_jobs')
      .values({ id: 'orphan', name: 'removed-handler', data: '{}', state: 'created', run_at: now, attempts: 0, max_attempts: 3, created_at: now })
      .execute();
    await expect(ctx.deps.jobs.start()).rejects.toThrow(/removed-handler/);
  });

  it('runs again a job whose run was lost (its process died or hung past its lease)', async () => {
    ctx = await createTestContext({ build: { platform: timings, lists: { jobHandlers: handlers } } });
    const c = ctx;
    if (TEST_ENGINE === 'sqlite') {
      // What a crash leaves behind: an active row whose runner is gone and whose lease has run out.
      const past = new Date(Date.now() - 1000).toISOString();
      await ctx.deps.db
        .insertInto('hearth_jobs')
        .values({ id: 'lost', name: 'stuck-once', data: 'null', state: 'active', run_at: past, attempts: 1, max_attempts: 3, lease_owner: 'dead-process', lease_until: past, created_at: past, started_at: past })
        .execute();
      await waitFor(async () => (await c.deps.jobs.get('lost'))?.state === 'completed', 'the lost job to finish', 15_000);
      expect(await ctx.deps.jobs.get('lost')).toMatchObject({ attempts: 2, output: 'recovered' });
    } else {
      const id = await ctx.deps.jobs.enqueue('stuck-once', null);
      await waitFor(async () => (await c.deps.jobs.get(id))?.state === 'completed', 'the job after its lease expired', 30_000, 100);
      expect(await ctx.deps.jobs.get(id)).toMatchObject({ attempts: 2, output: 'recovered' });
    }
    expect(runs.map((r) => r.attempt)).toEqual(TEST_ENGINE === 'sqlite' ? [2] : [1, 2]);
  });

  it('runs each due schedule once across several schedulers', async () => {
    ctx = await createTestContext({ env: { HEARTH_ROLES: 'web' } });
    // Two schedulers on one injected clock, stepped 100 ms at a time through 1 s: a 300 ms schedule is due
    // at 0, 300, 600 and 900 and each of those runs happens once, whichever scheduler claims it.
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    let clock = start;
    const stamps: number[] = [];
    const schedule = { name: 'tick', everyMs: 300, run: async () => void stamps.push(clock - start) };
    const a = new Scheduler(ctx.deps, [schedule], { manual: true, now: () => clock });
    const b = new Scheduler(ctx.deps, [schedule], { manual: true, now: () => clock });
    await Promise.all([a.start(), b.start()]);
    for (; clock < start + 1000; clock += 100) await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(stamps).toEqual([0, 300, 600, 900]);
  });
});
