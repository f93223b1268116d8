import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScope, makeHousehold, makeRecipe, makeShoppingItem, makeShoppingList, makeUser, type MadeUser } from '../../test/factories.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { API } from '../../../contract/routes.js';

/**
 * Shopping lists belong to one household (issue 39): a household of the SAME group (which shares the
 * group's recipes, foods and labels) neither sees nor changes another household's lists and items, by any
 * route; bulk writes naming them change nothing.
 */
let ctx: TestContext;
let home: MadeUser;
let neighbour: MadeUser;
let list: { id: string; name: string };
let item: { id: string; note: string };
let recipe: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const A = await defaultScope(ctx.deps);
  const B = await makeHousehold(ctx.deps, A.groupId, 'Neighbours');
  home = await makeUser(ctx.deps, A, { username: 'home-shopper' });
  neighbour = await makeUser(ctx.deps, B, { username: 'neighbour-shopper', flags: { canManage: true, canManageHousehold: true, canOrganize: true } });
  list = await makeShoppingList(ctx.deps, A, home.id, 'Home market');
  item = await makeShoppingItem(ctx.deps, list.id, 'home eggs', { quantity: 6 });
  recipe = await makeRecipe(ctx.deps, home.auth, 'Shared Pancakes');
});
afterAll(async () => ctx?.close());

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const LIST = () => `${API.householdsShoppingLists}/${list.id}`;
const ITEM = () => `${API.householdsShoppingItems}/${item.id}`;
const stored = async () => ({
  list: await ctx.deps.db.selectFrom('shopping_lists').selectAll().where('id', '=', list.id).executeTakeFirst(),
  items: await ctx.deps.db.selectFrom('shopping_list_items').selectAll().where('shopping_list_id', '=', list.id).orderBy('id').execute(),
  refs: await ctx.deps.db.selectFrom('shopping_list_recipe_reference').selectAll().where('shopping_list_id', '=', list.id).execute(),
});

describe(`shopping across the households of one group (${TEST_ENGINE})`, () => {
  it("a neighbour household lists and reads none of another household's lists and items", async () => {
    expect((await call(home.headers, 'GET', API.householdsShoppingLists)).json().items.map((l: { name: string }) => l.name)).toEqual(['Home market']);
    const lists = await call(neighbour.headers, 'GET', API.householdsShoppingLists);
    expect(lists.statusCode).toBe(200);
    expect(lists.json().items).toEqual([]);
    const items = await call(neighbour.headers, 'GET', `${API.householdsShoppingItems}?perPage=-1`);
    expect(items.json().items).toEqual([]);
    expect(items.body).not.toContain('home eggs');
    expect((await call(neighbour.headers, 'GET', LIST())).statusCode).toBe(404);
    expect((await call(neighbour.headers, 'GET', ITEM())).statusCode).toBe(404);
  });

  it("a neighbour household changes nothing of another household's list, by any route", async () => {
    const before = await stored();
    const refused = [
      await call(neighbour.headers, 'PUT', LIST(), { id: list.id, name: 'Taken over', listItems: [] }),
      await call(neighbour.headers, 'PUT', `${LIST()}/label-settings`, []),
      await call(neighbour.headers, 'POST', `${LIST()}/recipe`, [{ recipeId: recipe.id }]),
      await call(neighbour.headers, 'POST', `${LIST()}/recipe/${recipe.id}`, {}),
      await call(neighbour.headers, 'POST', `${LIST()}/recipe/${recipe.id}/delete`, {}),
      await call(neighbour.headers, 'PUT', ITEM(), { shoppingListId: list.id, note: 'stolen', quantity: 1 }),
      await call(neighbour.headers, 'DELETE', ITEM()),
      await call(neighbour.headers, 'DELETE', LIST()),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    // Items for that list are refused as naming no list of theirs.
    expect((await call(neighbour.headers, 'POST', API.householdsShoppingItems, { shoppingListId: list.id, note: 'planted' })).statusCode).toBe(400);
    expect((await call(neighbour.headers, 'POST', API.householdsShoppingItemsCreateBulk, [{ shoppingListId: list.id, note: 'planted' }])).statusCode).toBe(400);
    // Bulk writes skip ids outside the caller's household (an offline client's retry must not fail): nothing changes.
    const bulkPut = await call(neighbour.headers, 'PUT', API.householdsShoppingItems, [{ id: item.id, shoppingListId: list.id, note: 'stolen', quantity: 99, checked: true }]);
    expect(bulkPut.statusCode).toBe(200);
    expect(bulkPut.json()).toMatchObject({ createdItems: [], updatedItems: [], deletedItems: [] });
    const bulkDelete = await call(neighbour.headers, 'DELETE', `${API.householdsShoppingItems}?ids=${item.id}`);
    expect(bulkDelete.statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('the home household still works its own list', async () => {
    const res = await call(home.headers, 'PUT', ITEM(), { shoppingListId: list.id, note: 'home eggs', quantity: 12, checked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).items).toMatchObject([{ id: item.id, quantity: 12 }]);
  });
});
