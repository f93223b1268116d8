import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/routes.js';
import type { BackupFile } from '../../../contract/backups.js';
import { createStorage } from '../../platform/storage/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { startLocalS3, type LocalS3 } from '../../test/s3.js';
import { runScheduledBackup, updateSchedule } from './schedule.js';
import { multipart, zipOf } from './testing.js';

async function listed(ctx: TestContext): Promise<BackupFile[]> {
  const response = await ctx.app.inject({ method: 'GET', url: API.adminBackups, headers: ctx.admin });
  expect(response.statusCode).toBe(200);
  return response.json().imports as BackupFile[];
}

describe('every backup shows its own verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('a manual backup is checked after writing: tables, rows, files and the SHA-256 of the archive', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: API.recipes, headers: ctx.admin, payload: { name: 'Checked soup' } })).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'POST', url: API.adminBackups, headers: ctx.admin })).statusCode).toBe(201);
    const [backup] = await listed(ctx);
    expect(backup.verification).toMatchObject({ ok: true, error: null, copiedAt: null, copyError: null });
    expect(backup.verification?.tables).toBeGreaterThan(3);
    expect(backup.verification?.tables).toBeLessThanOrEqual(backup.verification!.rows!);
    expect(backup.verification?.rows).toBeGreaterThan(5);
    expect(backup.verification?.files).toBeGreaterThanOrEqual(0);
    const bytes = await ctx.deps.storage.read(`backups/${backup.name}`);
    expect(backup.verification?.sha256).toBe(crypto.createHash('sha256').update(bytes!).digest('hex'));
  });

  it('an uploaded backup that cannot restore says why; a sound one is verified; deleting forgets it', async () => {
    const broken = await zipOf([{ name: 'database.json', data: '{"recipes": [' }]);
    const body = multipart([{ field: 'archive', filename: 'broken.zip', data: broken }]);
    const uploaded = await ctx.app.inject({ method: 'POST', url: API.adminBackupsUpload, headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const brokenRow = (await listed(ctx)).find((b) => b.name === 'broken.zip');
    expect(brokenRow?.verification).toMatchObject({ ok: false, tables: null, rows: null });
    expect(brokenRow?.verification?.error).toMatch(/database\.json is not valid JSON/);

    expect((await ctx.app.inject({ method: 'DELETE', url: `${API.adminBackups}/broken.zip`, headers: ctx.admin })).statusCode).toBe(200);
    const sound = (await listed(ctx))[0];
    const again = multipart([{ field: 'archive', filename: 'moved-here.zip', data: (await ctx.deps.storage.read(`backups/${sound.name}`))! }]);
    expect((await ctx.app.inject({ method: 'POST', url: API.adminBackupsUpload, headers: { ...ctx.admin, ...again.headers }, payload: again.payload })).statusCode).toBe(200);
    const moved = (await listed(ctx)).find((b) => b.name === 'moved-here.zip');
    expect(moved?.verification).toMatchObject({ ok: true, rows: sound.verification?.rows, sha256: sound.verification?.sha256 });
    const rows = await ctx.deps.db.withTables<{ backup_verifications: { name: string } }>().selectFrom('backup_verifications').select('name').execute();
    expect(rows.map((r) => r.name)).not.toContain('broken.zip');
  });
});

describe('weekly backups beside the daily ones', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('run once a week on their day and time, start from when they were turned on, and keep their own count', async () => {
    // 2030-01-01 is a Tuesday; weekly on Wednesdays (3) at 03:00, kept 1 deep.
    await updateSchedule(ctx.deps, { enabled: false, time: '03:00', keep: 7, weekly: { enabled: true, day: 3, keep: 1 } }, new Date('2030-01-01T04:00:00Z'));
    expect(await runScheduledBackup(ctx.deps, new Date('2030-01-01T05:00:00Z'), false, 'weekly')).toBeNull();
    const first = await runScheduledBackup(ctx.deps, new Date('2030-01-02T03:01:00Z'), false, 'weekly');
    expect(first).toMatch(/^hearth-weekly_/);
    expect(await runScheduledBackup(ctx.deps, new Date('2030-01-02T09:00:00Z'), false, 'weekly')).toBeNull();
    expect(await runScheduledBackup(ctx.deps, new Date('2030-01-08T23:00:00Z'), false, 'weekly')).toBeNull();
    // The daily schedule is off: nothing daily is written.
    expect(await runScheduledBackup(ctx.deps, new Date('2030-01-08T23:00:00Z'))).toBeNull();
    const second = await runScheduledBackup(ctx.deps, new Date('2030-01-09T03:00:00Z'), false, 'weekly');
    expect(second).toMatch(/^hearth-weekly_/);
    const names = (await listed(ctx)).map((b) => b.name);
    expect(names.filter((n) => n.startsWith('hearth-weekly_'))).toEqual([second]);
    const schedule = (await ctx.app.inject({ method: 'GET', url: API.adminBackupsSchedule, headers: ctx.admin })).json();
    expect(schedule).toMatchObject({ enabled: false, weekly: { enabled: true, day: 3, keep: 1 }, lastVerified: { name: second }, lastError: null });
    const put = await ctx.app.inject({ method: 'PUT', url: API.adminBackupsSchedule, headers: ctx.admin, payload: { enabled: true, time: '03:00', keep: 7, weekly: { enabled: true, day: 7, keep: 1 } } });
    expect(put.statusCode).toBe(422);
  });
});

describe('BACKUP_COPY_TO_S3', () => {
  let ctx: TestContext;
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3('hearth-backup-copies');
    const { STORAGE: _driver, ...bucket } = s3.env;
    ctx = await createTestContext({ env: { ...bucket, BACKUP_COPY_TO_S3: 'true', STORAGE: 'local' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  it('copies each verified backup to the bucket, byte for byte, and says when', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: API.adminBackups, headers: ctx.admin })).statusCode).toBe(201);
    const [backup] = await listed(ctx);
    expect(backup.verification).toMatchObject({ ok: true, copyError: null });
    expect(backup.verification?.copiedAt).toBeTruthy();
    const bucket = await createStorage({ dataDir: ctx.dataDir, storage: ctx.config.backupCopy! });
    const copy = await bucket.read(`backups/${backup.name}`);
    expect(copy?.equals((await ctx.deps.storage.read(`backups/${backup.name}`))!)).toBe(true);
  });
});
