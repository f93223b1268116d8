import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { call, getList, ITEMS, LISTS, makeFood, makeLabel, makeList, makeRecipe, makeUnit } from './test-fixtures.js';

let ctx: TestContext;
let me: Record<string, string>;
let housemate: Record<string, string>;
let stranger: Record<string, string>;
let cup: { id: string };
let flour: { id: string };
let milk: { id: string };
let dairy: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  me = (await createMember(ctx, { username: 'shopper', flags: { canOrganize: true } })).headers;
  housemate = (await createMember(ctx, { username: 'housemate' })).headers;
  stranger = (await createMember(ctx, { username: 'stranger', group: 'Shop Elsewhere' })).headers;
  dairy = await makeLabel(ctx, me, 'Dairy');
  cup = await makeUnit(ctx, me, 'cup');
  flour = await makeFood(ctx, me, 'flour');
  milk = await makeFood(ctx, me, 'milk', { labelId: dairy.id, pluralName: 'milks' });
});
afterAll(async () => ctx?.close());

describe('shopping lists', () => {
  it('creates, lists by name, reads, renames and deletes lists within the household', async () => {
    const b = await makeList(ctx, me, 'Bakery');
    const a = await makeList(ctx, housemate, 'Aldi');
    expect(b.labelSettings.map((s) => s.labelId)).toContain(dairy.id);
    const page = (await call(ctx, me, 'GET', `${LISTS}?perPage=-1`, undefined, 200)).json();
    const names = page.items.map((l: { name: string }) => l.name);
    expect(names.indexOf('Aldi')).toBeLessThan(names.indexOf('Bakery'));
    expect(page.items.find((l: { id: string }) => l.id === a.id).userId).not.toBe(page.items.find((l: { id: string }) => l.id === b.id).userId);
    expect((await call(ctx, stranger, 'GET', `${LISTS}/${a.id}`)).statusCode).toBe(404);
    expect((await call(ctx, stranger, 'GET', LISTS)).json().items).toEqual([]);
    const renamed = (await call(ctx, me, 'PUT', `${LISTS}/${a.id}`, { ...a, name: 'Aldi Süd' }, 200)).json();
    expect(renamed.name).toBe('Aldi Süd');
    expect((await call(ctx, me, 'DELETE', `${LISTS}/${a.id}`, undefined, 200)).json().id).toBe(a.id);
    expect((await call(ctx, me, 'GET', `${LISTS}/${a.id}`)).statusCode).toBe(404);
  });

  it('keeps label settings for every label, ordered as saved, and adds labels created later', async () => {
    const list = await makeList(ctx, me, 'Labels');
    const produce = await makeLabel(ctx, me, 'Produce');
    const read = await getList(ctx, me, list.id);
    const order = read.labelSettings.map((s) => s.labelId);
    expect(order).toEqual(expect.arrayContaining([dairy.id, produce.id]));
    const reversed = [...read.labelSettings].reverse().map((s, index) => ({ ...s, position: index }));
    const saved = (await call(ctx, me, 'PUT', `${LISTS}/${list.id}/label-settings`, reversed, 200)).json();
    expect(saved.labelSettings.map((s: { labelId: string }) => s.labelId)).toEqual([...order].reverse());
  });
});

describe('shopping items', () => {
  it('creates one, creates in bulk, updates in bulk and deletes with repeated ids', async () => {
    const list = await makeList(ctx, me, 'Items');
    const one = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'batteries', quantity: 2 }, 201)).json();
    expect(one.createdItems).toHaveLength(1);
    expect(one.createdItems[0]).toMatchObject({ note: 'batteries', quantity: 2, checked: false, foodId: null, display: 'batteries' });
    const bulk = (await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, [
      { shoppingListId: list.id, note: 'Milk' },
      { shoppingListId: list.id, foodId: flour.id, unitId: cup.id, quantity: 2 },
    ], 201)).json();
    expect(bulk.createdItems).toHaveLength(2);
    // A typed item takes the food named like it (and the food's label).
    expect(bulk.createdItems[0]).toMatchObject({ foodId: milk.id, labelId: dairy.id, note: '' });
    expect(bulk.createdItems[1].display).toBe('2 cup flour');
    const updated = (await call(ctx, me, 'PUT', ITEMS, bulk.createdItems.map((item: Record<string, unknown>) => ({ ...item, checked: true })), 200)).json();
    expect(updated.updatedItems.map((item: { checked: boolean }) => item.checked)).toEqual([true, true]);
    const ids = bulk.createdItems.map((item: { id: string }) => item.id);
    await call(ctx, me, 'DELETE', `${ITEMS}?ids=${ids[0]}&ids=${ids[1]}`, undefined, 200);
    const left = await getList(ctx, me, list.id);
    expect(left.listItems.map((item) => item.id)).toEqual([one.createdItems[0].id]);
    expect((await call(ctx, stranger, 'GET', `${ITEMS}/${one.createdItems[0].id}`)).statusCode).toBe(404);
    expect((await call(ctx, stranger, 'POST', ITEMS, { shoppingListId: list.id, note: 'x' })).statusCode).toBe(400);
    expect((await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, foodId: 'nope' })).statusCode).toBe(400);
    expect((await call(ctx, me, 'POST', ITEMS, { note: 'no list' })).statusCode).toBe(422);
  });

  it('merges an added food into the unchecked item with the same food and unit, and a note-only item into the same note', async () => {
    const list = await makeList(ctx, me, 'Merge');
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, foodId: flour.id, unitId: cup.id, quantity: 1 }, 201);
    const merged = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, foodId: flour.id, unitId: cup.id, quantity: 2 }, 201)).json();
    expect(merged.createdItems).toEqual([]);
    expect(merged.updatedItems[0].quantity).toBe(3);
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, foodId: flour.id, quantity: 5 }, 201); // other unit: separate
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'a gift' }, 201);
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'a gift' }, 201); // same note, no food: merged (Mealie)
    await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'a card' }, 201);
    const read = await getList(ctx, me, list.id);
    expect(read.listItems.map((item) => [item.quantity, item.note])).toEqual([[3, ''], [5, ''], [2, 'a gift'], [1, 'a card']]);
  });

  it('refuses a stale update: an older updatedAt never undoes a newer write, and a deleted item stays deleted', async () => {
    const list = await makeList(ctx, me, 'Stale');
    const item = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'eggs' }, 201)).json().createdItems[0];
    const ticked = (await call(ctx, housemate, 'PUT', `${ITEMS}/${item.id}`, { ...item, checked: true }, 200)).json().updatedItems[0];
    expect(ticked.checked).toBe(true);
    expect(ticked.updatedAt > item.updatedAt).toBe(true);
    const stale = (await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: false, note: 'eggs!' }], 200)).json();
    expect(stale.updatedItems[0]).toMatchObject({ checked: true, note: 'eggs' });
    await call(ctx, me, 'DELETE', `${ITEMS}/${item.id}`, undefined, 200);
    const late = (await call(ctx, housemate, 'PUT', ITEMS, [{ ...ticked, checked: false }], 200)).json();
    expect(late.updatedItems).toEqual([]);
    expect((await getList(ctx, me, list.id)).listItems).toEqual([]);
    expect((await call(ctx, me, 'PUT', `${ITEMS}/${item.id}`, { ...item })).statusCode).toBe(404);
  });

  it('tells stale from newer to the microsecond (two writes within one millisecond)', async () => {
    const list = await makeList(ctx, me, 'Micro Stale');
    const item = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'milk' }, 201)).json().createdItems[0];
    expect(item.updatedAt).toMatch(/\.\d{6}Z$/);
    await ctx.deps.db.updateTable('shopping_list_items').set({ update_at: '2030-01-02T03:04:05.123456Z', checked: true }).where('id', '=', item.id).execute();
    const stale = (await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: false, updatedAt: '2030-01-02T03:04:05.123400Z' }], 200)).json();
    expect(stale.updatedItems[0]).toMatchObject({ checked: true });
    const fresh = (await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: false, updatedAt: '2030-01-02T03:04:05.123456Z' }], 200)).json();
    expect(fresh.updatedItems[0].checked).toBe(false);
    // The write after a stamp in the future is one microsecond on, never the same stamp.
    expect(fresh.updatedItems[0].updatedAt).toBe('2030-01-02T03:04:05.123457Z');
  });

  it('survives 20 concurrent writers without a 5xx', async () => {
    const list = await makeList(ctx, me, 'Busy');
    const created = (await call(ctx, me, 'POST', `${ITEMS}/create-bulk`, Array.from({ length: 10 }, (_, i) => ({ shoppingListId: list.id, note: `thing ${i}` })), 201)).json().createdItems;
    const writes = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? call(ctx, i % 4 === 0 ? me : housemate, 'PUT', ITEMS, created.map((item: Record<string, unknown>) => ({ ...item, checked: i % 3 === 0 })))
        : call(ctx, housemate, 'POST', ITEMS, { shoppingListId: list.id, foodId: flour.id, unitId: cup.id, quantity: 1 }),
    );
    const statuses = (await Promise.all(writes)).map((res) => res.statusCode);
    expect(statuses.every((status) => status < 500), statuses.join(',')).toBe(true);
    const read = await getList(ctx, me, list.id);
    expect(read.listItems.filter((item) => item.foodId === flour.id).map((item) => item.quantity)).toEqual([10]);
  });
});

describe('recipes on a list', () => {
  it('adds with a scale, merges with the same food and unit, and removing subtracts exactly what was added', async () => {
    const list = await makeList(ctx, me, 'Recipes');
    const pancakes = await makeRecipe(ctx, me, 'Pancakes', [
      { quantity: 1.5, unit: { id: cup.id }, food: { id: flour.id }, note: '' },
      { quantity: 1, unit: { id: cup.id }, food: { id: milk.id }, note: '' },
      { quantity: null, note: 'a pinch of love' },
    ]);
    const bread = await makeRecipe(ctx, me, 'Bread', [{ quantity: 3, unit: { id: cup.id }, food: { id: flour.id }, note: '' }]);
    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${pancakes.id}`, { recipeIncrementQuantity: 2 }, 200);
    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${bread.id}`, null, 200);
    let read = await getList(ctx, me, list.id);
    const flourItem = () => read.listItems.find((item) => item.foodId === flour.id)!;
    expect(flourItem().quantity).toBe(6);
    expect(flourItem().recipeReferences).toEqual(expect.arrayContaining([
      expect.objectContaining({ recipeId: pancakes.id, recipeQuantity: 3, recipeScale: 2 }),
      expect.objectContaining({ recipeId: bread.id, recipeQuantity: 3, recipeScale: 1 }),
    ]));
    expect(read.listItems.find((item) => item.foodId === milk.id)!.quantity).toBe(2);
    expect(read.listItems.find((item) => item.note === 'a pinch of love')).toBeTruthy();
    expect(read.recipeReferences.map((ref) => [ref.recipe.slug, ref.recipeQuantity])).toEqual([[bread.slug, 1], [pancakes.slug, 2]]);

    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${pancakes.id}/delete`, {}, 200); // default decrement 1
    read = await getList(ctx, me, list.id);
    expect(flourItem().quantity).toBe(4.5);
    expect(read.listItems.find((item) => item.foodId === milk.id)!.quantity).toBe(1);
    expect(read.listItems.find((item) => item.note === 'a pinch of love')).toBeTruthy();
    expect(read.recipeReferences.find((ref) => ref.recipeId === pancakes.id)!.recipeQuantity).toBe(1);

    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${pancakes.id}/delete`, { recipeDecrementQuantity: 1 }, 200);
    read = await getList(ctx, me, list.id);
    expect(read.listItems.map((item) => [item.foodId, item.quantity])).toEqual([[flour.id, 3]]);
    expect(read.recipeReferences.map((ref) => ref.recipeId)).toEqual([bread.id]);
    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${bread.id}/delete`, {}, 200);
    expect((await getList(ctx, me, list.id)).listItems).toEqual([]);
  });

  it('the dialog path adds several recipes with only the ticked ingredients', async () => {
    const list = await makeList(ctx, me, 'Dialog');
    const soup = await makeRecipe(ctx, me, 'Soup', [
      { quantity: 2, unit: { id: cup.id }, food: { id: milk.id }, note: '' },
      { quantity: 1, food: { id: flour.id }, note: 'for thickening' },
    ]);
    const cake = await makeRecipe(ctx, me, 'Cake', [{ quantity: 1, unit: { id: cup.id }, food: { id: milk.id }, note: '' }]);
    const soupRead = (await call(ctx, me, 'GET', `/api/recipes/${soup.slug}`, undefined, 200)).json();
    await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe`, [
      { recipeId: soup.id, recipeIncrementQuantity: 1, recipeIngredients: [soupRead.recipeIngredient[0]] },
      { recipeId: cake.id, recipeIncrementQuantity: 3 },
    ], 200);
    const read = await getList(ctx, me, list.id);
    expect(read.listItems.map((item) => [item.foodId, item.quantity, item.labelId])).toEqual([[milk.id, 5, dairy.id]]);
    expect((await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe`, [{ recipeId: '00000000-0000-4000-8000-000000000000' }])).statusCode).toBe(404);
  });
});

describe('events for notifiers and the household stream', () => {
  it('announces list and item changes in the write\'s transaction', async () => {
    const before = Number((await ctx.deps.db.selectFrom('hearth_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst())?.max ?? 0);
    const list = await makeList(ctx, me, 'Announced');
    const item = (await call(ctx, me, 'POST', ITEMS, { shoppingListId: list.id, note: 'soap' }, 201)).json().createdItems[0];
    await call(ctx, me, 'PUT', ITEMS, [{ ...item, checked: true }], 200);
    await call(ctx, me, 'DELETE', `${LISTS}/${list.id}`, undefined, 200);
    const rows = await ctx.deps.db.selectFrom('hearth_events').select(['type']).where('id', '>', before).orderBy('id').execute();
    expect(rows.map((row) => row.type)).toEqual([
      'shopping_list_created',
      'shopping_list_item_created',
      'shopping_list_updated',
      'shopping_list_item_updated',
      'shopping_list_updated',
      'shopping_list_deleted',
    ]);
  });
});
