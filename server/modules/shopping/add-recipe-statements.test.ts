import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { call, LISTS, makeFood, makeList, makeRecipe, makeUnit } from './test-fixtures.js';

/**
 * Adding a recipe to a list writes its new lines, their recipe references and their events in a fixed number of
 * statements (issue 37's bench: "add a recipe to a list" stays under 20 ms however long the recipe is).
 */
let ctx: TestContext;
let me: Record<string, string>;
let cup: { id: string };
const foods: Array<{ id: string }> = [];

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  me = (await createMember(ctx, { username: 'statement-counter', flags: { canOrganize: true } })).headers;
  cup = await makeUnit(ctx, me, 'cup');
  for (let i = 0; i < 12; i += 1) foods.push(await makeFood(ctx, me, `counted food ${i}`));
});
afterAll(async () => ctx?.close());

const lines = (count: number) => foods.slice(0, count).map((food, i) => ({ quantity: i + 1, unit: { id: cup.id }, food: { id: food.id }, note: '' }));

describe('adding a recipe to a shopping list', () => {
  it('takes as many statements for twelve new lines as for three', async () => {
    const short = await makeRecipe(ctx, me, 'Three lines', lines(3));
    const long = await makeRecipe(ctx, me, 'Twelve lines', lines(12));
    const counted = async (recipeId: string) => {
      const list = await makeList(ctx, me, `For ${recipeId}`);
      const res = await call(ctx, me, 'POST', `${LISTS}/${list.id}/recipe/${recipeId}`, { recipeIncrementQuantity: 1 }, 200);
      return { queries: Number(res.headers['x-hearth-queries']), items: res.json().listItems.length as number };
    };
    const three = await counted(short.id);
    const twelve = await counted(long.id);
    expect([three.items, twelve.items]).toEqual([3, 12]);
    expect(three.queries).toBeGreaterThan(0);
    expect(twelve.queries).toBe(three.queries);
  });
});
