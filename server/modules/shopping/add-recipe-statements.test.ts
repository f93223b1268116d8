import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shoppingListOut } from '../../../contract/shopping.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { call, LISTS, makeFood, makeList, makeRecipe, makeUnit } from './test-fixtures.js';

/**
 * Adding a recipe to a list writes its new lines, the items its lines merge into (in the same unit or converted
 * from another), their recipe references and their events in a fixed number of statements (issue 37's bench:
 * "add a recipe to a list" stays under 20 ms however long the recipe is), and answers the whole list exactly as
 * the response schema would.
 */
let ctx: TestContext;
let me: Record<string, string>;
let cup: { id: string };
let gram: { id: string };
const foods: Array<{ id: string }> = [];

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  me = (await createMember(ctx, { username: 'statement-counter', flags: { canOrganize: true } })).headers;
  cup = await makeUnit(ctx, me, 'cup');
  gram = await makeUnit(ctx, me, 'g');
  // Linked to USDA's all-purpose flour (1 cup = 125 g), so cups and grams of each convert.
  for (let i = 0; i < 12; i += 1) foods.push(await makeFood(ctx, me, `counted food ${i}`, { referenceFoodId: '20081' }));
});
afterAll(async () => ctx?.close());

const lines = (count: number, unit: { id: string }) => foods.slice(0, count).map((food, i) => ({ quantity: i + 1, unit: { id: unit.id }, food: { id: food.id }, note: '' }));

async function added(listId: string, recipeId: string) {
  const res = await call(ctx, me, 'POST', `${LISTS}/${listId}/recipe/${recipeId}`, { recipeIncrementQuantity: 1 }, 200);
  return { queries: Number(res.headers['x-hearth-queries']), list: res.json() };
}

describe('adding a recipe to a shopping list', () => {
  it('takes as many statements for twelve new lines as for three', async () => {
    const short = await makeRecipe(ctx, me, 'Three lines', lines(3, cup));
    const long = await makeRecipe(ctx, me, 'Twelve lines', lines(12, cup));
    const three = await added((await makeList(ctx, me, 'New three')).id, short.id);
    const twelve = await added((await makeList(ctx, me, 'New twelve')).id, long.id);
    expect([three.list.listItems.length, twelve.list.listItems.length]).toEqual([3, 12]);
    expect(three.queries).toBeGreaterThan(0);
    expect(twelve.queries).toBe(three.queries);
  });

  it('takes as many statements for twelve lines merged into items, in the same unit or converted, as for three', async () => {
    const counts: Record<string, number> = {};
    for (const size of [3, 12]) {
      const inCups = await makeRecipe(ctx, me, `Cups ${size}`, lines(size, cup));
      const inGrams = await makeRecipe(ctx, me, `Grams ${size}`, lines(size, gram));
      const list = await makeList(ctx, me, `Merged ${size}`);
      await added(list.id, inCups.id);
      const sameUnit = await added(list.id, inCups.id);
      expect(sameUnit.list.listItems.map((item: { quantity: number }) => item.quantity)).toEqual(lines(size, cup).map((line) => 2 * line.quantity));
      const converted = await added(list.id, inGrams.id);
      // 2 × (i + 1) cups of flour at 125 g each, and (i + 1) g more: one line per food, in grams.
      expect(converted.list.listItems.map((item: { quantity: number; unitId: string }) => [item.quantity, item.unitId])).toEqual(
        lines(size, gram).map((line) => [250 * line.quantity + line.quantity, gram.id]),
      );
      counts[`same ${size}`] = sameUnit.queries;
      counts[`converted ${size}`] = converted.queries;
    }
    expect(counts['same 12']).toBe(counts['same 3']);
    expect(counts['converted 12']).toBe(counts['converted 3']);
  });

  it('answers the whole list exactly as its response schema would send it (nothing to strip or convert)', async () => {
    const recipe = await makeRecipe(ctx, me, 'Shape', [...lines(2, gram), { quantity: 1, note: 'a pinch of salt' }]);
    const list = await makeList(ctx, me, 'Shape');
    const { list: body } = await added(list.id, recipe.id);
    expect(body.listItems).toHaveLength(3);
    expect(body.listItems[0].food.name).toBe('counted food 0');
    expect(body).toStrictEqual(JSON.parse(JSON.stringify(shoppingListOut.parse(body))));
  });
});
