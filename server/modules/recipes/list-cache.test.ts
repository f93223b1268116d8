import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginated } from '../../../contract/common.js';
import { recipeListQuery, recipeSummary } from '../../../contract/recipes.js';
import { listSourceTables } from '../../db/migrations/0019_list_version.js';
import type { TestContext } from '../../test/harness.js';
import { nowIso } from '../../db/schema.js';
import { LIST_FILTER_ATTRIBUTES } from './list-repo.js';
import { listRecipes } from './list.js';
import { collectingTables, getRecipe, listTestContext, postRecipe, versionedTables } from './testing.js';

/*
 * The recipe list's read cache (server/platform/read-cache.ts, migration 0019): a repeated page costs the
 * caller's lookup (which reads the version too), and no write, on any path, ever leaves a page behind the data.
 */

type Headers = Record<string, string>;
let ctx: TestContext;
let self: { id: string; groupId: string; householdId: string };
let member: Awaited<ReturnType<typeof listTestContext>>['member'];

beforeAll(async () => {
  ({ ctx, self, member } = await listTestContext({ username: 'cache-member', household: 'Cache Beta' }));
  for (const name of ['Apple Pie', 'Banana Bread', 'Carrot Cake']) {
    await postRecipe(ctx, ctx.admin, { name, tags: [{ name: 'Sweet' }], tools: [{ name: 'Oven' }], recipeIngredient: [{ quantity: 1, food: { name: 'flour' } }] });
  }
});
afterAll(async () => ctx?.close());

/** A GET and the number of SQL statements it ran (the caller's lookup included). */
async function get(url: string, headers: Headers = ctx.admin) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { res, queries: Number(res.headers['x-hearth-queries']) };
}

const names = (body: { items: Array<{ name: string }> }) => body.items.map((item) => item.name);

describe('the recipe list read cache', () => {
  it('sends pages exactly of the contract\'s shape, though it does not re-validate them: no field more, none less, none of another type', async () => {
    const strictPage = paginated(recipeSummary).strict();
    for (const url of ['/api/recipes?page=1&perPage=10', '/api/recipes?search=apple', '/api/recipes?page=2&perPage=1&tags=sweet']) {
      const body = (await get(url)).res.json();
      expect(body.items.length).toBeGreaterThan(0);
      const parsed = strictPage.parse(body);
      expect(parsed).toEqual(body);
      for (const item of body.items) expect(Object.keys(item).sort()).toEqual(Object.keys(recipeSummary.shape).sort());
    }
  });

  it('sends a repeated page again with only the caller looked up (the version is read in the same statement), and a 304 to a matching If-None-Match', async () => {
    const url = '/api/recipes?page=1&perPage=10&orderBy=name&orderDirection=asc';
    const first = await get(url);
    expect(first.res.statusCode).toBe(200);
    expect(first.queries).toBeGreaterThan(1);
    const again = await get(url);
    expect(again.res.statusCode).toBe(200);
    expect(again.queries).toBe(1);
    expect(again.res.body).toBe(first.res.body);
    expect(again.res.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = again.res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(etag).toBe(first.res.headers.etag);
    const revalidated = await get(url, { ...ctx.admin, 'if-none-match': etag });
    expect(revalidated.res.statusCode).toBe(304);
    expect(revalidated.res.body).toBe('');
    // A hard reload (Cache-Control: no-cache) computes the page again: same body.
    const reloaded = await get(url, { ...ctx.admin, 'cache-control': 'no-cache' });
    expect(reloaded.queries).toBeGreaterThan(1);
    expect(reloaded.res.body).toBe(first.res.body);
  });

  it('shows every kind of write at once, through the API and through plain SQL', async () => {
    const url = '/api/recipes?page=1&perPage=50&orderBy=name&orderDirection=asc';
    const read = async () => (await get(url)).res.json();
    await read();
    await read();

    await postRecipe(ctx, ctx.admin, { name: 'Date Loaf' });
    expect(names(await read())).toContain('Date Loaf');

    await ctx.deps.db.updateTable('recipes').set({ name: 'Apple Tart' }).where('name', '=', 'Apple Pie').execute();
    expect(names(await read())).toContain('Apple Tart');

    const sweet = await ctx.deps.db.selectFrom('tags').select('id').where('name', '=', 'Sweet').executeTakeFirstOrThrow();
    const renamed = await ctx.app.inject({ method: 'PUT', url: `/api/organizers/tags/${sweet.id}`, headers: ctx.admin, payload: { name: 'Sugary' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read()).items.find((r: { name: string }) => r.name === 'Banana Bread').tags.map((t: { name: string }) => t.name)).toEqual(['Sugary']);

    const oven = await ctx.deps.db.selectFrom('tools').select('id').where('name', '=', 'Oven').executeTakeFirstOrThrow();
    await ctx.deps.db.insertInto('households_to_tools').values({ household_id: self.householdId, tool_id: oven.id }).execute();
    expect((await read()).items.find((r: { name: string }) => r.name === 'Banana Bread').tools[0].onHand).toBe(true);

    const banana = await getRecipe(ctx, ctx.admin, 'banana-bread');
    await ctx.deps.db.deleteFrom('recipes_to_tags').where('recipe_id', '=', banana.id).execute();
    expect((await read()).items.find((r: { name: string }) => r.name === 'Banana Bread').tags).toEqual([]);

    const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/recipes/date-loaf', headers: ctx.admin });
    expect(deleted.statusCode).toBe(200);
    expect(names(await read())).not.toContain('Date Loaf');
    expect((await read()).total).toBe(3);
  });

  it('keeps each caller apart: the rating order is their own', async () => {
    const url = '/api/recipes?page=1&perPage=10&orderBy=rating&orderDirection=desc';
    const carrot = await getRecipe(ctx, ctx.admin, 'carrot-cake');
    const rate = await ctx.app.inject({ method: 'POST', url: `/api/users/${self.id}/ratings/${carrot.slug}`, headers: ctx.admin, payload: { rating: 5 } });
    expect(rate.statusCode, rate.body).toBeLessThan(300);
    const mine = (await get(url)).res.json();
    expect(mine.items[0].name).toBe('Carrot Cake');
    const theirs = (await get(url, member.headers)).res.json();
    expect(theirs.items.map((r: { name: string }) => r.name)).toEqual(mine.items.map((r: { name: string }) => r.name));
    for (const [slug, rating] of [['banana-bread', 4], ['carrot-cake', 1]] as const) {
      const memberRate = await ctx.app.inject({ method: 'POST', url: `/api/users/${member.user.id}/ratings/${slug}`, headers: member.headers, payload: { rating } });
      expect(memberRate.statusCode, memberRate.body).toBeLessThan(300);
    }
    expect((await get(url, member.headers)).res.json().items[0].name).toBe('Banana Bread');
    expect((await get(url)).res.json().items[0].name).toBe('Carrot Cake');
  });

  it('moves the version once per writing transaction, and never for a read', async () => {
    const version = async () => Number((await ctx.deps.readCache.version(ctx.deps.db, self.groupId)).split(':')[1]);
    const before = await version();
    await get('/api/recipes?perPage=3&search=apple');
    expect(await version()).toBe(before);
    await ctx.deps.db.transaction().execute(async (trx) => {
      for (const name of ['One', 'Two', 'Three']) await trx.insertInto('tags').values({ id: crypto.randomUUID(), group_id: self.groupId, name, slug: name.toLowerCase(), created_at: nowIso(), update_at: nowIso() }).execute();
    });
    const after = await version();
    if (ctx.deps.engine === 'postgres') expect(after).toBe(before + 1);
    else expect(after).toBe(before + 3);
  });

  it('has the version moved by every table a list, a search or any queryFilter attribute reads', async () => {
    // Every table named by the SQL of lists over each filter, order and search.
    const { db, read, named } = collectingTables(ctx.deps.db);
    const deps = { ...ctx.deps, db };
    const scope = { groupId: self.groupId, userId: self.id, householdId: self.householdId };
    const flour = await ctx.deps.db.selectFrom('ingredient_foods').select('id').where('name', '=', 'flour').executeTakeFirstOrThrow();
    const queries: Array<Record<string, string>> = [
      {},
      { search: 'apple', perPage: '1' },
      { search: 'aple', orderBy: 'name' },
      { tags: 'sweet', categories: 'x', tools: 'oven', foods: flour.id, households: 'cache-beta', orderBy: 'rating', perPage: '1' },
      { orderBy: 'random', paginationSeed: 's' },
    ];
    for (const attribute of Object.keys(LIST_FILTER_ATTRIBUTES)) queries.push({ queryFilter: `${attribute} IS NOT NULL`, perPage: '1' });
    for (const query of queries) await listRecipes(deps, scope, recipeListQuery.parse(query));
    await listRecipes(deps, { ...scope, publicOnly: true }, recipeListQuery.parse({}));

    // The tables that carry the triggers, as the database has them (a later migration may add more).
    const triggered = await versionedTables(ctx);
    expect(listSourceTables(ctx.deps.engine).filter((table) => !triggered.has(table))).toEqual([]);

    // The counter is derived from recipes; json_each/unnest and SQLite's FTS table are no tables of ours.
    const tracked = new Set([...triggered, 'hearth_recipe_counts']);
    const untracked = [...read].filter((table) => !tracked.has(table) && !named.has(table) && table !== 'json_each' && table !== 'recipe_search_fts' && table !== 'unnest');
    expect(untracked).toEqual([]);
    expect(read.has('recipes_ingredients') && read.has('users_to_recipes') && read.has('household_preferences')).toBe(true);
  });
});
