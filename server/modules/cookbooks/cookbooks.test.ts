import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { postRecipe } from '../recipes/testing.js';

/** Cookbooks: CRUD, the queryFilter that selects their recipes, the reorder, and who sees which. */
let ctx: TestContext;
let neighbour: Awaited<ReturnType<typeof createMember>>;
const ids: Record<string, string> = {};
const organizer: Record<string, string> = {};

type Headers = Record<string, string>;
const q = (filter: string) => encodeURIComponent(filter);

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = ctx.admin, payload?: unknown) {
  return ctx.app.inject({ method, url, headers, payload: payload as object });
}
async function create(body: Record<string, unknown>, headers: Headers = ctx.admin) {
  const res = await call('POST', '/api/households/cookbooks', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function recipeNames(cookbook: string, headers: Headers = ctx.admin, extra = '') {
  const res = await call('GET', `/api/recipes?cookbook=${encodeURIComponent(cookbook)}&orderBy=name&orderDirection=asc${extra}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((r: { name: string }) => r.name);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const recipes = [
    { name: 'Tomato soup', tags: [{ name: 'Soup' }, { name: 'Quick' }], recipeCategory: [{ name: 'Dinner' }], tools: [{ name: 'Pot' }], recipeIngredient: [{ note: 'tomatoes', food: { name: 'Tomato' } }] },
    { name: 'Leek soup', tags: [{ name: 'Soup' }], recipeCategory: [{ name: 'Dinner' }, { name: 'Lunch' }], tools: [{ name: 'Pot' }, { name: 'Blender' }] },
    { name: 'Quick toast', tags: [{ name: 'Quick' }], recipeCategory: [{ name: 'Lunch' }], settings: { public: false } },
    { name: 'Tomato salad', recipeCategory: [{ name: 'Lunch' }], recipeIngredient: [{ note: 'tomatoes', food: { name: 'Tomato' } }] },
  ];
  for (const body of recipes) await postRecipe(ctx, ctx.admin, body);
  neighbour = await createMember(ctx, { household: 'Next Door' });
  await postRecipe(ctx, neighbour.headers, { name: 'Neighbour soup', tags: [{ name: 'Soup' }] });
  for (const [kind, path] of [['tags', 'tags'], ['categories', 'categories'], ['tools', 'tools']] as const) {
    const res = await call('GET', `/api/organizers/${path}?perPage=-1`);
    for (const item of res.json().items) organizer[`${kind}:${item.name}`] = item.id;
  }
  const foods = await call('GET', '/api/foods?perPage=-1');
  for (const item of foods.json().items) organizer[`foods:${item.name}`] = item.id;
  const self = await call('GET', '/api/households/self');
  ids.home = self.json().id;
  ids.neighbour = neighbour.user.householdId;
});
afterAll(async () => ctx?.close());

describe('cookbook filters', () => {
  it('selects exactly what the filter selects: tags, categories, tools, foods, households, require-all', async () => {
    const cases: Array<[string, string[]]> = [
      [`tags.id IN ["${organizer['tags:Soup']}"]`, ['Leek soup', 'Neighbour soup', 'Tomato soup']],
      [`tags.id CONTAINS ALL ["${organizer['tags:Soup']}", "${organizer['tags:Quick']}"]`, ['Tomato soup']],
      [`recipe_category.id IN ["${organizer['categories:Dinner']}", "${organizer['categories:Lunch']}"]`, ['Leek soup', 'Quick toast', 'Tomato salad', 'Tomato soup']],
      [`recipe_category.id CONTAINS ALL ["${organizer['categories:Dinner']}", "${organizer['categories:Lunch']}"]`, ['Leek soup']],
      [`tools.id CONTAINS ALL ["${organizer['tools:Pot']}", "${organizer['tools:Blender']}"]`, ['Leek soup']],
      [`tools.id IN ["${organizer['tools:Pot']}"]`, ['Leek soup', 'Tomato soup']],
      [`recipe_ingredient.food.id IN ["${organizer['foods:Tomato']}"]`, ['Tomato salad', 'Tomato soup']],
      [`household_id IN ["${ids.neighbour}"]`, ['Neighbour soup']],
      [`tags.name IN ["Soup"] AND household_id = "${ids.home}"`, ['Leek soup', 'Tomato soup']],
    ];
    for (const [index, [filter, expected]] of cases.entries()) {
      const cookbook = await create({ name: `Filter ${index}`, queryFilterString: filter });
      expect(cookbook.queryFilterString).toBe(filter);
      expect(await recipeNames(cookbook.slug), filter).toEqual(expected);
      const one = await call('GET', `/api/households/cookbooks/${cookbook.id}`);
      expect(one.json().recipes.map((r: { name: string }) => r.name).sort()).toEqual(expected);
      await call('DELETE', `/api/households/cookbooks/${cookbook.id}`);
    }
  });

  it('ignores the relation parameters but keeps search and queryFilter on top of a cookbook', async () => {
    const soups = await create({ name: 'Soups', queryFilterString: 'tags.name IN ["Soup"]' });
    expect(await recipeNames('soups', ctx.admin, `&tags=${organizer['tags:Quick']}`)).toEqual(['Leek soup', 'Neighbour soup', 'Tomato soup']);
    expect(await recipeNames(soups.id, ctx.admin, '&search=leek')).toEqual(['Leek soup']);
    expect(await recipeNames('soups', ctx.admin, `&queryFilter=${q('name LIKE "Tomato%"')}`)).toEqual(['Tomato soup']);
    const paged = await call('GET', '/api/recipes?cookbook=soups&perPage=2&page=2');
    expect(paged.json()).toMatchObject({ total: 3, total_pages: 2, page: 2 });
    expect(paged.json().items).toHaveLength(1);
    expect((await call('GET', '/api/recipes?cookbook=nope')).statusCode).toBe(404);
    await call('DELETE', `/api/households/cookbooks/${soups.id}`);
  });

  it('returns Mealie’s ReadCookBook with the parsed filter; a malformed filter is a 422 (as in Mealie’s model) and writes nothing', async () => {
    const made = await create({ name: '  Weeknight Dinners ', description: 'Fast', queryFilterString: 'tags.name = "Quick" AND (rating > 3 OR rating IS NULL)', public: true, position: 4 });
    expect(made).toMatchObject({ name: 'Weeknight Dinners', slug: 'weeknight-dinners', description: 'Fast', position: 4, public: true, groupId: expect.any(String), householdId: ids.home });
    expect(made.queryFilter.parts).toHaveLength(3);
    expect(made.queryFilter.parts[0]).toMatchObject({ attributeName: 'tags.name', relationalOperator: '=', value: 'Quick', logicalOperator: null });
    expect(made.queryFilter.parts[1]).toMatchObject({ leftParenthesis: '(', logicalOperator: 'AND', attributeName: 'rating' });
    expect(made.queryFilter.parts[2]).toMatchObject({ rightParenthesis: ')', logicalOperator: 'OR', relationalOperator: 'IS' });
    const before = (await call('GET', '/api/households/cookbooks?perPage=-1')).json().total;
    for (const queryFilterString of ['tags.name = ', 'nonsense_field = 1', '(name = "a"']) {
      const bad = await call('POST', '/api/households/cookbooks', ctx.admin, { name: `Bad ${queryFilterString}`, queryFilterString });
      expect(bad.statusCode, queryFilterString).toBe(422);
      expect(bad.json().detail).toEqual([{ type: 'value_error', loc: ['body', 'queryFilterString'], msg: expect.stringMatching(/^Value error, ./), input: queryFilterString }]);
    }
    const badUpdate = await call('PUT', `/api/households/cookbooks/${made.id}`, ctx.admin, { name: 'Renamed', queryFilterString: 'tags.name ==== 1' });
    expect(badUpdate.statusCode).toBe(422);
    expect((await call('GET', `/api/households/cookbooks/${made.id}`)).json().name).toBe('Weeknight Dinners');
    expect((await call('GET', '/api/households/cookbooks?perPage=-1')).json().total).toBe(before);
    expect((await call('POST', '/api/households/cookbooks', ctx.admin, { name: 'weeknight dinners' })).statusCode).toBe(400);
    expect((await call('POST', '/api/households/cookbooks', ctx.admin, { name: '   ' })).statusCode).toBe(422);
    // A name without a letter or digit has no slug of its own (issue 40 item 7).
    for (const name of ['@', '!!', '—']) {
      const refused = await call('POST', '/api/households/cookbooks', ctx.admin, { name });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().detail.message).toBe('The cookbook name needs at least one letter or digit');
    }
    expect((await call('GET', '/api/households/cookbooks?perPage=-1')).json().total).toBe(before);
    const bySlug = await call('GET', '/api/households/cookbooks/weeknight-dinners');
    expect(bySlug.json().id).toBe(made.id);
    const renamed = await call('PUT', `/api/households/cookbooks/${made.id}`, ctx.admin, { name: 'Weeknights', queryFilterString: '', public: false, position: 4 });
    expect(renamed.json()).toMatchObject({ slug: 'weeknights', public: false, queryFilterString: '', queryFilter: { parts: [] } });
    const deleted = await call('DELETE', `/api/households/cookbooks/${made.id}`);
    expect(deleted.json().id).toBe(made.id);
    expect((await call('GET', `/api/households/cookbooks/${made.id}`)).statusCode).toBe(404);
  });
});

describe('cookbook list, reorder and households', () => {
  it('lists by position and saves many at once on PUT of the base path; one bad item saves none', async () => {
    const a = await create({ name: 'Alpha', position: 1 });
    const b = await create({ name: 'Beta', position: 2 });
    const c = await create({ name: 'Gamma', position: 3 });
    const names = async () => (await call('GET', '/api/households/cookbooks?perPage=-1&orderBy=position&orderDirection=asc')).json().items.map((x: { name: string }) => x.name);
    expect(await names()).toEqual(['Alpha', 'Beta', 'Gamma']);
    const reordered = [c, a, b].map((item, index) => ({ ...item, position: index + 1 }));
    const saved = await call('PUT', '/api/households/cookbooks', ctx.admin, reordered);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().map((x: { name: string; position: number }) => [x.name, x.position])).toEqual([['Gamma', 1], ['Alpha', 2], ['Beta', 3]]);
    expect(await names()).toEqual(['Gamma', 'Alpha', 'Beta']);
    // Swapping two names in one batch works; a bad filter in the batch leaves every cookbook as it was.
    const swapped = await call('PUT', '/api/households/cookbooks', ctx.admin, [{ ...a, name: 'Beta', position: 2 }, { ...b, name: 'Alpha', position: 3 }]);
    expect(swapped.statusCode, swapped.body).toBe(200);
    const bad = await call('PUT', '/api/households/cookbooks', ctx.admin, [{ ...c, position: 9 }, { ...a, name: 'Beta', queryFilterString: 'oops ===' }]);
    expect(bad.statusCode).toBe(422);
    const unknown = await call('PUT', '/api/households/cookbooks', ctx.admin, [{ ...c, position: 9 }, { ...a, id: '00000000-0000-4000-8000-000000000000' }]);
    expect(unknown.statusCode).toBe(404);
    expect(await names()).toEqual(['Gamma', 'Beta', 'Alpha']);
    for (const item of [a, b, c]) await call('DELETE', `/api/households/cookbooks/${item.id}`);
  });

  it('shows the group’s cookbooks to every household, lets only the owner household change them, and narrows to one household on request', async () => {
    const mine = await create({ name: 'Ours', position: 1 });
    const theirs = await create({ name: 'Theirs', position: 2 }, neighbour.headers);
    expect(theirs.householdId).toBe(ids.neighbour);
    const all = (await call('GET', '/api/households/cookbooks?perPage=-1')).json().items.map((x: { name: string }) => x.name);
    expect(all).toEqual(expect.arrayContaining(['Ours', 'Theirs']));
    // The web app's hideOtherHouseholds preference asks for the viewer's household only.
    const own = await call('GET', `/api/households/cookbooks?perPage=-1&queryFilter=${q(`household_id = "${ids.home}"`)}`);
    expect(own.json().items.map((x: { name: string }) => x.name)).toEqual(['Ours']);
    expect((await call('GET', `/api/households/cookbooks/${theirs.slug}`)).statusCode).toBe(200);
    expect((await call('PUT', `/api/households/cookbooks/${theirs.id}`, ctx.admin, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/households/cookbooks/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('PUT', '/api/households/cookbooks', ctx.admin, [{ ...theirs, position: 5 }])).statusCode).toBe(404);
    const stranger = await createMember(ctx, { group: 'Elsewhere' });
    expect((await call('GET', '/api/households/cookbooks?perPage=-1', stranger.headers)).json().total).toBe(0);
    expect((await call('GET', `/api/households/cookbooks/${mine.id}`, stranger.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/households/cookbooks')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/households/cookbooks' })).statusCode).toBe(401);
    await call('DELETE', `/api/households/cookbooks/${mine.id}`);
    await call('DELETE', `/api/households/cookbooks/${theirs.id}`, neighbour.headers);
  });
});

describe('explore cookbooks', () => {
  it('shows a public cookbook only when the group and its household are public too', async () => {
    const group = (await call('GET', '/api/groups/self')).json();
    const publicBook = await create({ name: 'Open Book', public: true, queryFilterString: 'tags.name IN ["Soup", "Quick"]' });
    const privateBook = await create({ name: 'Closed Book', public: false });
    const neighbourBook = await create({ name: 'Next Door Book', public: true }, neighbour.headers);
    const explore = (path: string) => ctx.app.inject({ method: 'GET', url: `/api/explore/groups/${group.slug}${path}` });
    const setGroup = (privateGroup: boolean) => call('PUT', '/api/groups/preferences', ctx.admin, { privateGroup });
    const setHousehold = (privateHousehold: boolean, headers: Headers = ctx.admin) => call('PUT', '/api/households/preferences', headers, { privateHousehold });
    const names = async () => {
      const res = await explore('/cookbooks?perPage=-1');
      return res.statusCode === 200 ? res.json().items.map((x: { name: string }) => x.name).sort() : res.statusCode;
    };
    await setGroup(true);
    await setHousehold(false);
    expect(await names()).toBe(404);
    await setGroup(false);
    await setHousehold(true);
    expect(await names()).toEqual([]);
    await setHousehold(false);
    expect(await names()).toEqual(['Open Book']);
    await call('PUT', '/api/households/preferences', (await createMember(ctx, { household: 'Next Door', flags: { canManageHousehold: true } })).headers, { privateHousehold: false });
    expect(await names()).toEqual(['Next Door Book', 'Open Book']);
    expect((await explore(`/cookbooks/${privateBook.id}`)).statusCode).toBe(404);
    expect((await explore(`/cookbooks/${neighbourBook.slug}`)).statusCode).toBe(200);
    // The public cookbook lists only the public recipes it selects.
    const one = await explore(`/cookbooks/${publicBook.slug}`);
    expect(one.json().recipes.map((r: { name: string }) => r.name).sort()).toEqual(['Leek soup', 'Neighbour soup', 'Tomato soup']);
    const recipes = await explore('/recipes?cookbook=open-book&orderBy=name&orderDirection=asc');
    expect(recipes.json().items.map((r: { name: string }) => r.name)).toEqual(['Leek soup', 'Neighbour soup', 'Tomato soup']);
    expect((await explore('/recipes?cookbook=closed-book')).statusCode).toBe(404);
    await setHousehold(true);
    expect(await names()).toEqual(['Next Door Book']);
    expect((await explore(`/cookbooks/${publicBook.slug}`)).statusCode).toBe(404);
    await setGroup(true);
  });
});
