import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIndexIsComplete } from '../../search/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ensureSearchIndex } from './search-index.js';
import { getRecipe, postRecipe } from './testing.js';

/** Every recipe write keeps the search index in step, in the write's own transaction. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function found(text: string): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?search=${encodeURIComponent(text)}&perPage=-1`, headers: ctx.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((item: { name: string }) => item.name);
}

/** How many index rows there are (one per indexed recipe). */
async function indexRows(): Promise<number> {
  const table = ctx.deps.engine === 'postgres' ? 'recipe_search_documents' : 'recipe_search_docs';
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.deps.db);
  return Number(result.rows[0].n);
}

/** Makes every index write fail (its vocabulary table is renamed away) while `work` runs. */
async function withBrokenIndex(work: () => Promise<void>): Promise<void> {
  await sql`alter table recipe_search_terms rename to recipe_search_terms_away`.execute(ctx.deps.db);
  try {
    await work();
  } finally {
    await sql`alter table recipe_search_terms_away rename to recipe_search_terms`.execute(ctx.deps.db);
  }
}

const send = (method: 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: ctx.admin, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe('search index upkeep through the recipes API', () => {
  it('follows create, rename, ingredients, duplicate and delete', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Quince Jelly', recipeIngredient: [{ note: 'two pounds of quinces' }] });
    expect(await found('quince')).toEqual(['Quince Jelly']);

    expect((await send('PATCH', `/api/recipes/${slug}`, { name: 'Medlar Jelly' })).statusCode).toBe(200);
    expect(await found('medlar')).toEqual(['Medlar Jelly']);
    expect(await found('jelly')).toEqual(['Medlar Jelly']);
    // The old name is gone; the quinces are still an ingredient.
    expect(await found('"quince jelly"')).toEqual([]);
    const renamed = await getRecipe(ctx, ctx.admin, 'medlar-jelly');

    const put = await send('PUT', `/api/recipes/${renamed.slug}`, { ...renamed, recipeIngredient: [{ note: 'a bag of sloes' }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(await found('quinces')).toEqual([]);
    expect(await found('sloes')).toEqual(['Medlar Jelly']);

    const bulk = await send('PATCH', '/api/recipes', [{ slug: renamed.slug, description: 'Tart and amber' }]);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await found('amber')).toEqual(['Medlar Jelly']);

    const copy = await send('POST', `/api/recipes/${renamed.slug}/duplicate`, { name: 'Medlar Cheese' });
    expect(copy.statusCode).toBe(201);
    expect((await found('medlar')).sort()).toEqual(['Medlar Cheese', 'Medlar Jelly']);

    expect((await send('DELETE', `/api/recipes/${renamed.slug}`)).statusCode).toBe(200);
    expect(await found('medlar')).toEqual(['Medlar Cheese']);
    expect(await searchIndexIsComplete(ctx.deps)).toBe(true);
  });

  it('follows bulk tagging and bulk delete', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Bulk Barley Bake' });
    const tag = (await send('POST', '/api/organizers/tags', { name: 'Wintry' })).json();
    expect((await send('POST', '/api/recipes/bulk-actions/tag', { recipes: [slug], tags: [tag] })).statusCode).toBe(200);
    expect(await found('wintry')).toEqual(['Bulk Barley Bake']);
    const category = (await send('POST', '/api/organizers/categories', { name: 'Hearty' })).json();
    expect((await send('POST', '/api/recipes/bulk-actions/categorize', { recipes: [slug], categories: [category] })).statusCode).toBe(200);
    expect(await found('hearty')).toEqual(['Bulk Barley Bake']);
    const rows = await indexRows();
    expect((await send('POST', '/api/recipes/bulk-actions/delete', { recipes: [slug] })).statusCode).toBe(200);
    expect(await found('barley')).toEqual([]);
    expect(await indexRows()).toBe(rows - 1);
  });

  it('indexes an imported recipe', async () => {
    const data = JSON.stringify({ name: 'Imported Damson Gin', recipeIngredient: [{ note: '1 kg damsons' }] });
    const res = await send('POST', '/api/recipes/create/html-or-json', { data });
    expect(res.statusCode, res.body).toBe(201);
    expect(await found('damsons')).toEqual(['Imported Damson Gin']);
  });

  it('rolls a write back when indexing fails, and a failed write leaves no index row', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Rowan Syrup' });
    const rows = await indexRows();
    const recipes = await ctx.deps.db.selectFrom('recipes').select('id').execute();
    await withBrokenIndex(async () => {
      expect((await send('POST', '/api/recipes', { name: 'Elderflower Cordial' })).statusCode).toBe(500);
      expect((await send('PATCH', `/api/recipes/${slug}`, { name: 'Haw Ketchup' })).statusCode).toBe(500);
      expect((await send('POST', '/api/recipes/create/html-or-json', { data: JSON.stringify({ name: 'Sloe Gin', recipeIngredient: [{ note: 'sloes' }] }) })).statusCode).toBe(500);
    });
    expect(await ctx.deps.db.selectFrom('recipes').select('id').execute()).toHaveLength(recipes.length);
    expect(await indexRows()).toBe(rows);
    expect((await getRecipe(ctx, ctx.admin, slug)).name).toBe('Rowan Syrup');
    expect(await found('rowan')).toEqual(['Rowan Syrup']);
    expect(await found('haw')).toEqual([]);
    expect(await found('elderflower')).toEqual([]);
  });
});

describe('search index check at start-up', () => {
  it('rebuilds an incomplete index and logs the count, and leaves a complete one alone', async () => {
    const messages: string[] = [];
    expect(await ensureSearchIndex(ctx.deps, (m) => messages.push(m))).toMatchObject({ rebuilt: false });
    expect(messages).toEqual([]);

    const table = ctx.deps.engine === 'postgres' ? 'recipe_search_documents' : 'recipe_search_docs';
    await sql`delete from ${sql.table(table)}`.execute(ctx.deps.db);
    expect(await found('rowan')).toEqual([]);
    expect(await searchIndexIsComplete(ctx.deps)).toBe(false);

    const total = (await ctx.deps.db.selectFrom('recipes').select('id').execute()).length;
    const check = await ensureSearchIndex(ctx.deps, (m) => messages.push(m));
    expect(check).toMatchObject({ rebuilt: true, recipes: total });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^Search index rebuilt: ${total} recipes in \\d+ ms$`));
    expect(await found('rowan')).toEqual(['Rowan Syrup']);
    expect(await searchIndexIsComplete(ctx.deps)).toBe(true);

    // One recipe without its row is enough to rebuild.
    const one = await ctx.deps.db.selectFrom('recipes').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await sql`delete from ${sql.table(table)} where recipe_id = ${one.id}`.execute(ctx.deps.db);
    expect(await searchIndexIsComplete(ctx.deps)).toBe(false);
    expect(await ensureSearchIndex(ctx.deps, (m) => messages.push(m))).toMatchObject({ rebuilt: true, recipes: total });
    expect(await searchIndexIsComplete(ctx.deps)).toBe(true);
  });
});
