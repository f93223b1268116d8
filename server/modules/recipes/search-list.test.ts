import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { randomOrderKey } from './random-order.js';
import { getRecipe, postRecipe } from './testing.js';

/** GET /api/recipes with `search`, `queryFilter` and `orderBy=random`, alone and together. */
let ctx: TestContext;
const ids: Record<string, string> = {};

const FIXTURES = [
  { key: 'tikka', body: { name: 'Chicken Tikka Masala', description: 'Creamy curry', tags: [{ name: 'Spicy' }], recipeCategory: [{ name: 'Dinner' }] } },
  { key: 'creme', body: { name: 'Crème Brûlée', description: 'Classic French custard', tags: [{ name: 'Sweet' }], recipeCategory: [{ name: 'Dessert' }] } },
  { key: 'chocolate', body: { name: 'Chocolate cake', description: 'Moist and dark', tags: [{ name: 'Sweet' }], recipeCategory: [{ name: 'Dessert' }] } },
  { key: 'salad', body: { name: 'Garden salad', description: 'Green and fresh', recipeIngredient: [{ note: 'a handful of walnuts' }, { note: 'lettuce' }] } },
  { key: 'walnut', body: { name: 'Walnut bread', description: 'A loaf', tags: [{ name: 'Baking' }], settings: { public: false } } },
  { key: 'carrot', body: { name: 'Carrot cake', description: 'With cream cheese frosting', tags: [{ name: 'Sweet' }, { name: 'Baking' }], recipeCategory: [{ name: 'Dessert' }] } },
  { key: 'soup', body: { name: 'Tomato soup', description: 'Quick lunch', recipeCategory: [{ name: 'Dinner' }] } },
  { key: 'toast', body: { name: 'Cheese toast', description: 'Snack', tags: [{ name: 'Quick' }] } },
] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [index, fixture] of FIXTURES.entries()) {
    const slug = await postRecipe(ctx, ctx.admin, fixture.body);
    ids[fixture.key] = (await getRecipe(ctx, ctx.admin, slug)).id;
    // Fixed creation times, oldest first; the index keeps its own copy, so it is refreshed by an edit.
    await ctx.deps.db.updateTable('recipes').set({ created_at: `2024-0${index + 1}-15T00:00:00.000Z` }).where('id', '=', ids[fixture.key]).execute();
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { description: fixture.body.description } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const stranger = await createMember(ctx, { group: 'Strangers' });
  await postRecipe(ctx, stranger.headers, { name: 'Chicken soup' });
});
afterAll(async () => ctx?.close());

async function list(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?${query}`, headers: ctx.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function keysOf(page: { items: Array<{ id: string }> }): string[] {
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return page.items.map((item) => byId.get(item.id) ?? item.id);
}

const q = encodeURIComponent;

describe('GET /api/recipes?search', () => {
  it('forgives a typo, ignores accents and matches prefixes', async () => {
    expect(keysOf(await list('search=chiken'))).toEqual(['tikka']);
    expect(keysOf(await list(`search=${q('creme brulee')}`))).toEqual(['creme']);
    expect(keysOf(await list(`search=${q('CRÈME')}`))).toEqual(['creme']);
    expect(keysOf(await list('search=choc'))).toEqual(['chocolate']);
    expect((await list('search=chicken')).total).toBe(1); // the other group's soup stays out
  });

  it('finds a recipe by an ingredient alone, after name matches', async () => {
    // "walnut" is the bread's name and the start of the salad's "walnuts".
    expect(keysOf(await list('search=walnut'))).toEqual(['walnut', 'salad']);
    expect(keysOf(await list('search=lettuce'))).toEqual(['salad']);
  });

  it('orders by relevance tier first, then by the asked order, and pages', async () => {
    // "cake" in two names (tier 0); "cream" only in a description (tier 1) via the prefix of "creamy".
    expect(keysOf(await list('search=cake&orderBy=name&orderDirection=asc'))).toEqual(['carrot', 'chocolate']);
    expect(keysOf(await list('search=cake&orderBy=name&orderDirection=desc'))).toEqual(['chocolate', 'carrot']);
    expect(keysOf(await list('search=cream&orderBy=created_at&orderDirection=asc'))).toEqual(['tikka', 'carrot']);
    // Name before ingredient even when the asked order says otherwise (Mealie: relevance first).
    expect(keysOf(await list('search=walnut&orderBy=name&orderDirection=asc'))).toEqual(['walnut', 'salad']);
    // In name order the count runs beside the page's queries: the total is the same, the last page found by it.
    expect(await list('search=walnut&orderBy=name&orderDirection=asc')).toMatchObject({ total: 2, total_pages: 1 });
    expect(keysOf(await list('search=walnut&perPage=1&page=-1&orderBy=name&orderDirection=asc'))).toEqual(['salad']);
    const first = await list('search=cake&perPage=1&orderBy=name&orderDirection=asc');
    expect(first).toMatchObject({ total: 2, total_pages: 2, next: '/recipes?search=cake&perPage=1&orderBy=name&orderDirection=asc&page=2' });
    expect(keysOf(await list('search=cake&perPage=1&page=2&orderBy=name&orderDirection=asc'))).toEqual(['chocolate']);
  });

  it('combines with every filter, in any order', async () => {
    expect(keysOf(await list('search=cake&tags=baking'))).toEqual(['carrot']);
    expect(keysOf(await list('search=cake&categories=dessert&orderBy=rating'))).toHaveLength(2);
    expect(keysOf(await list(`search=cake&queryFilter=${q('name LIKE "choc%"')}`))).toEqual(['chocolate']);
    expect(keysOf(await list(`search=walnut&queryFilter=${q('settings.public = true')}`))).toEqual(['salad']);
    const randomised = await list(`search=cake&tags=sweet&orderBy=random&paginationSeed=s1&perPage=1`);
    expect(randomised).toMatchObject({ total: 2, total_pages: 2 });
  });

  it('accepts and ignores searchSeed; an unknown cookbook is a 404; text without a word narrows nothing', async () => {
    expect(keysOf(await list('search=cake&searchSeed=123&orderBy=name&orderDirection=asc'))).toEqual(['carrot', 'chocolate']);
    const cookbook = await ctx.app.inject({ method: 'GET', url: '/api/recipes?cookbook=weeknights', headers: ctx.admin });
    expect(cookbook.statusCode).toBe(404);
    expect((await list(`search=${q('  !! ')}`)).total).toBe(FIXTURES.length);
    expect((await list('search=zzzqqq')).total).toBe(0);
  });
});

describe('GET /api/recipes?queryFilter', () => {
  it('filters by columns, settings, organizers and logic', async () => {
    expect(keysOf(await list(`queryFilter=${q('name LIKE "%cake%"')}&orderBy=name&orderDirection=asc`))).toEqual(['carrot', 'chocolate']);
    expect(keysOf(await list(`queryFilter=${q('settings.public = false')}`))).toEqual(['walnut']);
    expect(keysOf(await list(`queryFilter=${q('tags.name CONTAINS ALL ["Sweet", "Baking"]')}`))).toEqual(['carrot']);
    const either = `recipe_category.slug = "dinner" OR tags.slug IN ["quick"]`;
    expect(keysOf(await list(`queryFilter=${q(either)}&orderBy=name&orderDirection=asc`))).toEqual(['toast', 'tikka', 'soup']);
    expect(keysOf(await list(`queryFilter=${q('created_at < "2024-02-01"')}`))).toEqual(['tikka']);
    expect(keysOf(await list(`queryFilter=${q('tags.id IS NULL')}&orderBy=name&orderDirection=asc`))).toEqual(['salad', 'soup']);
  });

  it('answers 400 with the parser message for a malformed filter, never 500', async () => {
    const cases: Array<[string, string]> = [
      ['password = "x"', 'Unknown attribute "password"'],
      ['(name = "x"', 'parenthes'],
      ['name = ', 'expected a value after ='],
      ['rating = "high"', 'expected a number'],
      ['id = "not-a-uuid"', 'expected a UUID'],
      ['name CONTAINS ALL ["a"]', 'CONTAINS ALL'],
    ];
    for (const [filter, message] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?queryFilter=${q(filter)}`, headers: ctx.admin });
      expect(res.statusCode, filter).toBe(400);
      expect(res.json().detail.message, filter).toContain(message);
    }
  });
});

describe('GET /api/recipes?orderBy=random', () => {
  it('needs a paginationSeed (422)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/recipes?orderBy=random', headers: ctx.admin });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain('paginationSeed is required when orderBy is random');
  });

  it('keeps one order across pages for a seed, computed the same in SQL as in the reference', async () => {
    const all = keysOf(await list('orderBy=random&paginationSeed=alpha&perPage=-1'));
    expect([...all].sort()).toEqual(Object.keys(ids).sort());
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) paged.push(...keysOf(await list(`orderBy=random&paginationSeed=alpha&perPage=3&page=${page}`)));
    expect(paged).toEqual(all);
    const expected = Object.entries(ids)
      .sort(([, a], [, b]) => randomOrderKey(a, 'alpha') - randomOrderKey(b, 'alpha') || (a < b ? -1 : 1))
      .map(([key]) => key);
    expect(all).toEqual(expected);
    // A random order has no direction (as in Mealie): asc and desc give the same shuffle.
    expect(keysOf(await list('orderBy=random&orderDirection=asc&paginationSeed=alpha&perPage=-1'))).toEqual(expected);
  });

  it('gives another order for another seed', async () => {
    const orders = new Set<string>();
    for (const seed of ['alpha', 'beta', 'gamma']) orders.add(keysOf(await list(`orderBy=random&paginationSeed=${seed}&perPage=-1`)).join());
    expect(orders.size).toBeGreaterThan(1);
  });

  it('combines with filters and a second key', async () => {
    const sweet = keysOf(await list('tags=sweet&orderBy=random&paginationSeed=x&perPage=-1'));
    expect([...sweet].sort()).toEqual(['carrot', 'chocolate', 'creme']);
    expect(keysOf(await list('tags=sweet&orderBy=random:asc,name&paginationSeed=x&perPage=-1'))).toEqual(sweet);
  });
});

describe('GET /api/recipes/category', () => {
  it('is the list filtered by categories, and recipe slugs never take a route word', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/recipes/category?categories=dessert&orderBy=name&orderDirection=asc&perPage=1', headers: ctx.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(keysOf(res.json())).toEqual(['carrot']);
    expect(res.json()).toMatchObject({ total: 3, next: '/recipes/category?categories=dessert&orderBy=name&orderDirection=asc&perPage=1&page=2' });

    for (const word of ['Category', 'Suggestions', 'Exports']) {
      const slug = await postRecipe(ctx, ctx.admin, { name: word });
      expect(slug).toBe(`${word.toLowerCase()}-1`);
      expect((await getRecipe(ctx, ctx.admin, slug)).name).toBe(word);
    }
  });
});
