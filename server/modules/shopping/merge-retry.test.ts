import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/routes.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { call, getList, ITEMS, LISTS, makeFood, makeLabel, makeList, makeRecipe, makeUnit } from './test-fixtures.js';

/**
 * Issue 40 items 1 and 8, from Mealie's documented behaviour: items without a food merge when their note and
 * unit are the same (quantities add), as food items merge by food and unit; a create repeating an existing id
 * is a retry (same content: answered, nothing written twice) or a conflict (409), never a 500.
 */

let ctx: TestContext;
let me: Record<string, string>;
let stranger: Record<string, string>;
let pack: { id: string };
let household: { id: string; name: string };
let cleaning: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  me = (await createMember(ctx, { username: 'merger', flags: { canOrganize: true } })).headers;
  stranger = (await createMember(ctx, { username: 'elsewhere', group: 'Other Shop' })).headers;
  pack = await makeUnit(ctx, me, 'pack');
  household = await makeLabel(ctx, me, 'Household');
  cleaning = await makeFood(ctx, me, 'dish soap', { labelId: household.id, pluralName: 'dish soaps', aliases: [{ name: 'washing-up liquid' }] });
});
afterAll(async () => ctx?.close());

describe('note-only items merge like Mealie', () => {
  it('create-bulk with the same note and no food gives one item with the quantities added', async () => {
    const list = await makeList(ctx, me, 'Towels');
    const bulk = (await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, [
      { shoppingListId: list.id, note: 'paper towels', quantity: 1 },
      { shoppingListId: list.id, note: 'paper towels', quantity: 2 },
    ], 201)).json();
    expect(bulk.createdItems).toHaveLength(1);
    expect(bulk.createdItems[0]).toMatchObject({ note: 'paper towels', quantity: 3, foodId: null });
    // A later create merges into it too; another unit or a ticked item stays apart.
    const later = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'paper towels', quantity: 1 }, 201)).json();
    expect(later.createdItems).toEqual([]);
    expect(later.updatedItems[0]).toMatchObject({ id: bulk.createdItems[0].id, quantity: 4 });
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'paper towels', quantity: 1, unitId: pack.id }, 201);
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'paper towels', quantity: 1, checked: true }, 201);
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'Paper Towels!', quantity: 1 }, 201);
    const read = await getList(ctx, me, list.id);
    expect(read.listItems.map((item) => [item.note, item.quantity, item.unitId, item.checked])).toEqual([
      ['paper towels', 4, null, false],
      ['paper towels', 1, pack.id, false],
      ['paper towels', 1, null, true],
      ['Paper Towels!', 1, null, false],
    ]);
  });

  it('an item whose note names a labelled food (name, plural or alias) takes the food and its label', async () => {
    const list = await makeList(ctx, me, 'Soap');
    const bulk = (await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, [
      { shoppingListId: list.id, note: 'Dish Soap', quantity: 1 },
      { shoppingListId: list.id, note: 'washing-up liquid', quantity: 1, labelId: null },
    ], 201)).json();
    expect(bulk.createdItems).toHaveLength(1);
    expect(bulk.createdItems[0]).toMatchObject({ foodId: cleaning.id, labelId: household.id, quantity: 2 });
    expect(bulk.createdItems[0].label).toMatchObject({ id: household.id, name: 'Household' });
  });

  it('a recipe with note-only ingredients added twice, scaled and removed keeps one row per line', async () => {
    const list = await makeList(ctx, me, 'Recipe notes');
    const picnic = await makeRecipe(ctx, me, 'Picnic', [
      { quantity: 2, note: 'paper plates' },
      { quantity: null, note: 'sunshine' },
    ]);
    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${picnic.id}`, null, 200);
    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${picnic.id}`, { recipeIncrementQuantity: 2 }, 200);
    let read = await getList(ctx, me, list.id);
    expect(read.listItems.map((item) => [item.note, item.quantity])).toEqual([['paper plates', 6], ['sunshine', 0]]);
    expect(read.listItems[0].recipeReferences).toEqual([expect.objectContaining({ recipeId: picnic.id, recipeQuantity: 6, recipeScale: 3 })]);
    expect(read.recipeReferences.map((ref) => ref.recipeQuantity)).toEqual([3]);

    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${picnic.id}/delete`, { recipeDecrementQuantity: 2 }, 200);
    read = await getList(ctx, me, list.id);
    expect(read.listItems.map((item) => [item.note, item.quantity])).toEqual([['paper plates', 2], ['sunshine', 0]]);
    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${picnic.id}/delete`, {}, 200);
    read = await getList(ctx, me, list.id);
    expect(read.listItems).toEqual([]);
    expect(read.recipeReferences).toEqual([]);
  });
});

describe('a create that repeats an id is a retry, never a 500', () => {
  it('the same content answers the stored item and writes nothing twice', async () => {
    const list = await makeList(ctx, me, 'Retry');
    const id = crypto.randomUUID();
    const item = { id, shoppingListId: list.id, note: 'batteries', quantity: 4 };
    const first = (await call(ctx, me, 'POST', ITEMS, item, 201)).json();
    expect(first.createdItems.map((i: { id: string }) => i.id)).toEqual([id]);
    const again = (await call(ctx, me, 'POST', ITEMS, item, 201)).json();
    expect(again.createdItems).toEqual([expect.objectContaining({ id, note: 'batteries', quantity: 4 })]);
    expect(again.updatedItems).toEqual([]);
    expect((await getList(ctx, me, list.id)).listItems.map((i) => [i.id, i.quantity])).toEqual([[id, 4]]);
  });

  it('create-bulk with a repeated id and a new item keeps the new item', async () => {
    const list = await makeList(ctx, me, 'Retry bulk');
    const known = { id: crypto.randomUUID(), shoppingListId: list.id, note: 'rice', quantity: 1 };
    await call(ctx, me, 'POST', ITEMS, known, 201);
    const fresh = { id: crypto.randomUUID(), shoppingListId: list.id, note: 'beans', quantity: 2 };
    const bulk = (await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, [known, fresh], 201)).json();
    expect(bulk.createdItems.map((i: { id: string }) => i.id).sort()).toEqual([known.id, fresh.id].sort());
    // The same id twice in one batch is one item.
    const twice = { id: crypto.randomUUID(), shoppingListId: list.id, note: 'lentils', quantity: 1 };
    await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, [twice, twice], 201);
    const read = await getList(ctx, me, list.id);
    expect(read.listItems.map((i) => [i.note, i.quantity]).sort()).toEqual([['beans', 2], ['lentils', 1], ['rice', 1]]);
  });

  it('another content under an existing id, or an id of another household, is a 409 that writes nothing', async () => {
    const list = await makeList(ctx, me, 'Conflict');
    const id = crypto.randomUUID();
    await call(ctx, me, 'POST', ITEMS, { id, shoppingListId: list.id, note: 'milk', quantity: 1 }, 201);
    const other = crypto.randomUUID();
    const res = await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, [{ id, shoppingListId: list.id, note: 'oat milk', quantity: 1 }, { id: other, shoppingListId: list.id, note: 'bread' }]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail.message).toMatch(/already exists/);
    expect((await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, [{ id: other, shoppingListId: list.id, note: 'x' }, { id: other, shoppingListId: list.id, note: 'y' }])).statusCode).toBe(409);
    expect((await getList(ctx, me, list.id)).listItems.map((i) => i.note)).toEqual(['milk']);

    const theirList = await makeList(ctx, stranger, 'Theirs');
    const taken = await call(ctx, stranger, 'POST', ITEMS, { id, shoppingListId: theirList.id, note: 'milk', quantity: 1 });
    expect(taken.statusCode, taken.body).toBe(409);
    expect((await getList(ctx, stranger, theirList.id)).listItems).toEqual([]);
  });
});

describe('foods with a blank label', () => {
  it('POST /api/foods {labelId: ""} creates the food without a label, and PUT clears it', async () => {
    const food = (await call(ctx, me, 'POST', API.foods, { name: 'blank label food', labelId: '' }, 201)).json();
    expect(food.labelId).toBeNull();
    const labelled = (await call(ctx, me, 'PUT', `${API.foods}/${food.id}`, { name: 'blank label food', labelId: household.id }, 200)).json();
    expect(labelled.labelId).toBe(household.id);
    const cleared = (await call(ctx, me, 'PUT', `${API.foods}/${food.id}`, { name: 'blank label food', labelId: '' }, 200)).json();
    expect(cleared.labelId).toBeNull();
  });
});
