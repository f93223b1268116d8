import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { Scheduler } from '../../platform/jobs/schedules.js';
import type { Schedule } from '../../platform/jobs/schedules.js';
import { createRecipe } from '../recipe-media/test-fixtures.js';
import { purgeExportsSchedule } from './group-exports.js';

/** The export purge is a platform schedule: every group's expired exports go, once across processes. */
let ctx: TestContext;

beforeAll(async () => {
  // No schedules in the app itself: the test starts its own two schedulers, as two processes would.
  ctx = await createTestContext({ build: { lists: { schedules: [] } } });
});
afterAll(async () => {
  await ctx.close();
});

describe('exports-purge-expired schedule', () => {
  it('is listed among the app schedules', async () => {
    const { schedules } = await import('../index.js');
    expect(schedules).toContain(purgeExportsSchedule);
  });

  it('removes every group’s expired exports (rows and files) and keeps fresh ones, run once by two schedulers', async () => {
    const other = await createMember(ctx, { group: 'Purge Other Group' });
    const exportOf = async (headers: Record<string, string>, name: string) => {
      const recipe = await createRecipe(ctx, headers, name);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes/bulk-actions/export', headers, payload: { recipes: [recipe.slug] } });
      expect(res.statusCode, res.body).toBe(202);
      return res.json() as { id: string; path: string };
    };
    const oldMine = await exportOf(ctx.admin, 'Purge Old Mine');
    const oldTheirs = await exportOf(other.headers, 'Purge Old Theirs');
    const fresh = await exportOf(ctx.admin, 'Purge Fresh');
    await ctx.deps.db.withTables<{ group_data_exports: { id: string; expires: string } }>()
      .updateTable('group_data_exports').set({ expires: '2000-01-01T00:00:00.000Z' }).where('id', 'in', [oldMine.id, oldTheirs.id]).execute();
    // Nothing purges inline any more: the expired files stay until the schedule runs.
    await ctx.app.inject({ method: 'GET', url: '/api/recipes/bulk-actions/export', headers: ctx.admin });
    expect(await ctx.deps.storage.exists(oldMine.path)).toBe(true);

    let runs = 0;
    const counted: Schedule = { ...purgeExportsSchedule, run: async (deps) => { runs++; await purgeExportsSchedule.run(deps); } };
    // Two schedulers each run a full pass at once: the due purge is claimed by one of them only.
    const a = new Scheduler(ctx.deps, [counted], { manual: true });
    const b = new Scheduler(ctx.deps, [counted], { manual: true });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.stop(), b.stop()]);

    expect(runs).toBe(1);
    expect(await ctx.deps.storage.exists(oldMine.path)).toBe(false);
    expect(await ctx.deps.storage.exists(oldTheirs.path)).toBe(false);
    expect(await ctx.deps.storage.exists(fresh.path)).toBe(true);
    const left = await ctx.deps.db.withTables<{ group_data_exports: { id: string } }>().selectFrom('group_data_exports').select('id').execute();
    expect(left.map((r) => r.id)).toEqual([fresh.id]);
    const row = await ctx.deps.db.selectFrom('hearth_schedules').selectAll().where('name', '=', 'exports-purge-expired').executeTakeFirstOrThrow();
    expect(row.last_error).toBeNull();
    expect(Date.parse(String(row.next_run_at))).toBeGreaterThan(Date.now() + 50 * 60_000);
  });
});
