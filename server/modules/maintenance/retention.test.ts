import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceRetention } from '../../../contract/backups.js';
import { API } from '../../../contract/routes.js';
import { Scheduler } from '../../platform/jobs/schedules.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import { createMember, createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { schedules } from '../index.js';
import { retentionSchedule, runRetention } from './retention.js';

/**
 * Retention with the clock injected: every row is dated against a fixed "now" (T) and runRetention is given
 * that time, so nothing here waits for days to pass. The worker and scheduler roles are off so the cursors,
 * jobs and deliveries stay exactly as the test writes them.
 */
const DAY = 24 * 3600_000;
const T = new Date('2030-01-01T00:00:00.000Z');
const at = (daysAgo: number, now = T) => new Date(now.getTime() - daysAgo * DAY).toISOString();
const probeJob: JobHandler = { name: 'retention-probe', handle: async () => ({}) };

let ctx: TestContext;
let groupId: string;
let householdId: string;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { HEARTH_ROLES: 'web' },
    build: { lists: { subscribers: [{ name: 'probe', events: '*', handle: async () => undefined }], jobHandlers: [probeJob], schedules: [] } },
  });
  const self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  groupId = self.groupId;
  householdId = self.householdId;
});
afterAll(async () => ctx?.close());

async function addEvent(daysAgo: number): Promise<number> {
  const row = await ctx.deps.db
    .insertInto('hearth_events')
    .values({ type: 'recipe_created', group_id: groupId, household_id: householdId, user_id: null, data: '{}', created_at: at(daysAgo) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function setCursor(subscriber: string, lastEventId: number, updatedDaysAgo: number) {
  const values = { subscriber, last_event_id: lastEventId, attempts: 0, update_at: at(updatedDaysAgo) };
  await ctx.deps.db
    .insertInto('hearth_event_cursors')
    .values(values)
    .onConflict((oc) => oc.column('subscriber').doUpdateSet({ last_event_id: lastEventId, update_at: values.update_at }))
    .execute();
}

const eventIds = async () => (await ctx.deps.db.selectFrom('hearth_events').select('id').where('created_at', '>', '2029').orderBy('id').execute()).map((r) => Number(r.id));

describe('retention (clock injected)', () => {
  it('removes old events only once every subscriber has passed them, never the newest, with their failure entries', async () => {
    // A clean slate: what start-up wrote is dated today, not against T.
    for (const table of ['hearth_event_cursors', 'hearth_event_failures', 'hearth_events'] as const) await ctx.deps.db.deleteFrom(table).execute();
    const [e1, e2, e3, e4, e5, e6] = [await addEvent(60), await addEvent(50), await addEvent(40), await addEvent(35), await addEvent(20), await addEvent(5)];
    await setCursor('probe', e3, 1); // declared by this build
    await setCursor('other-process', e1, 1); // not declared here, but moved yesterday: another process runs it
    await setCursor('gone', 0, 90); // not declared, untouched for 90 days: holds nothing back
    for (const [eventId, daysAgo] of [[e1, 60], [e4, 35]]) {
      await ctx.deps.db.insertInto('hearth_event_failures').values({ subscriber: 'probe', event_id: eventId, attempt: 1, error: 'boom', gave_up: false, created_at: at(daysAgo) }).execute();
    }

    const first = await runRetention(ctx.deps, T);
    expect(first.removed.hearth_events).toBe(1);
    expect(await eventIds()).toEqual([e2, e3, e4, e5, e6]);
    expect(first.removed.hearth_event_failures).toBe(1);

    await setCursor('other-process', e1, 40); // that process has stopped too
    const second = await runRetention(ctx.deps, T);
    expect(second.removed.hearth_events).toBe(2);
    expect(await eventIds()).toEqual([e4, e5, e6]); // e4 is old, but probe has not passed it
    expect((await ctx.deps.db.selectFrom('hearth_event_failures').select('event_id').execute()).map((r) => Number(r.event_id))).toEqual([e4]);

    await setCursor('probe', e6, 0);
    await runRetention(ctx.deps, T);
    expect(await eventIds()).toEqual([e5, e6]); // e5 is within the 30 days
    await runRetention(ctx.deps, new Date(T.getTime() + 100 * DAY));
    expect(await eventIds()).toEqual([e6]); // everything is old now, but the newest stays
  });

  it('removes finished jobs after the window and never a waiting, running or retrying one', async () => {
    const job = (state: string, daysAgo: number, finished: boolean) => ({
      id: crypto.randomUUID(), name: 'retention-probe', data: '{}', state, singleton_key: null, run_at: at(-365), attempts: 1, max_attempts: 3,
      created_at: at(90), started_at: at(90), finished_at: finished ? at(daysAgo) : null,
    });
    await ctx.deps.db.deleteFrom('hearth_jobs').execute();
    const rows = { oldDone: job('completed', 40, true), oldFailed: job('failed', 31, true), newDone: job('completed', 10, true), active: job('active', 90, false), retry: job('retry', 90, false), waiting: job('created', 90, false) };
    await ctx.deps.db.insertInto('hearth_jobs').values(Object.values(rows)).execute();
    const run = await runRetention(ctx.deps, T);
    expect(run.removed.hearth_jobs).toBe(2);
    const left = new Set((await ctx.deps.db.selectFrom('hearth_jobs').select('id').execute()).map((r) => r.id));
    expect(Object.entries(rows).filter(([, r]) => left.has(r.id)).map(([k]) => k).sort()).toEqual(['active', 'newDone', 'retry', 'waiting']);
  });

  it('removes settled notifier deliveries after the window, never a queued or retrying one', async () => {
    await ctx.deps.db.deleteFrom('notifier_deliveries').execute();
    const notifierId = crypto.randomUUID();
    await ctx.deps.db
      .insertInto('group_events_notifiers')
      .values({ id: notifierId, name: 'Probe', enabled: true, apprise_url: 'json://127.0.0.1:1/', group_id: groupId, household_id: householdId, created_at: at(90), update_at: at(90) })
      .execute();
    const delivery = (status: string, daysAgo: number) => ({ id: crypto.randomUUID(), notifier_id: notifierId, event_type: 'recipe_created', status, attempts: 1, error: null, created_at: at(daysAgo) });
    const rows = { sent: delivery('sent', 40), failed: delivery('failed', 40), queued: delivery('queued', 40), retrying: delivery('retrying', 40), recent: delivery('sent', 10) };
    await ctx.deps.db.insertInto('notifier_deliveries').values(Object.values(rows)).execute();
    const run = await runRetention(ctx.deps, T);
    expect(run.removed.notifier_deliveries).toBe(2);
    const left = new Set((await ctx.deps.db.selectFrom('notifier_deliveries').select('id').execute()).map((r) => r.id));
    expect(Object.entries(rows).filter(([, r]) => left.has(r.id)).map(([k]) => k).sort()).toEqual(['queued', 'recent', 'retrying']);
  });

  it.runIf(TEST_ENGINE === 'postgres')("empties pg-boss's archive of finished jobs after the window", async () => {
    const id = await ctx.deps.jobs.enqueue(probeJob.name, {}); // starts pg-boss, which makes its tables
    const copy = (archivedDaysAgo: number) =>
      sql`insert into pgboss.archive select j.*, ${at(archivedDaysAgo)}::timestamptz from pgboss.job j where j.name = ${probeJob.name} limit 1`.execute(ctx.deps.db);
    expect(id).toBeTruthy();
    await copy(40);
    await sql`update pgboss.archive set id = gen_random_uuid() where name = ${probeJob.name}`.execute(ctx.deps.db);
    await copy(5);
    const run = await runRetention(ctx.deps, T);
    expect(run.removed['pgboss.archive']).toBe(1);
    const left = await sql<{ n: number }>`select count(*)::int as n from pgboss.archive where name = ${probeJob.name}`.execute(ctx.deps.db);
    expect(left.rows[0].n).toBe(1);
  });

  it('is a recurring task of the scheduler, and the admin maintenance page shows each table and the last clean-up', async () => {
    expect(schedules).toContain(retentionSchedule);
    expect(retentionSchedule.everyMs).toBeLessThanOrEqual(DAY);
    // Run by a scheduler as it runs in a server (its first run is at start): the recorded run appears.
    const before = (await ctx.deps.db.selectFrom('hearth_settings').select('value').where('key', '=', 'maintenance.retention.last').executeTakeFirst())?.value;
    const scheduler = new Scheduler(ctx.deps, [retentionSchedule], { tickMs: 50 });
    await scheduler.start();
    await waitFor(async () => (await ctx.deps.db.selectFrom('hearth_settings').select('value').where('key', '=', 'maintenance.retention.last').executeTakeFirst())?.value !== before, 'the scheduled clean-up');
    await scheduler.stop();

    const res = await ctx.app.inject({ method: 'GET', url: API.adminMaintenanceRetention, headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json() as MaintenanceRetention;
    const names = status.tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['hearth_events', 'hearth_event_failures', 'hearth_jobs', 'notifier_deliveries']));
    expect(names.includes('pgboss.archive')).toBe(TEST_ENGINE === 'postgres');
    const events = status.tables.find((t) => t.name === 'hearth_events')!;
    expect(events.rows).toBe(Number((await ctx.deps.db.selectFrom('hearth_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    expect(events.bytes).toBeGreaterThan(0);
    expect(events.keepDays).toBe(30);
    expect(status.lastRun?.at).toBeTruthy();
    expect(status.lastRun?.error).toBeNull();
    expect(status.nextRunAt).toBeTruthy();

    // Run now from the page; a member may not see or run it.
    const clean = await ctx.app.inject({ method: 'POST', url: '/api/admin/maintenance/clean/retention', headers: ctx.admin });
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json().message).toMatch(/^\d+ old rows removed$/);
    const member = (await createMember(ctx, {})).headers;
    expect((await ctx.app.inject({ method: 'GET', url: API.adminMaintenanceRetention, headers: member })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/maintenance/clean/retention', headers: member })).statusCode).toBe(403);
  });

  it('keeps everything when the days are 0, and reads the days from the environment', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(loadConfig({}).retention).toEqual({ eventsDays: 30, jobsDays: 30, deliveriesDays: 30 });
    expect(loadConfig({ HEARTH_RETENTION_DAYS: '7', HEARTH_JOBS_RETENTION_DAYS: '0' }).retention).toEqual({ eventsDays: 7, jobsDays: 0, deliveriesDays: 7 });
    expect(() => loadConfig({ HEARTH_EVENTS_RETENTION_DAYS: 'soon' })).toThrow(/HEARTH_EVENTS_RETENTION_DAYS/);
    const kept = { ...ctx.deps, config: { ...ctx.deps.config, retention: { eventsDays: 0, jobsDays: 0, deliveriesDays: 0 } } };
    const run = await runRetention(kept, new Date(T.getTime() + 10_000 * DAY));
    expect(run.removed).toEqual({});
    expect(await eventIds()).not.toEqual([]);
  });
});
