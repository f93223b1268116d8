import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computedNutritionOut } from '../../../contract/nutrition.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { postRecipe } from './testing.js';

/**
 * Issue 37: nutrition computed from linked foods, checked against values worked out by hand from the USDA
 * SR26 rows (per 100 g, ABBREV.txt) and household measures (WEIGHT.txt):
 *   20081 Wheat flour, white, all-purpose, enriched, bleached: 364 kcal, carb 76.31, fat 0.98, sodium 2; 1 cup = 125 g
 *   01001 Butter, salted: 717 kcal, carb 0.06, chol 215, fat 81.11, protein 0.85, sodium 643; cup 227 g, tbsp 14.2 g
 *   19335 Sugars, granulated: 387 kcal, carb 99.98, sodium 1, sugar 99.8; cup 200 g, tsp 4.2 g
 *   20044 Rice, white, long-grain, regular, raw, enriched: 365 kcal, protein 7.13, fat 0.66, sodium 5, sugar 0.12; cup 185 g
 *   01077 Milk, whole, 3.25% milkfat: 61 kcal, chol 10, protein 3.15, sodium 43, sugar 5.05; cup 244 g, tbsp 15 g
 *   19296 Honey: 304 kcal, protein 0.3, sodium 4, sugar 82.12; cup 339 g, tbsp 21 g
 *   01123 Egg, whole, raw, fresh: 143 kcal, chol 372, protein 12.56, sodium 142; large 50 g
 *   02047 Salt, table: sodium 38758; tsp 6 g
 */
let ctx: TestContext;
let cook: Record<string, string>;
const foods: Record<string, { id: string; name: string }> = {};

beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  cook = (await createMember(ctx, { username: 'nutrition-cook', group: 'Nutrition Kitchen', flags: { canOrganize: true } })).headers;
  const links: Record<string, [string | null, object?]> = {
    flour: ['20081'], butter: ['01001'], sugar: ['19335'], rice: ['20044'], milk: ['01077'], honey: ['19296'], egg: ['01123'],
    salt: ['02047'], cinnamon: ['02010'], "Grandma's vanilla": [null],
    'Home stock': [null, { density: 1, nutritionPer100g: { calories: 10, sodiumContent: 250 } }],
  };
  for (const [name, [referenceFoodId, extra]] of Object.entries(links)) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: cook, payload: { name, referenceFoodId, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    foods[name] = { id: res.json().id, name };
  }
});
afterAll(async () => ctx?.close());

type Line = [number | null, string | null, string, string?];
const recipe = (name: string, servings: number, lines: Line[]) =>
  postRecipe(ctx, cook, {
    name,
    recipeServings: servings,
    recipeIngredient: lines.map(([quantity, unit, food, note]) => ({ quantity, unit: unit ? { name: unit } : null, food: foods[food], note: note ?? '' })),
  });
const computed = async (slug: string, scale = 1) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}/nutrition/computed?scale=${scale}`, headers: cook });
  expect(res.statusCode, res.body).toBe(200);
  // Sent past the response schema: exactly what the schema would have sent.
  expect(res.json()).toStrictEqual(JSON.parse(JSON.stringify(computedNutritionOut.parse(res.json()))));
  return res.json();
};

describe('GET /api/recipes/{slug}/nutrition/computed', () => {
  it('shortbread: 2 cups flour, 1 cup butter, 1/2 cup sugar; 8 servings — and ×2 doubles totals, keeps per serving', async () => {
    const slug = await recipe('Shortbread', 8, [[2, 'cup', 'flour'], [1, 'cup', 'butter'], [0.5, 'cup', 'sugar']]);
    const one = await computed(slug);
    // 250 g flour, 227 g butter, 100 g sugar
    expect(one.countedGrams).toBeCloseTo(577, 1);
    expect(one.total.calories).toBeCloseTo(2.5 * 364 + 2.27 * 717 + 387, 1); // 2924.59
    expect(one.total.fatContent).toBeCloseTo(2.5 * 0.98 + 2.27 * 81.11, 1); // 186.57
    expect(one.total.sodiumContent).toBeCloseTo(2.5 * 2 + 2.27 * 643 + 1, 1); // 1465.61
    expect(one.total.carbohydrateContent).toBeCloseTo(2.5 * 76.31 + 2.27 * 0.06 + 99.98, 1); // 290.89
    expect(one.total.transFatContent).toBeNull(); // not in SR26: empty, never zero
    expect(one.perServing.calories).toBeCloseTo(2924.59 / 8, 1); // 365.57
    expect(one.uncounted).toEqual([]);
    const two = await computed(slug, 2);
    expect(two.total.calories).toBeCloseTo(one.total.calories * 2, 1);
    expect(two.total.sodiumContent).toBeCloseTo(one.total.sodiumContent * 2, 1);
    expect(two.perServing).toEqual(one.perServing);
    expect(two.servings).toBe(16);
  });

  it('rice pudding: cups of rice and milk, tablespoons of honey, salt to taste listed as uncounted', async () => {
    const slug = await recipe('Rice pudding', 4, [[1, 'cup', 'rice'], [4, 'cup', 'milk'], [3, 'tbsp', 'honey'], [null, null, 'salt', 'to taste']]);
    const result = await computed(slug);
    // 185 g rice, 976 g milk, 63 g honey
    expect(result.total.calories).toBeCloseTo(1.85 * 365 + 9.76 * 61 + 0.63 * 304, 1); // 1462.13
    expect(result.total.proteinContent).toBeCloseTo(1.85 * 7.13 + 9.76 * 3.15 + 0.63 * 0.3, 1); // 44.12
    expect(result.total.sugarContent).toBeCloseTo(1.85 * 0.12 + 9.76 * 5.05 + 0.63 * 82.12, 1); // 101.25
    expect(result.total.cholesterolContent).toBeCloseTo(97.6, 1);
    expect(result.perServing.calories).toBeCloseTo(1462.13 / 4, 1);
    expect(result.uncounted).toEqual([{ position: 3, text: 'salt to taste', reason: 'no-amount', grams: null, share: null }]);
  });

  it('scrambled eggs: eggs by the piece (large), spoons of milk and butter, a teaspoon of salt', async () => {
    const slug = await recipe('Scrambled eggs', 2, [[4, null, 'egg'], [2, 'tbsp', 'milk'], [1, 'tbsp', 'butter'], [1, 'tsp', 'salt']]);
    const result = await computed(slug);
    // 200 g egg, 30 g milk, 14.2 g butter, 6 g salt
    expect(result.countedGrams).toBeCloseTo(250.2, 1);
    expect(result.total.calories).toBeCloseTo(2 * 143 + 0.3 * 61 + 0.142 * 717, 1); // 406.11
    expect(result.total.cholesterolContent).toBeCloseTo(2 * 372 + 0.3 * 10 + 0.142 * 215, 1); // 777.53
    expect(result.total.sodiumContent).toBeCloseTo(2 * 142 + 0.3 * 43 + 0.142 * 643 + 0.06 * 38758, 1); // 2713.69
    expect(result.perServing.proteinContent).toBeCloseTo((2 * 12.56 + 0.3 * 3.15 + 0.142 * 0.85) / 2, 1); // 13.09
  });

  it('honey butter: lines that cannot be counted are listed with their share of the weight; no servings, no per serving', async () => {
    const slug = await recipe('Honey butter', 0, [[0.5, 'cup', 'butter'], [0.25, 'cup', 'honey'], [1, 'pinch', 'cinnamon'], [5, 'g', "Grandma's vanilla"]]);
    const result = await computed(slug);
    // 113.5 g butter, 84.75 g honey; the vanilla weighs 5 g but has no values; a pinch cannot be weighed
    expect(result.total.calories).toBeCloseTo(1.135 * 717 + 0.8475 * 304, 1); // 1071.44
    expect(result.weighedGrams).toBeCloseTo(203.3, 1);
    expect(result.perServing).toBeNull();
    expect(result.uncounted).toEqual([
      { position: 2, text: '1 pinch cinnamon', reason: 'no-weight', grams: null, share: null },
      { position: 3, text: "5 g Grandma's vanilla", reason: 'not-linked', grams: 5, share: 0.0246 }, // 5 / 203.25
    ]);
  });

  it('sweet rice with home stock: a mass unit, the user\'s own values and density, USDA\'s teaspoon of sugar', async () => {
    const slug = await recipe('Sweet rice', 2, [[200, 'g', 'rice'], [500, 'ml', 'Home stock'], [2, 'tsp', 'sugar']]);
    const result = await computed(slug);
    // 200 g rice, 500 g stock (1 g/ml), 8.4 g sugar
    expect(result.total.calories).toBeCloseTo(2 * 365 + 5 * 10 + 0.084 * 387, 1); // 812.51
    expect(result.total.sodiumContent).toBeCloseTo(2 * 5 + 5 * 250 + 0.084 * 1, 1); // 1260.08
    expect(result.total.fatContent).toBeCloseTo(2 * 0.66, 2); // the stock has no fat value: counted fields only
    expect(result.perServing.calories).toBeCloseTo(812.508 / 2, 1);
  });

  it('costs two statements after the caller\'s lookup, keeps the typed nutrition and lets the user choose', async () => {
    const slug = await postRecipe(ctx, cook, { name: 'Typed', nutrition: { calories: '999' }, recipeIngredient: [{ quantity: 1, unit: { name: 'cup' }, food: foods.flour }] });
    const counting = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}/nutrition/computed`, headers: cook });
    const base = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: cook });
    expect(Number(counting.headers['x-hearth-queries']) - Number(base.headers['x-hearth-queries'])).toBeLessThanOrEqual(2);
    expect(counting.json().source).toBe('typed');
    const chosen = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${slug}/nutrition/source`, headers: cook, payload: { source: 'computed' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().source).toBe('computed');
    const recipeOut = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: cook })).json();
    expect(recipeOut.nutrition.calories).toBe('999');
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${slug}/nutrition/source`, headers: cook, payload: { source: 'guessed' } })).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recipes/no-such-recipe/nutrition/computed', headers: cook })).statusCode).toBe(404);
  });
});
