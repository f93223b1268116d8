import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { MIGRATIONS_DIR, HAVE_SHARED_DATA, multipart, zipOf } from '../backups/testing.js';
import { appExports } from '../../test/fixtures/app-exports.js';
import { SUPPORTED_MIGRATIONS } from './importers.js';

/** Each archive of ../shared/data/migrations: its migration type, recipe count, and how many carry a picture. */
const ARCHIVES: Array<{ file: string; type: string; recipes: number; images: number; check?: string }> = [
  { file: 'chowdown.zip', type: 'chowdown', recipes: 2, images: 2, check: 'Roasted Okra' },
  { file: 'copymethat.zip', type: 'copymethat', recipes: 3, images: 3, check: 'Classic Stuffed Shells' },
  { file: 'mealie.zip', type: 'mealie_alpha', recipes: 3, images: 3, check: 'Old-Fashioned Beef Stew' },
  { file: 'nextcloud.zip', type: 'nextcloud', recipes: 3, images: 2, check: 'Air Fryer Shrimp' },
  { file: 'paprika.zip', type: 'paprika', recipes: 5, images: 5, check: 'Zwiebelrostbraten mit selbstgemachten Spätzle' },
  { file: 'plantoeat.zip', type: 'plantoeat', recipes: 2, images: 0, check: 'Test Recipe' },
  { file: 'tandoor.zip', type: 'tandoor', recipes: 1, images: 1, check: '“Texas Red” Chili' },
  { file: 'myrecipebox.csv', type: 'myrecipebox', recipes: 10, images: 0, check: 'Air fryer Sliced potatoes' },
];

/** The finished report of a migration (the import runs as a durable job after the answer). */
async function finished(ctx: TestContext, id: string) {
  return waitFor(async () => {
    const report = (await ctx.app.inject({ method: 'GET', url: `/api/groups/reports/${id}`, headers: ctx.admin })).json();
    return report.status !== 'in-progress' ? report : null;
  }, `migration report ${id}`, 150_000, 50);
}

async function migrate(ctx: TestContext, type: string, file: string, data: Buffer, tag = false) {
  const body = multipart([
    { field: 'migration_type', data: type },
    { field: 'add_migration_tag', data: String(tag) },
    { field: 'archive', filename: file, data },
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/groups/migrations', headers: { ...ctx.admin, ...body.headers }, payload: body.payload });
}

describe.skipIf(!HAVE_SHARED_DATA)('group migrations from other apps (real exports)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No outside network in tests: Plan to Eat and My Recipe Box name their pictures by address, refused here.
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  for (const archive of ARCHIVES) {
    // The time-out is only a last guard: pictures are converted, which a loaded host does slowly.
    it(`${archive.type}: imports all ${archive.recipes} recipes of ${archive.file}${archive.images ? ' with their pictures' : ''}, and reports each`, { timeout: 180_000 }, async () => {
      const res = await migrate(ctx, archive.type, archive.file, fs.readFileSync(path.join(MIGRATIONS_DIR, archive.file)), true);
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json();
      expect(summary.category).toBe('migration');
      const report = await finished(ctx, summary.id);
      const failures = report.entries.filter((e: { success: boolean }) => !e.success);
      expect(failures, JSON.stringify(failures)).toEqual([]);
      expect(report.entries).toHaveLength(archive.recipes);
      const listed = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin })).json();
      const tagged = listed.items.filter((r: { tags: Array<{ name: string }> }) => r.tags.some((t) => t.name === archive.type));
      expect(tagged).toHaveLength(archive.recipes);
      const withImage = tagged.filter((r: { id: string }) => fs.existsSync(path.join(ctx.dataDir, 'recipes', r.id, 'images', 'original.webp')));
      expect(withImage).toHaveLength(archive.images);
      const named = tagged.find((r: { name: string }) => r.name === archive.check);
      expect(named, tagged.map((r: { name: string }) => r.name).join(' | ')).toBeTruthy();
      const full = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${named.slug}`, headers: ctx.admin })).json();
      expect(full.recipeIngredient.length).toBeGreaterThan(0);
      expect(full.recipeInstructions.length).toBeGreaterThan(0);
    });
  }

  it('paprika: the German recipe keeps its name, categories, times and source', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1&search=Zucchinipuffer', headers: ctx.admin })).json();
    const recipe = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${list.items[0].slug}`, headers: ctx.admin })).json();
    expect(recipe.name).toBe('Zucchinipuffer');
    expect(recipe.recipeCategory.length).toBeGreaterThan(0);
  });
});

/** The same checks as above, on the exports server/test/fixtures/app-exports.ts writes: they need no ../shared. */
describe('group migrations from other apps (generated exports, one per source)', async () => {
  const exports = await appExports();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('has one generated export per supported source', () => {
    expect(exports.map((e) => e.type).sort()).toEqual([...SUPPORTED_MIGRATIONS].sort());
  });

  for (const generated of exports) {
    it(`${generated.type}: imports all ${generated.recipes} recipes of a generated ${generated.file}${generated.images ? ' with their pictures' : ''}`, { timeout: 180_000 }, async () => {
      const res = await migrate(ctx, generated.type, generated.file, generated.data, true);
      expect(res.statusCode, res.body).toBe(200);
      const report = await finished(ctx, res.json().id);
      const failures = report.entries.filter((e: { success: boolean }) => !e.success);
      expect(failures, JSON.stringify(failures)).toEqual([]);
      expect(report.entries).toHaveLength(generated.recipes);
      const listed = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin })).json();
      const tagged = listed.items.filter((r: { tags: Array<{ name: string }> }) => r.tags.some((t) => t.name === generated.type));
      expect(tagged).toHaveLength(generated.recipes);
      const withImage = [];
      for (const r of tagged as Array<{ id: string }>) if (await ctx.deps.storage.exists(`recipes/${r.id}/images/original.webp`)) withImage.push(r.id);
      expect(withImage).toHaveLength(generated.images);
      const named = tagged.find((r: { name: string }) => r.name === generated.check);
      expect(named, tagged.map((r: { name: string }) => r.name).join(' | ')).toBeTruthy();
      const full = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${named.slug}`, headers: ctx.admin })).json();
      expect(full.recipeIngredient.length).toBeGreaterThan(1);
      expect(full.recipeInstructions.length).toBeGreaterThan(0);
    });
  }

  it('keeps what each source says about a recipe: names, organizers, times, source and notes', async () => {
    const recipe = async (name: string) => {
      const list = (await ctx.app.inject({ method: 'GET', url: `/api/recipes?perPage=-1&search=${encodeURIComponent(name)}`, headers: ctx.admin })).json();
      const found = list.items.find((r: { name: string }) => r.name === name);
      expect(found, `${name} among ${list.items.map((r: { name: string }) => r.name).join(' | ')}`).toBeTruthy();
      return (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${found.slug}`, headers: ctx.admin })).json();
    };
    const names = (list: Array<{ name: string }>) => list.map((t) => t.name).sort();
    const german = await recipe('Zwiebelrostbraten mit Spätzle');
    expect(names(german.recipeCategory)).toEqual(['Hauptgericht', 'Schwäbisch']);
    expect(german.recipeIngredient.map((i: { note: string; originalText?: string }) => i.originalText ?? i.note).join(' ')).toContain('Zwiebeln');
    const chili = await recipe('Texas Chili');
    expect(names(chili.tags)).toEqual(['chili', 'spicy', 'tandoor']);
    expect(chili.recipeInstructions).toHaveLength(2);
    expect(chili.orgURL).toBe('https://example.org/chili');
    const stew = await recipe('Chickpea Stew');
    expect(names(stew.tags)).toEqual(['nextcloud', 'one pot', 'weeknight']);
    expect(stew.prepTime).toBeTruthy();
    const beans = await recipe('Bean Bake');
    expect(names(beans.recipeCategory)).toEqual(['Italian', 'Main']);
    expect(beans.recipeIngredient.length).toBe(5);
    const potatoes = await recipe('Sliced Potatoes');
    expect(names(potatoes.tags)).toEqual(['air fryer', 'myrecipebox', 'quick']);
    expect(potatoes.nutrition.calories).toBe('210');
  });
});

describe('group migrations: Recipe Keeper (no real export in the test data: a file in its documented layout)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reads recipes.html microdata with its photo', async () => {
    const { png } = await import('../recipe-media/test-fixtures.js');
    const html = `<html><body>
      <div class="recipe-details">
        <h2 itemprop="name">Keeper Pancakes</h2>
        <meta itemprop="recipeCourse" content="Breakfast"><meta itemprop="recipeCategory" content="Sweet">
        <span itemprop="recipeYield">4</span><meta itemprop="prepTime" content="PT10M"><meta itemprop="cookTime" content="PT15M">
        <meta itemprop="recipeRating" content="4"><span itemprop="recipeSource">https://example.org/pancakes</span>
        <div itemprop="recipeIngredients"><p>2 eggs</p><p>200 g flour</p></div>
        <div itemprop="recipeDirections"><p>Whisk.</p><p>Fry.</p></div>
        <div itemprop="recipeNotes">Serve warm.</div>
        <meta itemprop="recipeNutCalories" content="300"><img itemprop="photo0" src="images/pancakes.png">
      </div></body></html>`;
    const archive = await zipOf([{ name: 'recipes.html', data: html }, { name: 'images/pancakes.png', data: await png(60, 40) }]);
    const res = await migrate(ctx, 'recipekeeper', 'recipekeeper.zip', archive);
    expect(res.statusCode, res.body).toBe(200);
    expect((await finished(ctx, res.json().id)).status).toBe('success');
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: ctx.admin })).json();
    const recipe = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${list.items[0].slug}`, headers: ctx.admin })).json();
    expect(recipe.name).toBe('Keeper Pancakes');
    expect(recipe.recipeIngredient).toHaveLength(2);
    expect(recipe.recipeInstructions).toHaveLength(2);
    expect(recipe.tags.map((t: { name: string }) => t.name)).toEqual(['Breakfast']);
    expect(recipe.recipeCategory.map((t: { name: string }) => t.name)).toEqual(['Sweet']);
    expect(recipe.orgURL).toBe('https://example.org/pancakes');
    expect(fs.existsSync(path.join(ctx.dataDir, 'recipes', recipe.id, 'images', 'original.webp'))).toBe(true);
  });
});

describe('group migrations: bad input', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses an unknown type and a file of the wrong kind; a broken recipe is reported while the others import', async () => {
    expect((await migrate(ctx, 'evernote', 'x.zip', await zipOf([{ name: 'a.txt', data: 'a' }]))).statusCode).toBe(400);
    expect((await migrate(ctx, 'nextcloud', 'x.csv', Buffer.from('title\nA'))).statusCode).toBe(400);
    const good = JSON.stringify({ '@type': 'Recipe', name: 'Good One', recipeIngredient: ['1 egg'], recipeInstructions: ['Boil'] });
    const archive = await zipOf([
      { name: 'Good One/recipe.json', data: good },
      { name: 'Broken/recipe.json', data: '{not json' },
    ]);
    const res = await migrate(ctx, 'nextcloud', 'nextcloud.zip', archive);
    expect(res.statusCode, res.body).toBe(200);
    const report = await finished(ctx, res.json().id);
    expect(report.status).toBe('partial');
    // The run is announced (data_migrations, Mealie's notifier switch) with its report.
    const { sql } = await import('kysely');
    const events = await sql<{ data: string }>`select data from hearth_events where type = 'data_migrations'`.execute(ctx.deps.db);
    expect(events.rows.map((e) => JSON.parse(e.data).reportId)).toContain(res.json().id);
    expect(report.entries.map((e: { success: boolean }) => e.success).sort()).toEqual([false, true]);
  });
});
