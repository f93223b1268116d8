import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../contract/routes.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { call, getList, ITEMS, makeFood, makeList, makeRecipe } from './test-fixtures.js';

/**
 * Issue 37, "what can I make with what we have": ticking a bought item marks its food on hand in the
 * household when its preference says so (off by default), and the recipe finder (GET /api/recipes/suggestions)
 * then ranks recipes by what the household still lacks. Two households of one group share the recipes and
 * foods but not what is on hand.
 */
let ctx: TestContext;
let home: Record<string, string>;
let neighbour: Record<string, string>;
const foods: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  home = (await createMember(ctx, { username: 'home-cook', flags: { canOrganize: true, canManageHousehold: true } })).headers;
  neighbour = (await createMember(ctx, { username: 'neighbour', household: 'Next Door', flags: { canManageHousehold: true } })).headers;
  for (const name of ['rice', 'coconut milk', 'lentils', 'saffron']) foods[name] = (await makeFood(ctx, home, name)).id;
  const food = (name: string) => ({ quantity: 1, food: { id: foods[name] }, note: '' });
  await makeRecipe(ctx, home, 'Coconut rice', [food('rice'), food('coconut milk')]);
  await makeRecipe(ctx, home, 'Dal', [food('lentils'), food('coconut milk'), food('rice')]);
  await makeRecipe(ctx, home, 'Paella', [food('rice'), food('saffron')]);
});
afterAll(async () => ctx?.close());

async function tick(headers: Record<string, string>, listName: string, names: string[]) {
  const list = await makeList(ctx, headers, listName);
  const created = (await call(ctx, headers, 'POST', `${ITEMS}/create-bulk`, names.map((name) => ({ shoppingListId: list.id, foodId: foods[name], quantity: 1 })), 201)).json().createdItems;
  await call(ctx, headers, 'PUT', ITEMS, created.map((item: Record<string, unknown>) => ({ ...item, checked: true })), 200);
  return list;
}

const onHand = async (headers: Record<string, string>) =>
  (await call(ctx, headers, 'GET', `${API.foods}?perPage=-1&orderBy=name&orderDirection=asc`, undefined, 200)).json().items.filter((f: { onHand: boolean }) => f.onHand).map((f: { name: string }) => f.name);

async function finder(headers: Record<string, string>, maxMissingFoods: number) {
  const res = await call(ctx, headers, 'GET', `/api/recipes/suggestions?includeFoodsOnHand=true&includeToolsOnHand=true&maxMissingFoods=${maxMissingFoods}`, undefined, 200);
  return res.json().items.map((s: { recipe: { name: string }; missingFoods: Array<{ name: string }> }) => [s.recipe.name, s.missingFoods.map((f) => f.name)]);
}

describe('on hand from the shopping list', () => {
  it('does nothing while the household preference is off (the default)', async () => {
    const list = await tick(home, 'Before', ['saffron']);
    expect((await getList(ctx, home, list.id)).listItems.every((item) => item.checked)).toBe(true);
    expect(await onHand(home)).toEqual([]);
  });

  it('marks ticked foods on hand in the ticking household only, and the finder answers from them', async () => {
    await call(ctx, home, 'PUT', API.householdsPreferences, { onHandFromShopping: true }, 200);
    await call(ctx, neighbour, 'PUT', API.householdsPreferences, { onHandFromShopping: true }, 200);
    await tick(home, 'Market', ['rice', 'coconut milk']);
    await tick(neighbour, 'Corner shop', ['rice']);
    expect(await onHand(home)).toEqual(['coconut milk', 'rice']);
    expect(await onHand(neighbour)).toEqual(['rice']);

    // Home has rice and coconut milk: coconut rice is makeable now; dal lacks lentils, paella saffron.
    expect(await finder(home, 0)).toEqual([['Coconut rice', []]]);
    expect(await finder(home, 1)).toEqual([['Coconut rice', []], ['Dal', ['lentils']], ['Paella', ['saffron']]]);
    // Next door has only rice: nothing is makeable; missing one, coconut rice and paella; missing two, dal too.
    expect(await finder(neighbour, 0)).toEqual([]);
    expect((await finder(neighbour, 1)).map((row: unknown[]) => row[0]).sort()).toEqual(['Coconut rice', 'Paella']);
    expect((await finder(neighbour, 2)).map((row: unknown[]) => row[0])).toContain('Dal');
  });

  it('unticking keeps the food on hand, and ticking again adds no second row', async () => {
    const list = await tick(home, 'Again', ['rice']);
    const items = (await getList(ctx, home, list.id)).listItems;
    await call(ctx, home, 'PUT', ITEMS, items.map((item) => ({ ...item, checked: false })), 200);
    const again = (await getList(ctx, home, list.id)).listItems;
    await call(ctx, home, 'PUT', ITEMS, again.map((item) => ({ ...item, checked: true })), 200);
    expect(await onHand(home)).toEqual(['coconut milk', 'rice']);
  });
});
