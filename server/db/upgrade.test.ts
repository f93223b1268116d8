import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/routes.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../test/harness.js';
import type { DbHandle } from './connect.js';
import { migrate, MIGRATIONS } from './migrate.js';

/*
 * Upgrading from the oldest release: server/test/fixtures/oldest-release.json is a database written by the first
 * released Hearth (commit 11cf9fd, migrations 0001–0006) through its own API — users, a household, foods, units,
 * organizers, a recipe with ingredients, steps, notes and nutrition — made by scripts/make-oldest-release-db.mjs.
 * Each engine builds that schema from the same landed migrations (which are never edited), loads the rows, and
 * migrates to today; the data must read back through today's API, and today's features must work on it.
 */

interface Fixture {
  release: string;
  migrations: Array<{ name: string }>;
  tables: Array<{ table: string; rows: Array<Record<string, unknown>> }>;
}
const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../test/fixtures/oldest-release.json'), 'utf8')) as Fixture;
const OLDEST = fixture.migrations.at(-1)!.name;

/** PostgreSQL takes true/false where SQLite stored 1/0: the column types of the old schema say which. */
async function booleanColumns(db: Kysely<never>): Promise<Set<string>> {
  if (TEST_ENGINE !== 'postgres') return new Set();
  const rows = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND data_type = 'boolean'`.execute(db);
  return new Set(rows.rows.map((r) => `${r.table_name}.${r.column_name}`));
}

async function loadOldestRelease(handle: DbHandle): Promise<void> {
  expect(await migrate(handle, { until: OLDEST })).toEqual(fixture.migrations.map((m) => m.name));
  const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const booleans = await booleanColumns(db as unknown as Kysely<never>);
  // Tables in the order the old release created them, so every row's references exist before it.
  for (const { table, rows } of fixture.tables) {
    const values = rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, booleans.has(`${table}.${column}`) ? Boolean(value) : value])));
    await db.insertInto(table).values(values).execute();
  }
  if (TEST_ENGINE === 'postgres') {
    // The old release's serial ids were inserted as given: their sequences continue after them.
    for (const { table, rows } of fixture.tables) {
      if (typeof rows[0].id !== 'number') continue;
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(db);
    }
  }
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ beforeMigrate: loadOldestRelease });
});
afterAll(() => ctx?.close());

describe(`upgrading a database of the oldest release (${fixture.release}, up to ${OLDEST}) on ${TEST_ENGINE}`, () => {
  it('applies every later migration', async () => {
    const rows = await sql<{ name: string }>`SELECT name FROM hearth_migrations ORDER BY name`.execute(ctx.deps.db);
    const applied = rows.rows.map((r) => r.name);
    expect(applied).toEqual(MIGRATIONS.map(([name]) => name).sort());
    expect(MIGRATIONS.length).toBeGreaterThan(fixture.migrations.length + 10);
  });

  it('keeps the accounts: the old users sign in with their passwords', async () => {
    const olive = await ctx.login('olive', 'Oldest-Release-1');
    const self = await ctx.app.inject({ method: 'GET', url: API.usersSelf, headers: olive });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ username: 'olive', fullName: 'Olive Oldest', canOrganize: true, admin: false });
    const admin = await ctx.app.inject({ method: 'GET', url: API.usersSelf, headers: ctx.admin });
    expect(admin.json()).toMatchObject({ admin: true, email: 'changeme@example.com' });
  });

  it('keeps the recipe whole: ingredients with their foods and units, steps, notes, organizers, nutrition', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: `${API.recipes}?orderBy=name&orderDirection=asc`, headers: ctx.admin });
    expect(list.json().items.map((r: { name: string }) => r.name)).toEqual(['Grandmother’s Shortbread', 'Plain Toast']);
    const slug = list.json().items[0].slug as string;
    const recipe = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json();
    expect(recipe).toMatchObject({ description: 'Three ingredients, kept since the first release.', recipeServings: 16, recipeYield: '16 pieces' });
    expect(recipe.recipeIngredient.map((i: { quantity: number; unit: { name: string } | null; food: { name: string } | null; note: string }) => [i.quantity, i.unit?.name ?? null, i.food?.name ?? null, i.note])).toEqual([
      [2, 'cup', 'flour', 'sifted'],
      [1, 'cup', 'unsalted butter', 'softened'],
      [0.5, 'cup', null, 'sugar'],
    ]);
    expect(recipe.recipeInstructions.map((s: { text: string }) => s.text)).toEqual(['Cream the butter and sugar.', 'Work in the flour, press into a tin and bake at 160 °C for 40 minutes.']);
    expect(recipe.notes).toEqual([{ title: 'Tip', text: 'Cut while warm.' }]);
    expect(recipe.recipeCategory.map((c: { name: string }) => c.name)).toEqual(['Baking']);
    expect(recipe.tags.map((t: { name: string }) => t.name)).toEqual(['Sweet']);
    expect(recipe.nutrition).toMatchObject({ calories: '180', fatContent: '10' });
  });

  it("today's features work on the old rows: a shopping list from the recipe, computed nutrition, a verified backup", async () => {
    const slug = (await ctx.app.inject({ method: 'GET', url: `${API.recipes}?orderBy=name&orderDirection=asc`, headers: ctx.admin })).json().items[0].slug as string;
    const recipe = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json();
    const listId = (await ctx.app.inject({ method: 'POST', url: API.householdsShoppingLists, headers: ctx.admin, payload: { name: 'After the upgrade' } })).json().id as string;
    const added = await ctx.app.inject({ method: 'POST', url: `${API.householdsShoppingLists}/${listId}/recipe`, headers: ctx.admin, payload: [{ recipeId: recipe.id }] });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const items = (await ctx.app.inject({ method: 'GET', url: `${API.householdsShoppingLists}/${listId}`, headers: ctx.admin })).json().listItems as Array<{ food: { name: string } | null }>;
    expect(items.map((i) => i.food?.name).filter(Boolean).sort()).toEqual(['flour', 'unsalted butter']);

    const nutrition = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}/nutrition/computed`, headers: ctx.admin });
    expect(nutrition.statusCode, nutrition.body).toBe(200);

    expect((await ctx.app.inject({ method: 'POST', url: API.adminBackups, headers: ctx.admin })).statusCode).toBe(201);
    const [backup] = (await ctx.app.inject({ method: 'GET', url: API.adminBackups, headers: ctx.admin })).json().imports;
    expect(backup.verification).toMatchObject({ ok: true, error: null });
  });
});
