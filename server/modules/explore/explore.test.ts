import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

/** The public explore API: only what a public group, its public households and public recipes show. */
type Member = Awaited<ReturnType<typeof createMember>>;
let ctx: TestContext;
let sunny: Member;
let shady: Member;
let openGroup: { id: string; slug: string };
const recipes: Record<string, { id: string; slug: string }> = {};

async function create(member: Member, body: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: member.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const recipe = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${res.json()}`, headers: member.headers })).json();
  return { id: recipe.id, slug: recipe.slug };
}

async function setPrivacy(table: 'group_preferences' | 'household_preferences', key: { group_id: string } | { household_id: string }, value: boolean) {
  if (table === 'group_preferences' && 'group_id' in key) {
    await ctx.deps.db.updateTable('group_preferences').set({ private_group: value }).where('group_id', '=', key.group_id).execute();
  } else if ('household_id' in key) {
    await ctx.deps.db.updateTable('household_preferences').set({ private_household: value }).where('household_id', '=', key.household_id).execute();
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  sunny = await createMember(ctx, { group: 'Open Kitchen', household: 'Sunny' });
  shady = await createMember(ctx, { group: 'Open Kitchen', household: 'Shady' });
  openGroup = await ctx.deps.db.selectFrom('groups').select(['id', 'slug']).where('id', '=', sunny.user.groupId).executeTakeFirstOrThrow();
  await setPrivacy('group_preferences', { group_id: openGroup.id }, false);
  await setPrivacy('household_preferences', { household_id: sunny.user.householdId }, false);

  const pie = {
    name: 'Public Pie',
    settings: { public: true },
    tags: [{ name: 'Sweet' }],
    recipeCategory: [{ name: 'Dessert' }],
    tools: [{ name: 'Oven' }],
    recipeIngredient: [{ quantity: 1, food: { name: 'apple' } }, { quantity: 1, food: { name: 'flour' } }],
  };
  recipes.pie = await create(sunny, pie);
  recipes.crumble = await create(sunny, { name: 'Plum Crumble', settings: { public: true }, tags: [{ name: 'Sweet' }], recipeIngredient: [{ quantity: 1, food: { name: 'plum' } }] });
  recipes.stew = await create(sunny, { name: 'Secret Stew', settings: { public: false }, recipeIngredient: [{ quantity: 1, food: { name: 'apple' } }] });
  recipes.hash = await create(shady, { name: 'Hidden Hash', settings: { public: true }, tags: [{ name: 'Sweet' }], recipeIngredient: [{ quantity: 1, food: { name: 'apple' } }] });
  // The admin's own group stays private.
  await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Home Pie', settings: { public: true } } });
});
afterAll(async () => ctx?.close());

const base = () => `/api/explore/groups/${openGroup.slug}`;

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function ok(url: string, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
}

const names = (page: { items: Array<{ name: string }> }) => page.items.map((item) => item.name);

describe('explore privacy', () => {
  it('answers 404 for everything of a private or unknown group', async () => {
    const home = await ctx.deps.db.selectFrom('groups').select(['id', 'slug']).where('id', '<>', openGroup.id).where('name', '<>', 'Strangers').executeTakeFirstOrThrow();
    const homeRecipe = await ctx.deps.db.selectFrom('recipes').select('slug').where('group_id', '=', home.id).executeTakeFirstOrThrow();
    for (const group of [home.slug, home.id, 'no-such-group']) {
      for (const rest of [
        '/recipes', `/recipes/${homeRecipe.slug}`, '/recipes/suggestions', '/foods', '/households', '/organizers/categories', '/organizers/tags', '/organizers/tools',
      ]) {
        const res = await get(`/api/explore/groups/${group}${rest}`);
        expect(res.statusCode, `${group}${rest}`).toBe(404);
      }
    }
  });

  it('lists only public recipes of households that are not private, the same for everyone', async () => {
    const anonymous = await ok(`${base()}/recipes?orderBy=name&orderDirection=asc`);
    expect(names(anonymous)).toEqual(['Plum Crumble', 'Public Pie']);
    expect(anonymous.total).toBe(2);
    for (const headers of [ctx.admin, sunny.headers, shady.headers]) {
      expect(names(await ok(`${base()}/recipes?orderBy=name&orderDirection=asc`, headers))).toEqual(['Plum Crumble', 'Public Pie']);
    }
    // The group's id works as its slug.
    expect((await ok(`/api/explore/groups/${openGroup.id}/recipes`)).total).toBe(2);
  });

  it('reads a public recipe and hides the others', async () => {
    const pie = await ok(`${base()}/recipes/${recipes.pie.slug}`);
    expect(pie).toMatchObject({ name: 'Public Pie', settings: { public: true } });
    expect(pie.recipeIngredient.map((i: { food: { name: string } }) => i.food.name)).toEqual(['apple', 'flour']);
    expect(pie.tools[0]).toMatchObject({ name: 'Oven', onHand: false });
    expect((await ok(`${base()}/recipes/${recipes.pie.id}`)).name).toBe('Public Pie');
    for (const hidden of [recipes.stew.slug, recipes.hash.slug, recipes.hash.id, 'home-pie']) {
      expect((await get(`${base()}/recipes/${hidden}`)).statusCode, hidden).toBe(404);
    }
  });

  it('follows privacy changes at once', async () => {
    await setPrivacy('household_preferences', { household_id: shady.user.householdId }, false);
    expect(names(await ok(`${base()}/recipes?orderBy=name&orderDirection=asc`))).toEqual(['Hidden Hash', 'Plum Crumble', 'Public Pie']);
    await setPrivacy('household_preferences', { household_id: shady.user.householdId }, true);
    await setPrivacy('group_preferences', { group_id: openGroup.id }, true);
    expect((await get(`${base()}/recipes`)).statusCode).toBe(404);
    expect((await get(`${base()}/recipes/${recipes.pie.slug}`)).statusCode).toBe(404);
    await setPrivacy('group_preferences', { group_id: openGroup.id }, false);
    expect((await ok(`${base()}/recipes`)).total).toBe(2);
  });
});

describe('explore recipe list', () => {
  it('searches (typos and prefixes too) within the public recipes only', async () => {
    expect(names(await ok(`${base()}/recipes?search=pie`))).toEqual(['Public Pie']);
    expect(names(await ok(`${base()}/recipes?search=crumbel`))).toEqual(['Plum Crumble']);
    expect(names(await ok(`${base()}/recipes?search=plu`))).toEqual(['Plum Crumble']);
    expect(names(await ok(`${base()}/recipes?search=stew`))).toEqual([]);
    expect(names(await ok(`${base()}/recipes?search=hash`))).toEqual([]);
    // An ingredient the hidden recipes share finds only the public one.
    expect(names(await ok(`${base()}/recipes?search=apple`))).toEqual(['Public Pie']);
  });

  it('takes every list filter, queryFilter, order and paging', async () => {
    expect(names(await ok(`${base()}/recipes?tags=sweet&orderBy=name&orderDirection=asc`))).toEqual(['Plum Crumble', 'Public Pie']);
    expect(names(await ok(`${base()}/recipes?categories=dessert`))).toEqual(['Public Pie']);
    expect(names(await ok(`${base()}/recipes?households=shady`))).toEqual([]);
    expect((await ok(`${base()}/recipes?households=sunny`)).total).toBe(2);
    const apple = await ctx.deps.db.selectFrom('ingredient_foods').select('id').where('group_id', '=', openGroup.id).where('name', '=', 'apple').executeTakeFirstOrThrow();
    expect(names(await ok(`${base()}/recipes?foods=${apple.id}`))).toEqual(['Public Pie']);
    expect(names(await ok(`${base()}/recipes?queryFilter=${encodeURIComponent('name LIKE "plum%"')}`))).toEqual(['Plum Crumble']);
    expect(names(await ok(`${base()}/recipes?queryFilter=${encodeURIComponent('settings.public = false')}`))).toEqual([]);
    const random = await ok(`${base()}/recipes?orderBy=random&paginationSeed=z&perPage=1`);
    expect(random).toMatchObject({ total: 2, total_pages: 2, next: `/explore/groups/${openGroup.slug}/recipes?orderBy=random&paginationSeed=z&perPage=1&page=2` });

    const bad = await get(`${base()}/recipes?queryFilter=${encodeURIComponent('name = ')}`);
    expect(bad.statusCode).toBe(400);
    const email = await get(`${base()}/recipes?queryFilter=${encodeURIComponent('user.email LIKE "%"')}`);
    expect(email.statusCode).toBe(400);
    expect(email.json().detail.message).toContain('Unknown attribute "user.email"');
    expect((await get(`${base()}/recipes?orderBy=random`)).statusCode).toBe(422);
  });

  it('suggests public recipes only', async () => {
    const apple = await ctx.deps.db.selectFrom('ingredient_foods').select('id').where('group_id', '=', openGroup.id).where('name', '=', 'apple').executeTakeFirstOrThrow();
    const res = await ok(`${base()}/recipes/suggestions?foods=${apple.id}`);
    expect(res.items.map((item: { recipe: { name: string } }) => item.recipe.name)).toEqual(['Public Pie']);
    expect(res.items[0].missingFoods.map((f: { name: string }) => f.name)).toEqual(['flour']);
    expect(res.items[0].missingTools.map((t: { name: string }) => t.name)).toEqual(['Oven']);
  });
});

describe('explore households, foods and organizers', () => {
  it('lists and reads only households that are not private', async () => {
    const page = await ok(`${base()}/households`);
    expect(names(page)).toEqual(['Sunny']);
    expect(page.items[0]).toMatchObject({ slug: 'sunny', groupId: openGroup.id, preferences: { privateHousehold: false } });
    expect((await ok(`${base()}/households/sunny`)).name).toBe('Sunny');
    expect((await ok(`${base()}/households/${sunny.user.householdId}`)).name).toBe('Sunny');
    expect((await get(`${base()}/households/shady`)).statusCode).toBe(404);
    expect((await get(`${base()}/households/${shady.user.householdId}`)).statusCode).toBe(404);
    expect((await get(`${base()}/households?orderBy=password`)).statusCode).toBe(400);
  });

  it("lists and reads the group's foods, with explore links", async () => {
    const page = await ok(`${base()}/foods?orderBy=name&orderDirection=asc&perPage=1`);
    expect(names(page)).toEqual(['apple']);
    expect(page.next).toBe(`/explore/groups/${openGroup.slug}/foods?orderBy=name&orderDirection=asc&perPage=1&page=2`);
    expect(names(await ok(`${base()}/foods?search=plu`))).toEqual(['plum']);
    expect((await ok(`${base()}/foods/${page.items[0].id}`)).name).toBe('apple');
    const homeFood = (await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: ctx.admin, payload: { name: 'Home Food' } })).json();
    expect((await get(`${base()}/foods/${homeFood.id}`)).statusCode).toBe(404);
  });

  it("lists and reads the group's categories, tags and tools", async () => {
    const categories = await ok(`${base()}/organizers/categories`);
    expect(names(categories)).toEqual(['Dessert']);
    expect((await ok(`${base()}/organizers/categories/${categories.items[0].id}`)).slug).toBe('dessert');
    const tags = await ok(`${base()}/organizers/tags?search=swe`);
    expect(names(tags)).toEqual(['Sweet']);
    expect((await ok(`${base()}/organizers/tags/${tags.items[0].id}`)).name).toBe('Sweet');
    const tools = await ok(`${base()}/organizers/tools`);
    expect(tools.items).toEqual([expect.objectContaining({ name: 'Oven', onHand: false })]);
    expect((await ok(`${base()}/organizers/tools/${tools.items[0].id}`)).name).toBe('Oven');
    const homeTag = (await ctx.app.inject({ method: 'POST', url: '/api/organizers/tags', headers: ctx.admin, payload: { name: 'Home Only' } })).json();
    expect((await get(`${base()}/organizers/tags/${homeTag.id}`)).statusCode).toBe(404);
    expect((await ok(`${base()}/cookbooks`)).items).toEqual([]);
  });
});
