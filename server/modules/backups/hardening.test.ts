import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe } from '../recipe-media/test-fixtures.js';
import { extractBackup } from './archive.js';
import { claimScheduledBackup } from './schedule.js';
import { cleanStaleStaging } from './service.js';
import { multipart, zipOf } from './testing.js';

/** Issue 40 item 8: what a restore must not let through, what a backup must not carry, what must not be left behind. */

type Headers = Record<string, string>;

async function readDatabaseJson(zip: Buffer): Promise<Record<string, Array<Record<string, unknown>>>> {
  const { readZipEntries } = await import('../recipe-import/zip-reader.js');
  const [entry] = await readZipEntries(zip, (n) => n.endsWith('database.json'), { maxEntries: 100, maxEntryBytes: 50e6, maxTotalBytes: 50e6 });
  return JSON.parse(entry.data.toString('utf8'));
}

async function newestBackup(ctx: TestContext, auth: Headers): Promise<string> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: auth });
  expect(created.statusCode, created.body).toBe(201);
  const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/backups', headers: auth })).json() as { imports: Array<{ name: string }> };
  return list.imports[0].name;
}

async function uploadAndRestore(ctx: TestContext, auth: Headers, name: string, data: Buffer) {
  const body = multipart([{ field: 'archive', filename: name, data }]);
  const up = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups/upload', headers: { ...auth, ...body.headers }, payload: body.payload });
  expect(up.statusCode, up.body).toBe(200);
  return ctx.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: auth });
}

describe('restoring backups with text and dates another engine or a client cannot take', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('drops NUL characters from every text, and clears impossible dates (dropping a meal plan whose day does not exist)', async () => {
    const auth = ctx.admin;
    const recipe = await createRecipe(ctx, auth, 'Nul Soup', {});
    const plan = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: auth, payload: { date: '2026-03-01', entryType: 'dinner', title: 'Kept plan' } });
    expect(plan.statusCode, plan.body).toBe(201);
    const plan2 = await ctx.app.inject({ method: 'POST', url: '/api/households/mealplans', headers: auth, payload: { date: '2026-03-02', entryType: 'dinner', title: 'Impossible plan' } });
    expect(plan2.statusCode, plan2.body).toBe(201);
    const name = await newestBackup(ctx, auth);
    const database = await readDatabaseJson((await ctx.deps.storage.read(`backups/${name}`))!);
    const row = database.recipes.find((r) => r.slug === recipe.slug)!;
    row.name = 'Nul\u0000 Soup';
    row.description = 'a\u0000b';
    row.date_added = '2026-02-30';
    row.last_made = 'not a date';
    row.date_updated = '2026-13-01T10:00:00Z';
    row.created_at = '2026-02-29T25:00:00Z';
    database.group_meal_plans.find((p) => p.title === 'Impossible plan')!.date = '2026-02-30';
    const zip = await zipOf([{ name: 'database.json', data: JSON.stringify(database) }]);

    const res = await uploadAndRestore(ctx, auth, 'nul-and-dates.zip', zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tables.group_meal_plans).toMatchObject({ loaded: 1, dropped: 1 });
    const got = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: auth });
    expect(got.statusCode, got.body).toBe(200);
    const out = got.json();
    expect(out.name).toBe('Nul Soup');
    expect(out.description).toBe('ab');
    expect(out.dateAdded).toBeNull();
    expect(out.lastMade).toBeNull();
    expect(Number.isNaN(Date.parse(out.createdAt))).toBe(false);
    const plans = (await ctx.app.inject({ method: 'GET', url: '/api/households/mealplans?perPage=-1', headers: auth })).json();
    expect(plans.items.map((p: { title: string }) => p.title)).toEqual(['Kept plan']);
  });
});

describe('what a backup carries and what a restore leaves behind', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('leaves the live database files (hearth.db, -wal, -shm) and logs out of a backup; media stays in', async () => {
    // On SQLite the live files are there already (never written over here); on PostgreSQL stand-ins are.
    for (const file of ['hearth.db', 'hearth.db-wal', 'hearth.db-shm', 'hearth.log']) {
      if (!fs.existsSync(path.join(ctx.dataDir, file))) fs.writeFileSync(path.join(ctx.dataDir, file), 'live');
    }
    await ctx.deps.storage.put('recipes/00000000-0000-4000-8000-0000000000aa/images/original.webp', Buffer.from('img'));
    const name = await newestBackup(ctx, ctx.admin);
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-test-unpack-'));
    try {
      const local = path.join(staging, 'b.zip');
      fs.writeFileSync(local, (await ctx.deps.storage.read(`backups/${name}`))!);
      const { dataDir } = await extractBackup(local, path.join(staging, 'x'));
      const top = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
      expect(top.filter((n) => /hearth\.(db|log)/.test(n))).toEqual([]);
      expect(top).toContain('recipes');
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  });

  it('removes staging folders a killed restore left (at start and in "clean temp"), never a fresh one', async () => {
    const temp = path.join(ctx.dataDir, '.temp');
    const old = (dir: string) => {
      const folder = path.join(dir, `hearth-restore-${crypto.randomUUID()}`);
      fs.mkdirSync(path.join(folder, 'unpacked'), { recursive: true });
      fs.writeFileSync(path.join(folder, 'unpacked', 'database.json'), '{}');
      fs.utimesSync(folder, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'));
      return folder;
    };
    const staleHere = old(temp);
    const staleSystem = old(os.tmpdir());
    const fresh = path.join(temp, `hearth-restore-${crypto.randomUUID()}`);
    fs.mkdirSync(fresh, { recursive: true });
    expect(await cleanStaleStaging(ctx.deps)).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(staleHere)).toBe(false);
    expect(fs.existsSync(staleSystem)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);

    const staleAgain = old(os.tmpdir());
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/maintenance/clean/temp', headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(staleAgain)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(false); // not in use by a restore of this process: "clean temp" empties .temp
  });

  it('a restore unpacks under DATA_DIR/.temp and removes its folder when done', async () => {
    const name = await newestBackup(ctx, ctx.admin);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    const left = (fs.existsSync(path.join(ctx.dataDir, '.temp')) ? fs.readdirSync(path.join(ctx.dataDir, '.temp')) : []).filter((n) => n.startsWith('hearth-restore-'));
    expect(left).toEqual([]);
  });
});

describe('turning the backup schedule on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('makes no catch-up backup for a time that passed while it was off; the next one is at the set time', async () => {
    const now = new Date();
    const time = `${String((now.getUTCHours() + 12) % 24).padStart(2, '0')}:00`;
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/admin/backups/schedule', headers: ctx.admin, payload: { enabled: true, time, keep: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await claimScheduledBackup(ctx.deps, new Date())).toBeNull();
    const [h] = time.split(':').map(Number);
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, 0, 30));
    if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
    expect(await claimScheduledBackup(ctx.deps, next)).toEqual({ keep: 2, kind: 'daily' });
    expect(await claimScheduledBackup(ctx.deps, new Date(next.getTime() + 60_000))).toBeNull();
  });
});
