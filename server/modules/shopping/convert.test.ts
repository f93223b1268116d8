import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/routes.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { call, getList, ITEMS, makeFood, makeList, makeRecipe, makeUnit } from './test-fixtures.js';

/**
 * Issue 37: a shopping list adds up amounts of one food written in different units, through the food's
 * own weights (USDA SR26 household measures of its linked reference food, or the user's density), in the
 * household's unit system; without a known conversion the lines stay apart. Figures worked by hand:
 * - flour (row 20081, 1 cup = 125 g): 1 cup + 200 g = 325 g (metric); = 325 / 28.349523125 = 11.46404 oz (US);
 * - unsalted butter (row 01145, 1 stick = 113 g, 1 tbsp = 14.2 g): 1 stick + 2 tbsp = 113 + 28.4 = 141.4 g;
 * - milk, volume + volume (no food weight needed): 1 US cup (236.5882365 ml) + 250 ml = 486.5882 ml;
 * - honey (row 19296, 1 cup = 339 g): a recipe's 1 cup + another's 100 g = 439 g; removing the first leaves 100 g.
 */
let ctx: TestContext;
let me: Record<string, string>;
let us: Record<string, string>;
const units: Record<string, string> = {};
const foods: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  me = (await createMember(ctx, { username: 'metric-cook', flags: { canOrganize: true } })).headers;
  us = (await createMember(ctx, { username: 'us-cook', household: 'Over There', flags: { canManageHousehold: true } })).headers;
  for (const name of ['cup', 'g', 'oz', 'ml', 'tbsp', 'stick', 'pinch']) units[name] = (await makeUnit(ctx, me, name)).id;
  for (const name of ['unsalted butter', 'milk', 'honey', 'mystery paste']) foods[name] = (await makeFood(ctx, me, name)).id;
  foods.flour = (await makeFood(ctx, me, 'flour', { referenceFoodId: '20081' })).id; // "flour" alone is linked by the user
  await call(ctx, us, 'PUT', API.householdsPreferences, { unitSystem: 'us' }, 200);
});
afterAll(async () => ctx?.close());

const item = (listId: string, food: string, quantity: number, unit: string | null) => ({ shoppingListId: listId, foodId: foods[food], unitId: unit ? units[unit] : null, quantity });

describe('shopping list: amounts of one food in different units', () => {
  it('checks the foods are linked to the USDA rows the figures come from', async () => {
    const linked = await Promise.all(['flour', 'unsalted butter', 'honey'].map(async (name) => (await call(ctx, me, 'GET', `${API.foods}/${foods[name]}`, undefined, 200)).json().referenceFoodId));
    expect(linked).toEqual(['20081', '01145', '19296']);
    expect((await call(ctx, me, 'GET', API.householdsPreferences, undefined, 200)).json()).toMatchObject({ unitSystem: 'metric', onHandFromShopping: false });
  });

  it('adds 1 cup and 200 g of flour into one line of 325 g in a metric household, and says so on the line', async () => {
    const list = await makeList(ctx, me, 'Metric');
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'flour', 1, 'cup'), 201);
    const merged = (await call(ctx, me, 'POST', ITEMS, item(list.id, 'flour', 200, 'g'), 201)).json();
    expect(merged.createdItems).toEqual([]);
    expect(merged.updatedItems[0]).toMatchObject({ quantity: 325, unitId: units.g, foodId: foods.flour, extras: { 'hearth.mergedFrom': '1 cup + 200 g' } });
    // More grams add directly and the line keeps saying what it adds up.
    const more = (await call(ctx, me, 'POST', ITEMS, item(list.id, 'flour', 75, 'g'), 201)).json();
    expect(more.updatedItems[0]).toMatchObject({ quantity: 400, extras: { 'hearth.mergedFrom': '1 cup + 200 g + 75 g' } });
    const read = await getList(ctx, me, list.id);
    expect(read.listItems.map((i) => [i.quantity, i.unitId])).toEqual([[400, units.g]]);
  });

  it('writes the same sum in ounces for a US household', async () => {
    await makeUnit(ctx, me, 'lb'); // a pound exists too, but 325 g is under one
    const list = await makeList(ctx, us, 'US');
    await call(ctx, us, 'POST', ITEMS, item(list.id, 'flour', 200, 'g'), 201);
    const merged = (await call(ctx, us, 'POST', ITEMS, item(list.id, 'flour', 1, 'cup'), 201)).json().updatedItems[0];
    expect(merged.unitId).toBe(units.oz);
    expect(merged.quantity).toBeCloseTo(11.46404, 4);
  });

  it('weighs a named measure and a spoon through the food: 1 stick + 2 tbsp unsalted butter = 141.4 g', async () => {
    const list = await makeList(ctx, me, 'Butter');
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'unsalted butter', 1, 'stick'), 201);
    const merged = (await call(ctx, me, 'POST', ITEMS, item(list.id, 'unsalted butter', 2, 'tbsp'), 201)).json().updatedItems[0];
    expect(merged.unitId).toBe(units.g);
    expect(merged.quantity).toBeCloseTo(141.4, 6);
  });

  it('adds volumes to volumes in ml', async () => {
    const list = await makeList(ctx, me, 'Milk');
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'milk', 1, 'cup'), 201);
    const merged = (await call(ctx, me, 'POST', ITEMS, item(list.id, 'milk', 250, 'ml'), 201)).json().updatedItems[0];
    expect(merged.unitId).toBe(units.ml);
    expect(merged.quantity).toBeCloseTo(486.5882, 3);
  });

  it('keeps lines apart when no conversion is known (never a wrong merge)', async () => {
    const list = await makeList(ctx, me, 'Apart');
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'mystery paste', 1, 'cup'), 201);
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'mystery paste', 200, 'g'), 201); // no link, no density
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'flour', 1, 'pinch'), 201); // a unit nobody weighs
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'flour', 200, 'g'), 201);
    await call(ctx, me, 'POST', ITEMS, item(list.id, 'flour', 2, null), 201); // flour has no piece weight
    const read = await getList(ctx, me, list.id);
    expect(read.listItems.map((i) => [i.foodId, i.quantity, i.unitId])).toEqual([
      [foods['mystery paste'], 1, units.cup],
      [foods['mystery paste'], 200, units.g],
      [foods.flour, 1, units.pinch],
      [foods.flour, 200, units.g],
      [foods.flour, 2, null],
    ]);
    // With the user's own density (1.2 g/ml) the paste's cup weighs 236.5882365 × 1.2 = 283.905884 g.
    const paste = (await call(ctx, me, 'GET', `${API.foods}/${foods['mystery paste']}`, undefined, 200)).json();
    await call(ctx, me, 'PUT', `${API.foods}/${paste.id}`, { ...paste, density: 1.2 }, 200);
    const merged = (await call(ctx, me, 'POST', ITEMS, item(list.id, 'mystery paste', 1, 'cup'), 201)).json();
    expect(merged.updatedItems[0].unitId).toBe(units.cup); // the same unit as a line already there merges as before
    expect(merged.updatedItems[0].quantity).toBe(2);
  });

  it('converts the recipe references with the line, so removing a recipe takes back exactly its share', async () => {
    const list = await makeList(ctx, me, 'Recipes');
    const cake = await makeRecipe(ctx, me, 'Honey cake', [{ quantity: 1, unit: { id: units.cup }, food: { id: foods.honey }, note: '' }]);
    const tea = await makeRecipe(ctx, me, 'Honey tea', [{ quantity: 100, unit: { id: units.g }, food: { id: foods.honey }, note: '' }]);
    await call(ctx, me, 'POST', `${API.householdsShoppingLists}/${list.id}/recipe`, [{ recipeId: cake.id, recipeIncrementQuantity: 1 }], 200);
    await call(ctx, me, 'POST', `${API.householdsShoppingLists}/${list.id}/recipe`, [{ recipeId: tea.id, recipeIncrementQuantity: 1 }], 200);
    const read = await getList(ctx, me, list.id);
    expect(read.listItems).toHaveLength(1);
    expect(read.listItems[0]).toMatchObject({ quantity: 439, unitId: units.g });
    const refs = Object.fromEntries(read.listItems[0].recipeReferences.map((ref) => [ref.recipeId, ref.recipeQuantity]));
    expect(refs).toEqual({ [cake.id]: 339, [tea.id]: 100 });
    await call(ctx, me, 'POST', `${API.householdsShoppingLists}/${list.id}/recipe/${cake.id}/delete`, { recipeDecrementQuantity: 1 }, 200);
    const after = await getList(ctx, me, list.id);
    expect(after.listItems.map((i) => [i.quantity, i.unitId])).toEqual([[100, units.g]]);
  });
});
