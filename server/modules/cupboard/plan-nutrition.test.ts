import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNutritionQuery } from '../../../contract/cupboard.js';
import { API } from '../../../contract/routes.js';
import { withQueryCount } from '../../db/query-count.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { planNutrition, typedNumber } from './plan-nutrition.js';
import { call, makeFood, makeRecipe, type Headers } from './testing.js';

/**
 * Issue 37, per-day totals on the meal planner: one serving of each planned recipe, from the nutrition its
 * page shows (typed-in or computed), summed per day; entries that add nothing are listed with why. USDA SR26
 * rows used by hand: 20081 wheat flour 364 kcal/100 g (cup 125 g), 01001 butter salted 717 kcal (cup 227 g),
 * 19335 sugar 387 kcal (cup 200 g). Shortbread (2 cups flour, 1 cup butter, ½ cup sugar; 8 servings):
 * 2.5 × 364 + 2.27 × 717 + 387 = 2924.59 kcal, 365.57 per serving.
 */
let ctx: TestContext;
let home: Headers;
let neighbour: Headers;
let homeScope: { groupId: string; householdId: string };
const recipes: Record<string, { slug: string; id: string }> = {};

async function plan(headers: Headers, date: string, recipeId: string | null, title = '') {
  await call(ctx, headers, 'POST', API.householdsMealplans, { date, entryType: 'dinner', recipeId, title }, 201);
}

async function nutrition(headers: Headers, start: string, end: string) {
  return (await call(ctx, headers, 'GET', `${API.householdsMealplansNutrition}?start_date=${start}&end_date=${end}`, undefined, 200)).json();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const cook = await createMember(ctx, { username: 'planner-cook', group: 'Planner Kitchen', flags: { canOrganize: true } });
  home = cook.headers;
  homeScope = { groupId: cook.user.groupId, householdId: cook.user.householdId };
  neighbour = (await createMember(ctx, { username: 'planner-neighbour', group: 'Planner Kitchen', household: 'Next Door' })).headers;
  const flour = await makeFood(ctx, home, 'flour', '20081');
  const butter = await makeFood(ctx, home, 'butter', '01001');
  const sugar = await makeFood(ctx, home, 'sugar', '19335');
  recipes.shortbread = await makeRecipe(ctx, home, { name: 'Shortbread', recipeServings: 8 }, [[2, 'cup', flour.id], [1, 'cup', butter.id], [0.5, 'cup', sugar.id]]);
  recipes.soup = await makeRecipe(ctx, home, { name: 'Typed soup', recipeServings: 4, nutrition: { calories: '250 kcal', proteinContent: '12,5 g' } });
  recipes.mystery = await makeRecipe(ctx, home, { name: 'Mystery stew', recipeServings: 2 }, [[1, null, null, 'something from the garden']]);
  recipes.unserved = await makeRecipe(ctx, home, { name: 'Butter block', recipeServings: 0, recipeYieldQuantity: 0 }, [[1, 'cup', butter.id]]);
  // Typed-in numbers, but the page is set to show the computed ones: the plan follows the page.
  recipes.chosen = await makeRecipe(ctx, home, { name: 'Sugar syrup', recipeServings: 2, nutrition: { calories: '1' } }, [[1, 'cup', sugar.id]]);
  await call(ctx, home, 'PUT', `/api/recipes/${recipes.chosen.slug}/nutrition/source`, { source: 'computed' }, 200);

  await plan(home, '2026-03-02', recipes.shortbread.id);
  await plan(home, '2026-03-02', recipes.soup.id);
  await plan(home, '2026-03-02', null, 'Leftovers');
  await plan(home, '2026-03-03', recipes.shortbread.id);
  await plan(home, '2026-03-03', recipes.shortbread.id);
  await plan(home, '2026-03-03', recipes.mystery.id);
  await plan(home, '2026-03-03', recipes.unserved.id);
  await plan(home, '2026-03-05', recipes.chosen.id);
  await plan(neighbour, '2026-03-02', recipes.soup.id);
});
afterAll(async () => ctx?.close());

describe('GET /api/households/mealplans/nutrition', () => {
  it('sums one serving of each planned recipe per day, with the entries it could not count', async () => {
    const shortbread = (await call(ctx, home, 'GET', `/api/recipes/${recipes.shortbread.slug}/nutrition/computed`, undefined, 200)).json().perServing;
    expect(shortbread.calories).toBeCloseTo(365.57, 2);
    const { days } = await nutrition(home, '2026-03-02', '2026-03-05');
    expect(days.map((day: { date: string }) => day.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);

    const [monday, tuesday, wednesday, thursday] = days;
    expect(monday.counted).toBe(2);
    expect(monday.total.calories).toBeCloseTo(365.57 + 250, 2);
    expect(monday.total.proteinContent).toBeCloseTo(shortbread.proteinContent + 12.5, 2);
    expect(monday.total.fatContent).toBeCloseTo(shortbread.fatContent, 2); // the soup typed no fat: adds nothing, not zero
    expect(monday.total.transFatContent).toBeNull();
    expect(monday.uncounted).toEqual([{ entryId: expect.any(Number), title: 'Leftovers', reason: 'no-recipe' }]);

    // Two entries of shortbread are two servings.
    expect(tuesday.counted).toBe(2);
    expect(tuesday.total.calories).toBeCloseTo(2 * 365.57, 1);
    expect(tuesday.uncounted.map((entry: { title: string; reason: string }) => [entry.title, entry.reason]).sort()).toEqual([
      ['Butter block', 'no-servings'],
      ['Mystery stew', 'no-nutrition'],
    ]);

    expect(wednesday).toEqual({ date: '2026-03-04', total: expect.any(Object), counted: 0, uncounted: [] });
    expect(Object.values(wednesday.total).every((value) => value === null)).toBe(true);
    // Sugar syrup shows its computed nutrition (1 cup sugar = 200 g, 387 kcal/100 g, 2 servings), not the typed 1 kcal.
    expect(thursday.total.calories).toBeCloseTo((2 * 387) / 2, 1);
  });

  it('answers for the caller\'s household only: another household of the group has its own plan', async () => {
    const { days } = await nutrition(neighbour, '2026-03-02', '2026-03-03');
    expect(days[0].counted).toBe(1);
    expect(days[0].total.calories).toBe(250);
    expect(days[0].uncounted).toEqual([]);
    expect(days[1].counted).toBe(0);
  });

  it('runs the same number of statements however many days and recipes the range holds', async () => {
    const small = await withQueryCount(() => planNutrition(ctx.deps, homeScope, planNutritionQuery.parse({ start_date: '2026-03-05', end_date: '2026-03-05' })));
    const large = await withQueryCount(() => planNutrition(ctx.deps, homeScope, planNutritionQuery.parse({ start_date: '2026-03-01', end_date: '2026-03-31' })));
    expect(small.result.days[0].counted).toBe(1);
    expect(large.result.days.reduce((sum, day) => sum + day.counted + day.uncounted.length, 0)).toBe(8);
    expect(large.queries).toBe(small.queries);
    expect(large.queries).toBeLessThanOrEqual(4);
  });

  it('refuses a reversed or too long range with a message, and a missing date', async () => {
    const reversed = await call(ctx, home, 'GET', `${API.householdsMealplansNutrition}?start_date=2026-03-05&end_date=2026-03-01`, undefined, 400);
    expect(reversed.body).toContain('start_date must not be after end_date');
    const long = await call(ctx, home, 'GET', `${API.householdsMealplansNutrition}?start_date=2026-01-01&end_date=2026-06-30`, undefined, 400);
    expect(long.body).toContain('at most 62 days');
    await call(ctx, home, 'GET', `${API.householdsMealplansNutrition}?start_date=2026-03-05`, undefined, 422);
  });

  it('reads the number a typed-in field starts with', () => {
    expect(typedNumber('250 kcal')).toBe(250);
    expect(typedNumber('12,5 g')).toBe(12.5);
    expect(typedNumber('about 3.25g')).toBe(3.25);
    expect(typedNumber('')).toBeNull();
    expect(typedNumber(null)).toBeNull();
  });
});
