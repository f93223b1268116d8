import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeListQuery } from '../../../contract/recipes.js';
import { API } from '../../../contract/routes.js';
import { loadAuthUser } from '../../platform/auth/guard.js';
import type { TestContext } from '../../test/harness.js';
import { listRecipes, listRecipesJson } from './list.js';
import { getRecipe, listTestContext, postRecipe, requestQueries } from './testing.js';

/*
 * Recipe summaries kept as JSON items (server/platform/kept-bytes.ts) and the pages assembled from them:
 * byte for byte the page listRecipes builds, per household, and read only when the lists' version moved.
 */

let ctx: TestContext;
let self: { id: string; groupId: string; householdId: string };
let member: Awaited<ReturnType<typeof listTestContext>>['member'];

beforeAll(async () => {
  ({ ctx, self, member } = await listTestContext({ username: 'items-member', household: 'Items Beta' }));
  const recipes = [
    { name: 'Apple Pie', tags: [{ name: 'Sweet' }], recipeCategory: [{ name: 'Dessert' }], tools: [{ name: 'Oven' }], recipeIngredient: [{ quantity: 1, food: { name: 'flour' } }] },
    { name: 'Banana Bread', description: 'Ripe "spotty" bananas \\ a loaf', tags: [{ name: 'Sweet' }, { name: 'Baking' }], tools: [{ name: 'Oven' }, { name: 'Loaf Pan' }] },
    { name: 'Carrot Soup', recipeCategory: [{ name: 'Dinner' }], recipeIngredient: [{ quantity: 2, food: { name: 'carrot' } }] },
    { name: 'Dal', orgURL: 'https://example.com/dal?items=[]' },
    { name: 'Éclair', tags: [{ name: 'Sweet' }] },
  ];
  for (const recipe of recipes) await postRecipe(ctx, ctx.admin, recipe);
  const oven = await ctx.deps.db.selectFrom('tools').select('id').where('name', '=', 'Oven').executeTakeFirstOrThrow();
  await ctx.deps.db.insertInto('households_to_tools').values({ household_id: self.householdId, tool_id: oven.id }).execute();
});
afterAll(async () => ctx?.close());

const version = () => ctx.deps.readCache.version(ctx.deps.db, self.groupId);
const links = (query: Record<string, string>) => ({ routePath: API.recipes, rawQuery: query });

describe('recipe pages assembled from kept summaries', () => {
  it('are byte for byte the page listRecipes builds, cold and warm, for every kind of page', async () => {
    const scope = { groupId: self.groupId, userId: self.id, householdId: self.householdId };
    const queries: Array<Record<string, string>> = [
      {},
      { perPage: '2' },
      { perPage: '2', page: '2' },
      { perPage: '2', page: '-1' },
      { perPage: '-1', orderBy: 'name', orderDirection: 'asc' },
      { perPage: '2', page: '9' },
      { search: 'sweet' },
      { search: 'bread', orderBy: 'name' },
      { tags: 'sweet', perPage: '1', page: '2' },
      { queryFilter: 'name LIKE "%a%"', orderBy: 'random', paginationSeed: 'items' },
      { foods: 'no-such-food' },
    ];
    for (const query of queries) {
      const expected = JSON.stringify(await listRecipes(ctx.deps, scope, recipeListQuery.parse(query), links(query)));
      const at = await version();
      const summaries = (await loadAuthUser(ctx.deps, self.id))!.summariesVersion;
      const cold = await listRecipesJson(ctx.deps, scope, recipeListQuery.parse(query), links(query), at, summaries);
      const warm = await listRecipesJson(ctx.deps, scope, recipeListQuery.parse(query), links(query), at, summaries);
      expect(cold.toString('utf8'), JSON.stringify(query)).toBe(expected);
      expect(warm.toString('utf8'), JSON.stringify(query)).toBe(expected);
    }
  });

  it("keep each household's own view: a tool is on hand only where the viewer's household has it", async () => {
    const url = '/api/recipes?perPage=-1&orderBy=name&orderDirection=asc';
    const onHand = async (headers: Record<string, string>) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'cache-control': 'no-cache' } });
      expect(res.statusCode, res.body).toBe(200);
      const apple = res.json().items.find((item: { name: string }) => item.name === 'Apple Pie');
      return apple.tools.map((tool: { name: string; onHand: boolean }) => `${tool.name}:${tool.onHand}`);
    };
    for (let round = 0; round < 2; round++) {
      expect(await onHand(ctx.admin)).toEqual(['Oven:true']);
      expect(await onHand(member.headers)).toEqual(['Oven:false']);
    }
  });

  it('read a recipe once per version: a page of known recipes runs the caller (with the version) and its ids (with the group\'s total)', async () => {
    const headers = { ...ctx.admin, 'cache-control': 'no-cache' };
    const get = (url: string) => requestQueries(() => ctx.app.inject({ method: 'GET', url, headers }));
    // A write moves the version; the recipe it wrote is read (rows, then organizers), the others are kept.
    // The whole group's total comes with the page's ids, from its counter.
    await postRecipe(ctx, ctx.admin, { name: 'Fig Roll' });
    expect(await get('/api/recipes?perPage=3')).toBe(4);
    expect(await get('/api/recipes?perPage=3')).toBe(2);
    // Another page of the same recipes (another order, another URL) is assembled from them too.
    expect(await get('/api/recipes?perPage=3&orderBy=createdAt&orderDirection=desc')).toBe(2);
    // Recipes kept before the write are known still: the write moved no stamp of theirs (migration 0047).
    expect(await get('/api/recipes?perPage=6')).toBe(2);
    expect(await get('/api/recipes?perPage=6')).toBe(2);
    // A filtered page counts apart when it is full (its rows cannot tell the total).
    expect(await get('/api/recipes?perPage=1&tags=sweet')).toBe(3);

    const fig = await getRecipe(ctx, ctx.admin, 'fig-roll');
    await ctx.deps.db.updateTable('recipes').set({ description: 'Changed by plain SQL' }).where('id', '=', fig.id).execute();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=3', headers });
    expect(Number(res.headers['x-hearth-queries'])).toBe(4);
    expect(res.json().items.find((item: { name: string }) => item.name === 'Fig Roll').description).toBe('Changed by plain SQL');
  });

  it('rebuild after a write only the summaries it changed: the recipe written, or all when an organizer changes (migration 0047)', async () => {
    const headers = { ...ctx.admin, 'cache-control': 'no-cache' };
    const items = ctx.deps.readCache.counts.items;
    const list = async () => {
      const before = { ...items };
      const res = await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1&orderBy=name&orderDirection=asc', headers });
      expect(res.statusCode, res.body).toBe(200);
      const page: Array<{ name: string; description: string; tags: Array<{ name: string }>; tools: Array<{ onHand: boolean }> }> = res.json().items;
      return { page, built: items.miss - before.miss, kept: items.hit - before.hit, of: (name: string) => page.find((r) => r.name === name)! };
    };
    const all = (await list()).page.length;
    expect((await list()).built).toBe(0);

    await ctx.app.inject({ method: 'PATCH', url: '/api/recipes/apple-pie', headers: ctx.admin, payload: { description: 'Tart' } });
    let now = await list();
    expect(now.of('Apple Pie').description).toBe('Tart');
    expect([now.built, now.kept]).toEqual([1, all - 1]);

    // Through plain SQL as well: a link of one recipe, then an organizer's name, then a household's tool.
    const dal = await getRecipe(ctx, ctx.admin, 'dal');
    const baking = await ctx.deps.db.selectFrom('tags').select('id').where('name', '=', 'Baking').executeTakeFirstOrThrow();
    await ctx.deps.db.insertInto('recipes_to_tags').values({ recipe_id: dal.id, tag_id: baking.id }).execute();
    now = await list();
    expect(now.of('Dal').tags.map((t) => t.name)).toEqual(['Baking']);
    expect(now.built).toBe(1);

    await ctx.deps.db.updateTable('tags').set({ name: 'Sugary' }).where('name', '=', 'Sweet').execute();
    now = await list();
    expect(now.of('Éclair').tags.map((t) => t.name)).toEqual(['Sugary']);
    expect(now.built).toBe(all);

    await ctx.deps.db.deleteFrom('households_to_tools').where('household_id', '=', self.householdId).execute();
    now = await list();
    expect(now.of('Apple Pie').tools.map((t) => t.onHand)).toEqual([false]);
    expect(now.built).toBe(all);
  });
});
