import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, png } from '../recipe-media/test-fixtures.js';
import { BACKUPS_DIR, HAVE_SHARED_DATA, multipart, snapshot, storedFiles, zipOf } from './testing.js';
import { MEALIE_REVISIONS, mealieBackup } from '../../test/fixtures/mealie-backups.js';

type Headers = Record<string, string>;
type RestoreBody = { tables: Record<string, { source: number; loaded: number; dropped: number }>; skippedTables: string[]; ingredientsParsed?: number };

/** Recipe counts of the 7 real backups (856 in all), read from their database.json by hand. */
const EXPECTED_RECIPES: Record<string, number> = {
  'backup-version-09aba125b57a-1.zip': 42,
  'backup-version-44e8d670719d-1.zip': 349,
  'backup-version-44e8d670719d-2.zip': 88,
  'backup-version-44e8d670719d-3.zip': 69,
  'backup-version-44e8d670719d-4.zip': 44,
  'backup-version-ba1e4a6cfe99-1.zip': 218,
  'backup-version-bcfdad6b7355-1.zip': 46,
};

const GROUP_LEVEL = ['group_meal_plans', 'group_meal_plan_rules', 'shopping_lists', 'shopping_list_items', 'shopping_list_recipe_reference', 'shopping_list_item_recipe_reference', 'cookbooks', 'group_events_notifiers', 'group_events_notifier_options', 'webhook_urls', 'recipe_actions'];

async function upload(ctx: TestContext, auth: Headers, name: string, data: Buffer) {
  const body = multipart([{ field: 'archive', filename: name, data }]);
  return ctx.app.inject({ method: 'POST', url: '/api/admin/backups/upload', headers: { ...auth, ...body.headers }, payload: body.payload });
}

async function restore(ctx: TestContext, auth: Headers, name: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/admin/backups/${name}/restore`, headers: auth });
}

/** After a restore the accounts are the backup's: give one of its admins a known password to sign in. */
async function signInRestoredAdmin(ctx: TestContext): Promise<Headers> {
  const admin = await ctx.deps.db.selectFrom('users').select(['id', 'username']).where('admin', '=', true).orderBy('created_at').executeTakeFirstOrThrow();
  await ctx.deps.db.updateTable('users').set({ password: await hashPassword('Restored-pw-1', ctx.config.signIn.bcryptCost), login_attemps: 0, locked_at: null }).where('id', '=', admin.id).execute();
  return ctx.login(admin.username, 'Restored-pw-1');
}

describe.skipIf(!HAVE_SHARED_DATA)('restoring the real Mealie backups', () => {
  let ctx: TestContext;
  let auth: Headers;
  let total = 0;
  beforeAll(async () => {
    ctx = await createTestContext();
    auth = ctx.admin;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  for (const [file, recipes] of Object.entries(EXPECTED_RECIPES)) {
    it(`restores ${file}: all ${recipes} recipes, their users with Mealie's bcrypt hashes, a default household`, async () => {
      const data = fs.readFileSync(path.join(BACKUPS_DIR, file));
      const database = await readDatabaseJson(data);
      const up = await upload(ctx, auth, file, data);
      expect(up.statusCode, up.body).toBe(200);
      const res = await restore(ctx, auth, file);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as RestoreBody;
      expect(body.tables.recipes).toEqual({ source: recipes, loaded: recipes, dropped: 0 });
      // Group-level meal plans, shopping lists, cookbooks and notifiers land in the default household.
      const lost = Object.entries(body.tables).filter(([table, c]) => GROUP_LEVEL.includes(table) && c.loaded !== c.source);
      expect(lost, JSON.stringify(lost)).toEqual([]);
      console.log(file, JSON.stringify(Object.fromEntries(Object.entries(body.tables).filter(([t, c]) => GROUP_LEVEL.includes(t) && c.source).map(([t, c]) => [t, c.loaded]))), body.skippedTables.join(','), 'plain-text lines parsed:', body.ingredientsParsed);
      total += recipes;
      const db = ctx.deps.db;
      expect(Number((await db.selectFrom('recipes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(recipes);
      // Every ingredient and instruction row of a restored recipe arrives.
      const sourceIngredients = (database.recipes_ingredients as unknown[]).length;
      expect(body.tables.recipes_ingredients.loaded).toBe(sourceIngredients);
      expect(body.tables.recipe_instructions.loaded).toBe((database.recipe_instructions as unknown[]).length);
      // Users keep their password hashes verbatim (bcrypt verifies them at sign-in).
      const users = database.users as Array<{ username: string; password: string }>;
      const stored = await db.selectFrom('users').select(['username', 'password', 'household_id']).execute();
      expect(stored.map((u) => u.password).sort()).toEqual(users.map((u) => u.password).sort());
      expect(stored.every((u) => u.household_id)).toBe(true);
      auth = await signInRestoredAdmin(ctx);
      // Spot check through the API: a recipe with ingredients reads back with them.
      const withIngredients = (database.recipes_ingredients as Array<{ recipe_id: string }>)[0].recipe_id.replace(/-/g, '');
      const recipe = (database.recipes as Array<{ id: string; slug: string; name: string; group_id: string }>).find((r) => r.id.replace(/-/g, '') === withIngredients)!;
      const me = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: auth })).json() as { groupId: string };
      if (me.groupId.replace(/-/g, '') === recipe.group_id.replace(/-/g, '')) {
        const got = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: auth });
        expect(got.statusCode, got.body).toBe(200);
        expect(got.json().name).toBe(recipe.name);
        expect(got.json().recipeIngredient.length).toBeGreaterThan(0);
      }
    });
  }

  it('restored 856 recipes in all', () => {
    expect(total).toBe(856);
  });
});

/** The same restore checks on backups server/test/fixtures/mealie-backups.ts writes: they need no ../shared. */
describe('restoring a generated Mealie backup of each schema revision', () => {
  let ctx: TestContext;
  let auth: Headers;
  beforeAll(async () => {
    ctx = await createTestContext();
    auth = ctx.admin;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  for (const revision of MEALIE_REVISIONS) {
    it(`restores revision ${revision}: every recipe, ingredient and step, the users' bcrypt hashes, a household, the pictures`, { timeout: 120_000 }, async () => {
      const backup = await mealieBackup(revision);
      const up = await upload(ctx, auth, backup.file, backup.data);
      expect(up.statusCode, up.body).toBe(200);
      const res = await restore(ctx, auth, backup.file);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as RestoreBody;
      expect(body.tables.recipes).toEqual({ source: backup.recipes, loaded: backup.recipes, dropped: 0 });
      expect(body.tables.recipes_ingredients.loaded).toBe(backup.database.recipes_ingredients.length);
      expect(body.tables.recipe_instructions.loaded).toBe(backup.database.recipe_instructions.length);
      const lost = Object.entries(body.tables).filter(([table, c]) => GROUP_LEVEL.includes(table) && c.loaded !== c.source);
      expect(lost, JSON.stringify(lost)).toEqual([]);
      const db = ctx.deps.db;
      const stored = await db.selectFrom('users').select(['username', 'password', 'household_id']).execute();
      expect(stored.map((u) => u.password).sort()).toEqual(backup.database.users.map((u) => u.password).sort());
      expect(stored.every((u) => u.household_id)).toBe(true);
      expect(await ctx.deps.storage.exists(`recipes/${backup.recipeWithImage}/images/original.webp`)).toBe(true);
      // The backup's own admin signs in with the password its hash was made from.
      auth = await ctx.login(backup.adminUsername, `${backup.adminUsername}-password`);
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: auth })).json();
      expect(list.items.map((r: { name: string }) => r.name).sort()).toEqual(['Carrot Cake', 'Crème Brûlée', 'Onion Soup']);
      const soup = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${list.items.find((r: { name: string }) => r.name === 'Onion Soup').slug}`, headers: auth })).json();
      expect(soup.recipeIngredient).toHaveLength(3);
      expect(soup.recipeIngredient[0]).toMatchObject({ quantity: 500, unit: { name: 'gram' }, food: { name: 'onion' } });
      // Mealie's food extras rows are the food's extras; its datetimes keep their microseconds.
      const onion = (await ctx.app.inject({ method: 'GET', url: `/api/foods/${soup.recipeIngredient[0].food.id}`, headers: auth })).json();
      expect(onion.extras).toEqual({ origin: 'Spain', aisle: '3' });
      expect(soup.createdAt).toMatch(/^2023-\d\d-\d\dT10:\d\d:00\.123456Z$/);
      expect(soup.recipeInstructions.map((s: { text: string }) => s.text)).toEqual(['Prepare everything.', 'Cook it through.']);
      expect(soup.tags.map((t: { name: string }) => t.name)).toEqual(['Weeknight']);
      expect(soup.nutrition.calories).toBe('300');
      expect(soup.orgURL).toBe('https://example.org/onion-soup');
      const lists = (await ctx.app.inject({ method: 'GET', url: '/api/households/shopping/lists', headers: auth })).json();
      expect(lists.items.map((l: { name: string }) => l.name)).toEqual(['Market']);
      // The cake's plain-text lines (amounts off, Mealie's quantity 1) are read like an import; their text is kept.
      expect(body.ingredientsParsed).toBeGreaterThanOrEqual(2);
      const cake = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${list.items.find((r: { name: string }) => r.name === 'Carrot Cake').slug}`, headers: auth })).json();
      expect(cake.settings.disableAmount).toBe(false);
      expect(cake.recipeIngredient.slice(3)).toMatchObject([
        { quantity: 2, unit: { name: 'cup' }, food: { name: 'all-purpose flour' }, originalText: '2 cups all-purpose flour' },
        { quantity: 3, food: { name: expect.stringMatching(/^eggs?$/) }, originalText: '3 large eggs' },
      ]);
      expect(cake.recipeIngredient[3].unit.id).toBeTruthy();
    });
  }
});

async function readDatabaseJson(zip: Buffer): Promise<Record<string, unknown[]>> {
  const { readZipEntries } = await import('../recipe-import/zip-reader.js');
  const [entry] = await readZipEntries(zip, (n) => n.endsWith('database.json'), { maxEntries: 100, maxEntryBytes: 50e6, maxTotalBytes: 50e6 });
  return JSON.parse(entry.data.toString('utf8'));
}

describe('a Hearth backup restores what it was taken from', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('round-trips every row and every media file byte for byte', async () => {
    const auth = ctx.admin;
    const recipe = await createRecipe(ctx, auth, 'Round Trip Soup', {});
    const image = await png(40, 30);
    const body = multipart([{ field: 'image', filename: 'photo.png', data: image }, { field: 'extension', data: 'png' }]);
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${recipe.slug}/image`, headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(put.statusCode, put.body).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/organizers/tags', headers: auth, payload: { name: 'Wintry' } });
    const before = await snapshot(ctx.deps.db, ctx.deps.engine);
    const mediaBefore = await storedFiles(ctx.deps.storage, 'recipes/');
    expect(Object.keys(mediaBefore).length).toBeGreaterThan(0);

    const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: auth });
    expect(created.statusCode, created.body).toBe(201);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/backups', headers: auth })).json() as { imports: Array<{ name: string; size: string }> };
    expect(list.imports).toHaveLength(1);
    const name = list.imports[0].name;
    expect(name).toMatch(/^mealie_\d{4}\.\d\d\.\d\d\.\d\d\.\d\d\.\d\d\.zip$/);

    // Download through a file token: the same bytes as on disk, a Mealie-shaped zip.
    const token = (await ctx.app.inject({ method: 'GET', url: `/api/admin/backups/${name}`, headers: auth })).json().fileToken;
    const download = await ctx.app.inject({ method: 'GET', url: `/api/utils/download?token=${encodeURIComponent(token)}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals((await ctx.deps.storage.read(`backups/${name}`))!)).toBe(true);
    const database = await readDatabaseJson(download.rawPayload);
    expect(database.alembic_version).toEqual([{ version_num: expect.any(String) }]);
    expect((database.recipes as Array<{ name: string }>).map((r) => r.name)).toContain('Round Trip Soup');

    // Change everything: delete the recipe and its files, add another.
    await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.slug}`, headers: auth });
    await createRecipe(ctx, auth, 'Not In The Backup', {});
    expect(await snapshot(ctx.deps.db, ctx.deps.engine)).not.toEqual(before);

    const res = await restore(ctx, auth, name);
    expect(res.statusCode, res.body).toBe(200);
    expect(await snapshot(ctx.deps.db, ctx.deps.engine)).toEqual(before);
    expect(await storedFiles(ctx.deps.storage, 'recipes/')).toEqual(mediaBefore);
    // The session goes on (same users), search finds the restored recipe again.
    const search = await ctx.app.inject({ method: 'GET', url: '/api/recipes?search=round%20trip', headers: auth });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().items.map((r: { name: string }) => r.name)).toEqual(['Round Trip Soup']);
  });

  it('leaves the instance exactly as it was when a backup is corrupt, of no known revision, or holds a bad row', async () => {
    const auth = ctx.admin;
    const before = await snapshot(ctx.deps.db, ctx.deps.engine);
    const mediaBefore = await storedFiles(ctx.deps.storage, 'recipes/');
    const [first] = await ctx.deps.storage.list('backups/');
    const good = (await ctx.deps.storage.read(first.key))!;
    const database = await readDatabaseJson(good);

    const cases: Array<[string, Buffer, number, RegExp]> = [
      ['corrupt.zip', Buffer.concat([good.subarray(0, 200), Buffer.alloc(500, 7)]), 400, /zip/i],
      ['no-json.zip', await zipOf([{ name: 'data/x.txt', data: 'x' }]), 400, /database\.json/],
      ['not-json.zip', await zipOf([{ name: 'database.json', data: '{"groups": [' }]), 400, /not valid JSON/],
      ['no-revision.zip', await zipOf([{ name: 'database.json', data: JSON.stringify({ groups: database.groups, users: database.users }) }]), 400, /revision/],
      // Two users with one e-mail: the unique key refuses the second row mid-load; everything rolls back.
      ['bad-row.zip', await zipOf([
        { name: 'database.json', data: JSON.stringify({ ...database, users: [...(database.users as object[]), { ...(database.users as object[])[0], id: '0d0ac0a4-1f4f-4bd0-9c1a-5a8f3e9d2b11', username: 'someone-else' }] }) },
        { name: 'data/recipes/should-not-appear/images/original.webp', data: 'nope' },
      ]), 400, /users/],
    ];
    for (const [name, data, status, message] of cases) {
      const up = await upload(ctx, auth, name, data);
      expect(up.statusCode, `${name}: ${up.body}`).toBe(200);
      const res = await restore(ctx, auth, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().detail.message, name).toMatch(message);
      expect(await snapshot(ctx.deps.db, ctx.deps.engine), name).toEqual(before);
      expect(await storedFiles(ctx.deps.storage, 'recipes/'), name).toEqual(mediaBefore);
    }
    // The session still works.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: auth })).statusCode).toBe(200);
  });

  it('refuses zips whose entries climb out of the folder or expand like a bomb', async () => {
    const auth = ctx.admin;
    const escape = await zipOf([{ name: 'database.json', data: '{}' }, { name: 'data/ok.txt', data: 'ok' }]);
    // Rewrite the stored name "data/ok.txt" as "../../ok.txt" (same length) in both headers.
    const evil = Buffer.from(escape.toString('latin1').split('data/ok.txt').join('../../o.txt'), 'latin1');
    const bomb = await zipOf([{ name: 'database.json', data: '{}' }, { name: 'data/zeros.bin', data: Buffer.alloc(64 * 1024 * 1024) }], 9);
    for (const [name, data, message] of [['escape.zip', evil, /unsafe path|invalid relative path/], ['bomb.zip', bomb, /zip bomb/]] as const) {
      expect((await upload(ctx, auth, name, data)).statusCode).toBe(200);
      const res = await restore(ctx, auth, name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail.message).toMatch(message);
    }
    expect(fs.existsSync(path.resolve(ctx.dataDir, '../o.txt'))).toBe(false);
  });

  it('manages backup files: upload rules, delete, names that climb, admins only', async () => {
    const auth = ctx.admin;
    expect((await upload(ctx, auth, 'notes.txt', Buffer.from('hello'))).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/backups/..%2Fhearth.db', headers: auth })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/backups/missing.zip', headers: auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/admin/backups/corrupt.zip', headers: auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/admin/backups/corrupt.zip', headers: auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
  });
});

describe('scheduled, verified backups', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('runs once per day at its time, verifies the file, keeps the newest N and never carries its own state', async () => {
    const { runScheduledBackup } = await import('./schedule.js');
    const auth = ctx.admin;
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/admin/backups/schedule', headers: auth, payload: { enabled: true, time: '03:00', keep: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    const first = await runScheduledBackup(ctx.deps, new Date('2030-01-01T03:01:00Z'));
    expect(first).toMatch(/^hearth-scheduled_/);
    expect(await runScheduledBackup(ctx.deps, new Date('2030-01-01T09:00:00Z'))).toBeNull();
    expect(await runScheduledBackup(ctx.deps, new Date('2030-01-02T03:00:00Z'))).toMatch(/^hearth-scheduled_/);
    expect(await runScheduledBackup(ctx.deps, new Date('2030-01-03T04:00:00Z'))).toMatch(/^hearth-scheduled_/);
    const schedule = (await ctx.app.inject({ method: 'GET', url: '/api/admin/backups/schedule', headers: auth })).json();
    expect(schedule).toMatchObject({ enabled: true, time: '03:00', keep: 2, lastError: null });
    expect(schedule.lastVerified.rows).toBeGreaterThan(0);
    const names = (await ctx.app.inject({ method: 'GET', url: '/api/admin/backups', headers: auth })).json().imports.map((b: { name: string }) => b.name);
    expect(names.filter((n: string) => n.startsWith('hearth-scheduled_'))).toHaveLength(2);
    expect(names).toContain(schedule.lastVerified.name);
    const database = await readDatabaseJson((await ctx.deps.storage.read(`backups/${schedule.lastVerified.name}`))!);
    expect(database.backup_schedule).toBeUndefined();
    expect(database.hearth_migrations.length).toBeGreaterThan(0);
  });
});

describe('scheduled backups through the platform scheduler and a durable job', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the minute check claims a due backup once and a job writes and verifies it', async () => {
    const { scheduledBackupSchedule } = await import('./schedule.js');
    const { waitFor } = await import('../../test/wait.js');
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/admin/backups/schedule', headers: ctx.admin, payload: { enabled: true, time: '00:00', keep: 3 } });
    expect(put.statusCode, put.body).toBe(200);
    // Turned on yesterday, and the server was down at midnight: the minute check catches up.
    await ctx.deps.db.withTables<{ backup_schedule: { id: number; last_run_at: string } }>().updateTable('backup_schedule').set({ last_run_at: new Date(Date.now() - 2 * 86400_000).toISOString() }).where('id', '=', 1).execute();
    await scheduledBackupSchedule.run(ctx.deps);
    await scheduledBackupSchedule.run(ctx.deps); // already claimed today: nothing more
    const schedule = await waitFor(async () => {
      const s = (await ctx.app.inject({ method: 'GET', url: '/api/admin/backups/schedule', headers: ctx.admin })).json();
      return s.lastVerified ? s : null;
    }, 'the scheduled backup', 30_000, 100);
    expect(schedule.lastVerified.name).toMatch(/^hearth-scheduled_/);
    const names = (await ctx.app.inject({ method: 'GET', url: '/api/admin/backups', headers: ctx.admin })).json().imports;
    expect(names).toHaveLength(1);
  });
});
