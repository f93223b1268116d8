import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { recipeSuggestionQuery } from '../../../contract/recipes.js';
import { withQueryCount } from '../../db/query-count.js';
import { suggestRecipes } from './suggestions.js';
import { getRecipe, postRecipe } from './testing.js';

/** GET /api/recipes/suggestions: the recipe finder. */
let ctx: TestContext;
let self: { groupId: string; householdId: string };
let neighbour: Awaited<ReturnType<typeof createMember>>;
const ids: Record<string, string> = {};
const foods: Record<string, string> = {};
const tools: Record<string, string> = {};

const ingredients = (...names: string[]) => names.map((name) => ({ quantity: 1, food: { name } }));
const toolRefs = (...names: string[]) => names.map((name) => ({ name }));

/** Oldest first: Pancakes and Cookies tie on every count below, and then the newest comes first. */
const FIXTURES = [
  { key: 'pancakes', body: { name: 'Pancakes', recipeIngredient: ingredients('flour', 'egg', 'milk'), tools: toolRefs('Pan', 'Whisk'), tags: [{ name: 'Sweet' }] } },
  { key: 'cake', body: { name: 'Cake', recipeIngredient: ingredients('flour', 'egg', 'sugar', 'butter'), tools: toolRefs('Oven', 'Whisk'), tags: [{ name: 'Sweet' }] } },
  { key: 'omelette', body: { name: 'Omelette', recipeIngredient: ingredients('egg', 'cheese', 'egg'), tools: toolRefs('Pan') } },
  { key: 'toast', body: { name: 'Toast', recipeIngredient: ingredients('bread') } },
  { key: 'cookies', body: { name: 'Cookies', recipeIngredient: ingredients('flour', 'sugar', 'butter'), tools: toolRefs('Oven'), tags: [{ name: 'Sweet' }] } },
  { key: 'crepes', body: { name: 'Crepes', recipeIngredient: ingredients('flour', 'egg', 'milk'), tools: toolRefs('Crepe Pan', 'Spatula') } },
] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  neighbour = await createMember(ctx, { household: 'Next Door' });
  for (const [index, fixture] of FIXTURES.entries()) {
    const recipe = await getRecipe(ctx, ctx.admin, await postRecipe(ctx, ctx.admin, fixture.body));
    ids[fixture.key] = recipe.id;
    await ctx.deps.db.updateTable('recipes').set({ created_at: `2024-0${index + 1}-01T00:00:00.000Z` }).where('id', '=', recipe.id).execute();
  }
  for (const row of await ctx.deps.db.selectFrom('ingredient_foods').select(['id', 'name']).where('group_id', '=', self.groupId).execute()) foods[row.name] = row.id;
  for (const row of await ctx.deps.db.selectFrom('tools').select(['id', 'name']).where('group_id', '=', self.groupId).execute()) tools[row.name] = row.id;
});
afterAll(async () => ctx?.close());

interface Suggestion {
  recipe: { id: string; name: string };
  missingFoods: Array<{ id: string; name: string }>;
  missingTools: Array<{ id: string; name: string }>;
}

function query(params: { foods?: string[]; tools?: string[]; extra?: string }): string {
  const parts = [...(params.foods ?? []).map((f) => `foods=${foods[f]}`), ...(params.tools ?? []).map((t) => `tools=${tools[t]}`)];
  if (params.extra) parts.push(params.extra);
  return parts.join('&');
}

async function suggest(params: { foods?: string[]; tools?: string[]; extra?: string }, headers = ctx.admin): Promise<Suggestion[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/suggestions?${query(params)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const names = (items: Suggestion[]) => items.map((item) => item.recipe.name);
const noOnHand = 'includeFoodsOnHand=false&includeToolsOnHand=false';
const mine = { foods: ['flour', 'egg', 'milk'], tools: ['Pan', 'Whisk'] };

describe('GET /api/recipes/suggestions', () => {
  it('ranks by fewest missing foods, then tools, then most of my foods used; a recipe using none of them is left out', async () => {
    const items = await suggest({ ...mine, extra: noOnHand });
    expect(names(items)).toEqual(['Pancakes', 'Crepes', 'Omelette', 'Cake', 'Cookies']);
    const cake = items.find((item) => item.recipe.name === 'Cake');
    expect(cake?.missingFoods.map((f) => f.name)).toEqual(['sugar', 'butter']);
    expect(cake?.missingTools.map((t) => t.name)).toEqual(['Oven']);
    const omelette = items.find((item) => item.recipe.name === 'Omelette');
    expect(omelette?.missingFoods.map((f) => f.name)).toEqual(['cheese']);
    expect(items[0]).toMatchObject({ missingFoods: [], missingTools: [] });
    expect(Object.keys(items[0].recipe)).toContain('recipeCategory');
  });

  it('keeps to maxMissingFoods, maxMissingTools and limit', async () => {
    expect(names(await suggest({ ...mine, extra: `${noOnHand}&maxMissingFoods=1` }))).toEqual(['Pancakes', 'Crepes', 'Omelette']);
    expect(names(await suggest({ ...mine, extra: `${noOnHand}&maxMissingFoods=0` }))).toEqual(['Pancakes', 'Crepes']);
    expect(names(await suggest({ ...mine, extra: `${noOnHand}&maxMissingTools=1` }))).toEqual(['Pancakes', 'Omelette', 'Cake', 'Cookies']);
    expect(names(await suggest({ ...mine, extra: `${noOnHand}&limit=2` }))).toEqual(['Pancakes', 'Crepes']);
  });

  it("counts the caller's household's on-hand foods and tools unless told not to", async () => {
    await ctx.deps.db
      .insertInto('households_to_ingredient_foods')
      .values([{ household_id: self.householdId, food_id: foods.sugar }, { household_id: self.householdId, food_id: foods.butter }])
      .execute();
    await ctx.deps.db.insertInto('households_to_tools').values({ household_id: self.householdId, tool_id: tools.Oven }).execute();

    // Cake now lacks nothing and uses four of my foods; Pancakes and Cookies tie (newest first).
    const withOnHand = await suggest(mine);
    expect(names(withOnHand)).toEqual(['Cake', 'Cookies', 'Pancakes', 'Crepes', 'Omelette']);
    expect(withOnHand[0]).toMatchObject({ missingFoods: [], missingTools: [] });
    expect(names(await suggest({ ...mine, extra: noOnHand }))).toEqual(['Pancakes', 'Crepes', 'Omelette', 'Cake', 'Cookies']);
    // Only the foods on hand: tools given, foods not included.
    expect(names(await suggest({ ...mine, extra: 'includeFoodsOnHand=false' }))).toEqual(['Pancakes', 'Crepes', 'Omelette', 'Cake', 'Cookies']);
    // On hand alone is enough to be suggested something.
    expect(names(await suggest({ extra: 'maxMissingFoods=2' }))).toEqual(['Cookies', 'Cake']);
    // Another household's pantry is not mine.
    expect(names(await suggest(mine, neighbour.headers))).toEqual(['Pancakes', 'Crepes', 'Omelette', 'Cake', 'Cookies']);
  });

  it('applies queryFilter and orderBy after the ranking', async () => {
    expect(names(await suggest({ ...mine, extra: `${noOnHand}&queryFilter=${encodeURIComponent('tags.name = "Sweet"')}` }))).toEqual(['Pancakes', 'Cake', 'Cookies']);
    // With flour alone, Pancakes, Cookies and Crepes tie (two foods missing, one used; Cake lacks three): the order decides.
    expect(names(await suggest({ foods: ['flour'], extra: `${noOnHand}&maxMissingFoods=2&orderBy=name&orderDirection=asc` }))).toEqual(['Cookies', 'Crepes', 'Pancakes']);
    expect(names(await suggest({ foods: ['flour'], extra: `${noOnHand}&maxMissingFoods=2&orderBy=name&orderDirection=desc` }))).toEqual(['Pancakes', 'Crepes', 'Cookies']);
    const randomised = await suggest({ foods: ['flour'], extra: `${noOnHand}&orderBy=random&paginationSeed=a` });
    expect(names(randomised).sort()).toEqual(['Cake', 'Cookies', 'Crepes', 'Pancakes']);
  });

  it('with tools alone, suggests only recipes that use one of them (a recipe without foods is not "everything you need")', async () => {
    const items = await suggest({ tools: ['Spatula'], extra: `${noOnHand}&maxMissingTools=1` });
    expect(names(items)).toEqual(['Crepes']);
    expect(items[0].missingFoods.map((f) => f.name)).toEqual(['flour', 'egg', 'milk']);
  });

  it('with nothing given and nothing on hand, lists recipes newest first with everything missing', async () => {
    const items = await suggest({ extra: noOnHand });
    expect(names(items)).toEqual(['Crepes', 'Cookies', 'Toast', 'Omelette', 'Cake', 'Pancakes']);
    expect(items.find((item) => item.recipe.name === 'Omelette')?.missingFoods.map((f) => f.name)).toEqual(['egg', 'cheese']);
  });

  it('answers 400 for a bad filter or order and 422 for random without a seed', async () => {
    const get = (q: string) => ctx.app.inject({ method: 'GET', url: `/api/recipes/suggestions?${q}`, headers: ctx.admin });
    const badFilter = await get(`queryFilter=${encodeURIComponent('nope = 1')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().detail.message).toContain('Unknown attribute "nope"');
    expect((await get('orderBy=password')).statusCode).toBe(400);
    expect((await get('orderBy=random')).statusCode).toBe(422);
    expect((await get('limit=0')).statusCode).toBe(422);
  });

  it('runs the same queries whatever the limit', async () => {
    // The household's on-hand items, its interchangeable foods (issue 37), the ranked page, its organizers (categories + tags + tools), its
    // ingredient foods, and the missing foods with their aliases and households (those three skipped when
    // none lacks one).
    const scope = { groupId: self.groupId, userId: null, householdId: self.householdId };
    for (const limit of ['1', '3', '10']) {
      const parsed = recipeSuggestionQuery.parse({ foods: [foods.flour], tools: [tools.Pan], includeFoodsOnHand: 'false', limit });
      const { result, queries } = await withQueryCount(() => suggestRecipes(ctx.deps, scope, parsed));
      expect(result.items.length).toBe(Math.min(Number(limit), 4));
      expect(queries, limit).toBe(8);
    }
  });
});
