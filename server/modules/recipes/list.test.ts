import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeListQuery } from '../../../contract/recipes.js';
import { createMember, createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { withQueryCount } from '../../db/query-count.js';
import { listRecipes } from './list.js';
import { refreshRecipeRatings } from './service.js';
import { getRecipe, postRecipe, requestQueries } from './testing.js';

type Member = Awaited<ReturnType<typeof createMember>>;
let ctx: TestContext;
let beta: Member;
let self: { id: string; groupId: string; householdId: string };
const ids: Record<string, string> = {};

/** Five recipes over two households, created with fixed creation times (Apple first, Eclair last). */
const FIXTURES = [
  { key: 'apple', who: 'admin', body: { name: 'Apple Pie', tags: [{ name: 'Sweet' }, { name: 'Baking' }], recipeCategory: [{ name: 'Dessert' }], tools: [{ name: 'Oven' }], recipeIngredient: [{ quantity: 1, food: { name: 'apple' } }, { quantity: 1, food: { name: 'flour' } }], lastMade: '2024-01-01T12:00:00Z' } },
  { key: 'banana', who: 'admin', body: { name: 'banana bread', tags: [{ name: 'Sweet' }], recipeCategory: [{ name: 'Breakfast' }], tools: [{ name: 'Oven' }, { name: 'Loaf Pan' }], recipeIngredient: [{ quantity: 1, food: { name: 'banana' } }, { quantity: 1, food: { name: 'flour' } }] } },
  { key: 'carrot', who: 'beta', body: { name: 'Carrot Soup', tags: [{ name: 'Savory' }], recipeCategory: [{ name: 'Dinner' }], tools: [{ name: 'Pot' }], recipeIngredient: [{ quantity: 1, food: { name: 'carrot' } }], lastMade: '2024-06-01T12:00:00Z' } },
  { key: 'zucchini', who: 'beta', body: { name: 'Zucchini Fritters', recipeIngredient: [{ quantity: 1, food: { name: 'zucchini' } }, { quantity: 1, food: { name: 'flour' } }] } },
  { key: 'eclair', who: 'admin', body: { name: 'Éclair', tags: [{ name: 'Sweet' }, { name: 'Baking' }], recipeCategory: [{ name: 'Dessert' }] } },
] as const;

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  beta = await createMember(ctx, { household: 'Beta' });
  self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  for (const [index, fixture] of FIXTURES.entries()) {
    const slug = await postRecipe(ctx, fixture.who === 'admin' ? ctx.admin : beta.headers, fixture.body);
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    ids[fixture.key] = recipe.id;
    await ctx.deps.db.updateTable('recipes').set({ created_at: `2024-0${index + 1}-15T00:00:00.000Z` }).where('id', '=', recipe.id).execute();
  }
  // A recipe of another group never shows up.
  const stranger = await createMember(ctx, { group: 'Strangers' });
  await postRecipe(ctx, stranger.headers, { name: 'Aaa Stranger', tags: [{ name: 'Sweet' }] });
});
afterAll(async () => ctx?.close());

async function list(query: string, headers = ctx.admin) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function keysOf(page: { items: Array<{ id: string }> }): string[] {
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return page.items.map((item) => byId.get(item.id) ?? item.id);
}

async function idOf(table: 'tags' | 'categories' | 'tools' | 'ingredient_foods', name: string): Promise<string> {
  const row = await ctx.deps.db.selectFrom(table).select('id').where('group_id', '=', self.groupId).where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/recipes paging and shape', () => {
  it('answers RecipeSummary items in the envelope, newest first by default', async () => {
    const page = await list('page=1&perPage=2');
    expect(page).toMatchObject({ page: 1, per_page: 2, total: 5, total_pages: 3, previous: null, next: '/recipes?perPage=2&page=2' });
    expect(keysOf(page)).toEqual(['eclair', 'zucchini']);
    expect(Object.keys(page.items[0]).sort()).toEqual(
      [
        'id', 'userId', 'householdId', 'groupId', 'name', 'slug', 'image', 'recipeServings', 'recipeYieldQuantity', 'recipeYield', 'totalTime',
        'prepTime', 'cookTime', 'performTime', 'description', 'recipeCategory', 'tags', 'tools', 'rating', 'orgURL', 'dateAdded', 'dateUpdated',
        'createdAt', 'updatedAt', 'lastMade',
      ].sort(),
    );
    const second = await list('page=2&perPage=2');
    expect(keysOf(second)).toEqual(['carrot', 'banana']);
    expect(second.previous).toBe('/recipes?perPage=2&page=1');
    const last = await list('page=-1&perPage=2');
    expect(last).toMatchObject({ page: 3, next: null });
    expect(keysOf(last)).toEqual(['apple']);
    const all = await list('perPage=-1');
    expect(all).toMatchObject({ total: 5, per_page: 5, total_pages: 1 });
    const banana = all.items.find((item: { id: string }) => item.id === ids.banana);
    expect(banana.tools.map((t: { name: string }) => t.name)).toEqual(['Loaf Pan', 'Oven']);
    expect(banana.recipeCategory.map((c: { slug: string }) => c.slug)).toEqual(['breakfast']);
  });

  it('orders by name, dates and last made, with the asked direction and null position', async () => {
    expect(keysOf(await list('orderBy=name&orderDirection=asc&perPage=-1'))).toEqual(['apple', 'banana', 'carrot', 'eclair', 'zucchini']);
    expect(keysOf(await list('orderBy=name&orderDirection=desc&perPage=-1'))).toEqual(['zucchini', 'eclair', 'carrot', 'banana', 'apple']);
    expect(keysOf(await list('orderBy=createdAt&orderDirection=asc&perPage=-1'))).toEqual(['apple', 'banana', 'carrot', 'zucchini', 'eclair']);
    const lastMade = keysOf(await list('orderBy=last_made&orderDirection=desc&perPage=-1'));
    expect(lastMade.slice(0, 2)).toEqual(['carrot', 'apple']);
    const nullsFirst = keysOf(await list('orderBy=lastMade&orderDirection=desc&orderByNullPosition=first&perPage=-1'));
    expect(nullsFirst.slice(3)).toEqual(['carrot', 'apple']);
    expect(keysOf(await list('orderBy=last_made:asc,name:desc&perPage=-1'))).toEqual(['zucchini', 'eclair', 'banana', 'apple', 'carrot']);
  });

  it("orders by rating: the caller's own rating first, else the recipe's mean, unrated last", async () => {
    const now = new Date().toISOString();
    const rate = (userId: string, recipeId: string, rating: number) =>
      ctx.deps.db.insertInto('users_to_recipes').values({ id: crypto.randomUUID(), user_id: userId, recipe_id: recipeId, rating, is_favorite: false, created_at: now, update_at: now }).execute();
    await rate(beta.user.id, ids.banana, 5);
    await rate(beta.user.id, ids.carrot, 3);
    await rate(self.id, ids.carrot, 1);
    await rate(self.id, ids.apple, 4);
    await refreshRecipeRatings(ctx.deps.db, ctx.deps.engine, Object.values(ids));
    // Means: banana 5, apple 4, carrot 2; the admin's own: apple 4, carrot 1.
    expect(keysOf(await list('orderBy=rating&orderDirection=desc&perPage=-1')).slice(0, 3)).toEqual(['banana', 'apple', 'carrot']);
    expect(keysOf(await list('orderBy=rating&orderDirection=desc&perPage=-1', beta.headers)).slice(0, 3)).toEqual(['banana', 'apple', 'carrot']);
    const ascending = keysOf(await list('orderBy=rating&orderDirection=asc&perPage=-1'));
    expect(ascending.slice(0, 3)).toEqual(['carrot', 'apple', 'banana']);
    const beta3 = await list('orderBy=rating&orderDirection=asc&perPage=-1', beta.headers);
    expect(keysOf(beta3).slice(0, 3)).toEqual(['carrot', 'apple', 'banana']);
    expect(beta3.items.find((i: { id: string }) => i.id === ids.carrot).rating).toBe(2);
  });

  it('refuses an unknown orderBy with 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/recipes?orderBy=password', headers: ctx.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.message).toContain('Invalid order_by statement');
    const direction = await ctx.app.inject({ method: 'GET', url: '/api/recipes?orderBy=name:sideways', headers: ctx.admin });
    expect(direction.statusCode).toBe(400);
  });
});

describe('GET /api/recipes filters', () => {
  it('filters by tags, categories and tools, by slug or id, any or all', async () => {
    expect(keysOf(await list('tags=sweet&orderBy=name&orderDirection=asc')).sort()).toEqual(['apple', 'banana', 'eclair']);
    const baking = await idOf('tags', 'Baking');
    expect(keysOf(await list(`tags=${baking}&tags=savory&perPage=-1`)).sort()).toEqual(['apple', 'carrot', 'eclair']);
    expect(keysOf(await list('tags=sweet&tags=baking&requireAllTags=true')).sort()).toEqual(['apple', 'eclair']);
    expect(keysOf(await list('tags=sweet&tags=baking&requireAllTags=false')).sort()).toEqual(['apple', 'banana', 'eclair']);
    expect(keysOf(await list('categories=dessert')).sort()).toEqual(['apple', 'eclair']);
    expect(keysOf(await list(`categories=${await idOf('categories', 'Dinner')}&categories=breakfast`)).sort()).toEqual(['banana', 'carrot']);
    const oven = await idOf('tools', 'Oven');
    expect(keysOf(await list(`tools=${oven}`)).sort()).toEqual(['apple', 'banana']);
    expect(keysOf(await list(`tools=${oven}&tools=loaf-pan&requireAllTools=true`))).toEqual(['banana']);
    expect((await list('tags=no-such-tag')).total).toBe(0);
    const paged = await list('tags=sweet&tags=baking&perPage=1');
    expect(paged).toMatchObject({ total: 3, total_pages: 3, next: '/recipes?tags=sweet&tags=baking&perPage=1&page=2' });
  });

  it('filters by foods (any or all) and by households (slug or id)', async () => {
    const flour = await idOf('ingredient_foods', 'flour');
    const apple = await idOf('ingredient_foods', 'apple');
    expect(keysOf(await list(`foods=${flour}`)).sort()).toEqual(['apple', 'banana', 'zucchini']);
    expect(keysOf(await list(`foods=${flour}&foods=${apple}`)).sort()).toEqual(['apple', 'banana', 'zucchini']);
    expect(keysOf(await list(`foods=${flour}&foods=${apple}&requireAllFoods=true`))).toEqual(['apple']);
    expect(keysOf(await list('households=beta')).sort()).toEqual(['carrot', 'zucchini']);
    expect(keysOf(await list(`households=${self.householdId}`)).sort()).toEqual(['apple', 'banana', 'eclair']);
    const combined = await list(`households=beta&foods=${flour}&perPage=1`);
    expect(combined).toMatchObject({ total: 1, total_pages: 1 });
    expect(keysOf(combined)).toEqual(['zucchini']);
  });

  it('answers 422 for a malformed query', async () => {
    for (const query of ['page=first', 'perPage=-5', 'orderDirection=up', 'requireAllTags=maybe']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?${query}`, headers: ctx.admin });
      expect(res.statusCode, query).toBe(422);
    }
  });
});

describe('GET /api/recipes query count', () => {
  it('runs the same number of queries whatever perPage: a count, the page and the organizers', async () => {
    // A full page is counted, once per library version (kept-totals.ts): on PostgreSQL by a statement of its
    // own, on SQLite in the page's own statement, since this page's plan sorts every match (after one EXPLAIN
    // of the query's text, kept). A page that ends the list (every row, or fewer than perPage) is its own total.
    const url = (perPage: string, tag = 'sweet') => `/api/recipes?perPage=${perPage}&tags=${tag}&orderBy=rating`;
    // no-cache: the page is computed, not sent again from the read cache (read-cache.test.ts covers that).
    const headers = { ...ctx.admin, 'cache-control': 'no-cache' };
    const get = (perPage: string, tag?: string) => requestQueries(() => ctx.app.inject({ method: 'GET', url: url(perPage, tag), headers }));
    const firstFull = await get('1');
    const full = await get('1');
    expect(firstFull).toBe(full + 1);
    for (const perPage of ['1', '-1', '1000']) expect(await get(perPage), perPage).toBe(full);
    // Another filter's pages: those ending the list count nothing, the first full one counts (on PostgreSQL).
    const ended = await get('-1', 'baking');
    expect(await get('1000', 'baking')).toBe(ended);
    expect(await get('1', 'baking')).toBe(ended + (TEST_ENGINE === 'postgres' ? 1 : 0));
    expect(await get('1', 'baking')).toBe(ended);

    // Unfiltered: the group's counter (no count of the group), the page, its categories + tags + tools.
    const scope = { groupId: self.groupId, userId: self.id, householdId: self.householdId };
    const direct = async (perPage: string) => (await withQueryCount(() => listRecipes(ctx.deps, scope, recipeListQuery.parse({ perPage })))).queries;
    for (const perPage of ['1', '2']) expect(await direct(perPage)).toBe(3);
    expect(await direct('-1')).toBe(2);
  });

  it('stays fixed with search, queryFilter and a random order together', async () => {
    // Statements actually executed (a subquery or a UNION ALL inside one statement is not counted apart).
    const scope = { groupId: self.groupId, userId: self.id, householdId: self.householdId };
    const executed = async (query: Record<string, string>) => (await withQueryCount(() => listRecipes(ctx.deps, scope, recipeListQuery.parse(query)))).queries;
    const filter = 'name LIKE "%a%" OR tags.name = "Sweet"';
    const flour = await idOf('ingredient_foods', 'flour');
    const variants: Array<[Record<string, string>, number]> = [
      // the search's vocabulary lookup, a count, the page, the organizers (categories + tags + tools)
      [{ search: 'sweet', queryFilter: filter, orderBy: 'random', paginationSeed: 'q' }, 4],
      [{ search: 'flour', tags: 'sweet', orderBy: 'name' }, 4],
      [{ search: 'swet', foods: flour, orderBy: 'rating' }, 5], // a typo: one more lookup for its corrections
      [{ queryFilter: filter, orderBy: 'random', paginationSeed: 'q', households: 'beta' }, 3],
    ];
    for (const [query, expected] of variants) {
      // A full page is counted; every row at once is its own total (one query fewer).
      for (const perPage of ['1', '-1']) {
        expect(await executed({ ...query, perPage }), JSON.stringify(query)).toBe(perPage === '1' ? expected : expected - 1);
      }
    }
  });

  it('pages a search alone through the index in a bounded number of queries', async () => {
    // A count, then one fetch per relevance tier the page reaches (at most three, with a count of each
    // tier it starts past), besides the vocabulary lookup, the rows and the organizers.
    const scope = { groupId: self.groupId, userId: self.id, householdId: self.householdId };
    for (const page of ['1', '2', '3']) {
      for (const perPage of ['1', '2', '-1']) {
        const { queries } = await withQueryCount(() => listRecipes(ctx.deps, scope, recipeListQuery.parse({ perPage, page, search: 'flour' })));
        expect(queries).toBeLessThanOrEqual(10);
      }
    }
  });
});
