import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { overallStatus, ReportWriter } from './repo.js';

describe('group reports', () => {
  let ctx: TestContext;
  let groupId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    groupId = (await ctx.app.inject({ method: 'GET', url: '/api/groups/self', headers: ctx.admin })).json().id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists summaries (filtered by report_type), reads one with its entries in order, and deletes it', async () => {
    const bulk = await ReportWriter.start(ctx.deps.db, groupId, 'bulk_import', 'Bulk Import test');
    await bulk.add({ success: true, message: 'first worked' });
    await bulk.add({ success: false, message: 'second failed: 404', exception: 'HTTP 400' });
    await bulk.add({ success: true, message: 'third worked' });
    await bulk.finish('partial');
    const migration = await ReportWriter.start(ctx.deps.db, groupId, 'migration', 'Migration test');

    const all = await ctx.app.inject({ method: 'GET', url: '/api/groups/reports', headers: ctx.admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((r: { id: string }) => r.id).sort()).toEqual([bulk.report.id, migration.report.id].sort());
    const onlyBulk = (await ctx.app.inject({ method: 'GET', url: '/api/groups/reports?report_type=bulk_import', headers: ctx.admin })).json();
    expect(onlyBulk).toEqual([
      { id: bulk.report.id, groupId, name: 'Bulk Import test', category: 'bulk_import', status: 'partial', timestamp: bulk.report.timestamp },
    ]);
    const badType = await ctx.app.inject({ method: 'GET', url: '/api/groups/reports?report_type=nonsense', headers: ctx.admin });
    expect(badType.statusCode).toBe(422);

    const one = (await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${bulk.report.id}`, headers: ctx.admin })).json();
    expect(one).toMatchObject({ id: bulk.report.id, status: 'partial', category: 'bulk_import' });
    expect(one.entries.map((e: { message: string; success: boolean }) => [e.success, e.message])).toEqual([
      [true, 'first worked'],
      [false, 'second failed: 404'],
      [true, 'third worked'],
    ]);
    expect(one.entries[1]).toMatchObject({ reportId: bulk.report.id, exception: 'HTTP 400' });
    expect(one.entries[0].exception).toBe('');

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/groups/reports/${bulk.report.id}`, headers: ctx.admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(bulk.report.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${bulk.report.id}`, headers: ctx.admin })).statusCode).toBe(404);
    const entriesLeft = await ctx.deps.db.withTables<{ report_entries: { report_id: string } }>().selectFrom('report_entries').select('report_id').where('report_id', '=', bulk.report.id).execute();
    expect(entriesLeft).toEqual([]);
  });

  it("another group's members neither see nor delete a report; unknown ids are 404", async () => {
    const report = await ReportWriter.start(ctx.deps.db, groupId, 'backup', 'Private backup');
    const stranger = await createMember(ctx, { group: 'Reports Elsewhere' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/groups/reports', headers: stranger.headers })).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${report.report.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/groups/reports/${report.report.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${report.report.id}`, headers: ctx.admin })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/groups/reports/not-a-uuid', headers: ctx.admin })).statusCode).toBe(404);
    const member = await createMember(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${report.report.id}`, headers: member.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/groups/reports' })).statusCode).toBe(401);
  });

  it('overall status: success, partial or failure', () => {
    expect(overallStatus(3, 0)).toBe('success');
    expect(overallStatus(0, 0)).toBe('success');
    expect(overallStatus(2, 1)).toBe('partial');
    expect(overallStatus(0, 2)).toBe('failure');
  });
});
