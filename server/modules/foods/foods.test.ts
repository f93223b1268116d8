import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { insertRecipe, post, selfScope } from '../organizers/test-fixtures.js';
import { findOrCreateFoodByName } from './service.js';

let ctx: TestContext;
let organizer: Record<string, string>;
let plainMember: Record<string, string>;
let neighbour: Record<string, string>;
let outsider: Record<string, string>;
let scope: { groupId: string; householdId: string; householdSlug: string };
let neighbourHousehold: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  organizer = (await createMember(ctx, { username: 'food-organizer', flags: { canOrganize: true } })).headers;
  plainMember = (await createMember(ctx, { username: 'food-plain' })).headers;
  neighbour = (await createMember(ctx, { username: 'food-neighbour', household: 'Food Next Door', flags: { canOrganize: true } })).headers;
  outsider = (await createMember(ctx, { username: 'food-outsider', group: 'Food Elsewhere', flags: { canOrganize: true } })).headers;
  scope = await selfScope(ctx, organizer);
  neighbourHousehold = (await selfScope(ctx, neighbour)).householdId;
});
afterAll(async () => ctx?.close());

const createFood = async (payload: object, headers = organizer) => {
  const res = await post(ctx, headers, '/api/foods', payload);
  if (res.statusCode !== 201) throw new Error(`food create failed: ${res.statusCode} ${res.body}`);
  return res.json();
};

describe('/api/foods CRUD', () => {
  it('creates a food with label, aliases and on-hand, in Mealie\'s IngredientFood shape', async () => {
    const label = (await post(ctx, organizer, '/api/groups/labels', { name: 'Dairy Products', color: '#aabbcc' })).json();
    const food = await createFood({ name: 'Crème fraîche', plural_name: 'Crèmes fraîches', description: 'Thick', labelId: label.id, aliases: [{ name: 'creme fraiche' }, { name: 'CREME FRAICHE' }], onHand: true });
    expect(food).toEqual({
      id: expect.any(String),
      name: 'Crème fraîche',
      pluralName: 'Crèmes fraîches',
      description: 'Thick',
      extras: {},
      onHand: true,
      labelId: label.id,
      label,
      aliases: [{ name: 'creme fraiche' }],
      householdsWithIngredientFood: [scope.householdId],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      referenceFoodId: null,
      referenceFood: null,
      density: null,
      pieceWeight: null,
      nutritionPer100g: null,
    });
    const row = await ctx.deps.db.selectFrom('ingredient_foods').select(['name_normalized', 'plural_name_normalized']).where('id', '=', food.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name_normalized: 'creme fraiche', plural_name_normalized: 'cremes fraiches' });

    const seenNextDoor = (await ctx.app.inject({ method: 'GET', url: `/api/foods/${food.id}`, headers: neighbour })).json();
    expect(seenNextDoor.onHand).toBe(false);
    expect(seenNextDoor.householdsWithIngredientFood).toEqual([scope.householdId]);
  });

  it('updates only the fields sent, clears with null, and keeps the normalized columns current', async () => {
    const label = (await post(ctx, organizer, '/api/groups/labels', { name: 'Vegetables' })).json();
    const food = await createFood({ name: 'Zucchini', pluralName: 'Zucchinis', labelId: label.id, aliases: [{ name: 'courgette' }] });
    const renamed = await ctx.app.inject({ method: 'PUT', url: `/api/foods/${food.id}`, headers: organizer, payload: { name: 'Courgette Verte' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Courgette Verte', pluralName: 'Zucchinis', labelId: label.id, aliases: [{ name: 'courgette' }] });
    const row = await ctx.deps.db.selectFrom('ingredient_foods').select('name_normalized').where('id', '=', food.id).executeTakeFirstOrThrow();
    expect(row.name_normalized).toBe('courgette verte');

    const cleared = await ctx.app.inject({ method: 'PUT', url: `/api/foods/${food.id}`, headers: organizer, payload: { name: 'Courgette', labelId: null, pluralName: null, aliases: [] } });
    expect(cleared.json()).toMatchObject({ name: 'Courgette', pluralName: null, labelId: null, label: null, aliases: [] });

    const onHand = await ctx.app.inject({ method: 'PUT', url: `/api/foods/${food.id}`, headers: neighbour, payload: { name: 'Courgette', onHand: true } });
    expect(onHand.json()).toMatchObject({ onHand: true, householdsWithIngredientFood: [neighbourHousehold] });
    // The Mealie 2 way: the household list decides for the caller's own household only.
    const viaList = await ctx.app.inject({ method: 'PUT', url: `/api/foods/${food.id}`, headers: organizer, payload: { name: 'Courgette', householdsWithIngredientFood: [scope.householdSlug] } });
    expect(viaList.json().onHand).toBe(true);
    expect([...viaList.json().householdsWithIngredientFood].sort()).toEqual([scope.householdId, neighbourHousehold].sort());
  });

  it('refuses duplicates, blank names and labels of other groups', async () => {
    await createFood({ name: 'Onion' });
    expect((await post(ctx, organizer, '/api/foods', { name: 'ONION' })).statusCode).toBe(409);
    expect((await post(ctx, organizer, '/api/foods', { name: '  ' })).statusCode).toBe(422);
    const foreignLabel = (await post(ctx, outsider, '/api/groups/labels', { name: 'Theirs' })).json();
    const res = await post(ctx, organizer, '/api/foods', { name: 'Leek', labelId: foreignLabel.id });
    expect(res.statusCode).toBe(404);
    expect(await ctx.deps.db.selectFrom('ingredient_foods').select('id').where('name', '=', 'Leek').execute()).toEqual([]);
  });

  it('deletes a food and leaves its ingredients without a food', async () => {
    const food = await createFood({ name: 'Parsnip' });
    const recipeId = await insertRecipe(ctx, scope, [{ foodId: food.id }]);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/foods/${food.id}`, headers: organizer });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().name).toBe('Parsnip');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/foods/${food.id}`, headers: organizer })).statusCode).toBe(404);
    const ingredients = await ctx.deps.db.selectFrom('recipes_ingredients').select('food_id').where('recipe_id', '=', recipeId).execute();
    expect(ingredients).toEqual([{ food_id: null }]);
  });

  it('checks canOrganize on writes and hides other groups\' foods', async () => {
    const food = await createFood({ name: 'Fennel' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/foods/${food.id}`, headers: plainMember })).statusCode).toBe(200);
    expect((await post(ctx, plainMember, '/api/foods', { name: 'Nope' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/foods/${food.id}`, headers: plainMember, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/foods/${food.id}`, headers: plainMember })).statusCode).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: `/api/foods/${food.id}`, headers: outsider, payload: method === 'PUT' ? { name: 'x' } : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    const theirs = (await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=-1', headers: outsider })).json();
    expect(theirs.items.map((f: { id: string }) => f.id)).not.toContain(food.id);
  });
});

describe('/api/foods search and paging', () => {
  it('matches without accents or case, on name and plural name', async () => {
    await createFood({ name: 'Crème brûlée mix', pluralName: 'Crème brûlée mixes' });
    await createFood({ name: 'Tomato', pluralName: 'Tomatoes' });
    const search = async (text: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/foods?search=${encodeURIComponent(text)}`, headers: plainMember })).json().items.map((f: { name: string }) => f.name);
    expect(await search('creme')).toEqual(expect.arrayContaining(['Crème fraîche', 'Crème brûlée mix']));
    expect(await search('creme')).not.toContain('Tomato');
    expect(await search('FRAÎCHE')).toEqual(['Crème fraîche']);
    expect(await search('tomatoes')).toEqual(['Tomato']);
    // The food whose name holds the whole search comes first.
    expect((await search('creme brulee'))[0]).toBe('Crème brûlée mix');
    expect(await search('"brulee mix"')).toEqual(['Crème brûlée mix']);
  });

  it('ranks an exact name first, then names starting with the search, then the rest', async () => {
    for (const name of ['Green bell pepper', 'Bell pepper flakes', 'Bell pepper']) await createFood({ name });
    const names = (await ctx.app.inject({ method: 'GET', url: '/api/foods?search=bell%20pepper', headers: plainMember })).json().items.map((f: { name: string }) => f.name);
    expect(names).toEqual(['Bell pepper', 'Bell pepper flakes', 'Green bell pepper']);
  });

  it('orders and pages', async () => {
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=-1&orderBy=name&orderDirection=asc', headers: plainMember })).json();
    expect(all.per_page).toBe(all.total);
    const names = all.items.map((f: { name: string }) => f.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const second = (await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=2&page=2&orderBy=name&orderDirection=asc', headers: plainMember })).json();
    expect(second.items.map((f: { name: string }) => f.name.toLowerCase())).toEqual(names.slice(2, 4));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/foods?orderBy=label.name', headers: plainMember })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/foods?orderBy=password', headers: plainMember })).statusCode).toBe(400);
  });

  it('narrows with a queryFilter on columns, the label and the on-hand households', async () => {
    const label = (await post(ctx, organizer, '/api/groups/labels', { name: 'Filter Label' })).json();
    const labelled = await createFood({ name: 'Filtered fig', labelId: label.id });
    const held = await createFood({ name: 'Filtered date' });
    await ctx.app.inject({ method: 'PUT', url: `/api/foods/${held.id}`, headers: neighbour, payload: { name: 'Filtered date', onHand: true } });
    const filtered = async (filter: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/foods?perPage=-1&queryFilter=${encodeURIComponent(filter)}`, headers: plainMember });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((f: { id: string }) => f.id);
    };
    expect(await filtered('label.name = "Filter Label"')).toEqual([labelled.id]);
    expect(await filtered(`households_with_ingredient_food.id = ${neighbourHousehold} AND name LIKE "filtered%"`)).toEqual([held.id]);
    const total = (await ctx.app.inject({ method: 'GET', url: `/api/foods?queryFilter=${encodeURIComponent('name LIKE "Filtered%"')}`, headers: plainMember })).json().total;
    expect(total).toBe(2);
    const bad = await ctx.app.inject({ method: 'GET', url: `/api/foods?queryFilter=${encodeURIComponent('password = 1')}`, headers: plainMember });
    expect(bad.statusCode).toBe(400);
  });

  it('lists in a fixed number of queries whatever the page size', async () => {
    const count = async () => Number((await ctx.app.inject({ method: 'GET', url: '/api/foods?perPage=-1', headers: plainMember })).headers['x-hearth-queries']);
    const before = await count();
    const label = (await post(ctx, organizer, '/api/groups/labels', { name: 'Bulk' })).json();
    for (let i = 0; i < 4; i += 1) await createFood({ name: `Bulk food ${i}`, labelId: label.id, aliases: [{ name: `bulk ${i}` }], onHand: true });
    expect(await count()).toBe(before);
  });
});

describe('PUT /api/foods/merge', () => {
  it('moves every reference to the target in one go and deletes the source', async () => {
    const label = (await post(ctx, organizer, '/api/groups/labels', { name: 'Alliums' })).json();
    const source = await createFood({ name: 'Scallion', pluralName: 'Scallions', labelId: label.id, aliases: [{ name: 'spring onion' }], onHand: true });
    // Unlinked on purpose: a linked food would get its food group's aisle and keep it over the source's label.
    const target = await createFood({ name: 'Green onion', aliases: [{ name: 'scallion' }], referenceFoodId: null });
    await ctx.app.inject({ method: 'PUT', url: `/api/foods/${target.id}`, headers: neighbour, payload: { name: 'Green onion', onHand: true } });
    const unit = (await post(ctx, organizer, '/api/units', { name: 'bunch' })).json();
    const recipeA = await insertRecipe(ctx, scope, [{ foodId: source.id, unitId: unit.id }, { foodId: target.id }, { foodId: source.id }]);
    const recipeB = await insertRecipe(ctx, scope, [{ foodId: source.id }]);

    const merged = await ctx.app.inject({ method: 'PUT', url: '/api/foods/merge', headers: organizer, payload: { fromFood: source.id, toFood: target.id } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ message: 'Successfully merged', error: false });

    const db = ctx.deps.db;
    expect(await db.selectFrom('ingredient_foods').select('id').where('id', '=', source.id).execute()).toEqual([]);
    expect(await db.selectFrom('recipes_ingredients').select('id').where('food_id', '=', source.id).execute()).toEqual([]);
    expect(await db.selectFrom('households_to_ingredient_foods').select('household_id').where('food_id', '=', source.id).execute()).toEqual([]);
    expect(await db.selectFrom('ingredient_foods_aliases').select('id').where('food_id', '=', source.id).execute()).toEqual([]);
    const ingredients = await db.selectFrom('recipes_ingredients').select(['recipe_id', 'food_id', 'unit_id']).where('recipe_id', 'in', [recipeA, recipeB]).orderBy('id').execute();
    expect(ingredients.map((i) => i.food_id)).toEqual([target.id, target.id, target.id, target.id]);
    expect(ingredients[0].unit_id).toBe(unit.id);

    const after = (await ctx.app.inject({ method: 'GET', url: `/api/foods/${target.id}`, headers: organizer })).json();
    expect(after.onHand).toBe(true);
    expect([...after.householdsWithIngredientFood].sort()).toEqual([scope.householdId, neighbourHousehold].sort());
    expect(after.labelId).toBe(label.id);
    expect(after.aliases.map((a: { name: string }) => a.name).sort()).toEqual(['Scallions', 'scallion', 'spring onion']);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/foods/${source.id}`, headers: organizer })).statusCode).toBe(404);
  });

  it('refuses to merge a food into itself, across groups, or without canOrganize', async () => {
    const food = await createFood({ name: 'Radish' });
    const other = await createFood({ name: 'Daikon' });
    const foreign = await createFood({ name: 'Radish' }, outsider);
    const merge = (payload: object, headers = organizer) => ctx.app.inject({ method: 'PUT', url: '/api/foods/merge', headers, payload });
    expect((await merge({ fromFood: food.id, toFood: food.id })).statusCode).toBe(400);
    expect((await merge({ fromFood: foreign.id, toFood: food.id })).statusCode).toBe(404);
    expect((await merge({ fromFood: food.id, toFood: foreign.id })).statusCode).toBe(404);
    expect((await merge({ fromFood: food.id, toFood: other.id }, plainMember)).statusCode).toBe(403);
    expect((await merge({ from_food: food.id })).statusCode).toBe(422);
    const ids = (await ctx.deps.db.selectFrom('ingredient_foods').select('id').where('id', 'in', [food.id, other.id, foreign.id]).execute()).map((r) => r.id);
    expect(ids.sort()).toEqual([food.id, other.id, foreign.id].sort());
  });
});

describe('findOrCreateFoodByName', () => {
  it('finds by name, plural or alias ignoring accents and case, and creates otherwise', async () => {
    const food = await createFood({ name: 'Jalapeño', pluralName: 'Jalapeños', aliases: [{ name: 'chile jalapeno' }] });
    for (const name of ['jalapeno', 'JALAPEÑOS', 'Chile Jalapeño']) {
      expect(await findOrCreateFoodByName(ctx.deps.db, scope.groupId, name)).toEqual({ id: food.id, created: false });
    }
    const created = await findOrCreateFoodByName(ctx.deps.db, scope.groupId, 'Habanero');
    expect(created.created).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/foods/${created.id}`, headers: organizer })).json().name).toBe('Habanero');
    expect(await findOrCreateFoodByName(ctx.deps.db, scope.groupId, 'habanero')).toEqual({ id: created.id, created: false });
  });
});
