import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { getRecipe, postRecipe } from '../recipes/testing.js';

/**
 * Twenty recipes whose foods overlap (salted and unsalted butter, sweetened and unsweetened coconut,
 * fresh and dried thyme, whole and skim milk…), parsed against a catalogue that already holds all of
 * them, saved as recipes and read back: every line links to its own food or to none, never to a near one.
 */

const FOODS = [
  'salted butter',
  'unsalted butter',
  'butter',
  'sweetened coconut',
  'unsweetened coconut',
  'fresh thyme',
  'dried thyme',
  'whole milk',
  'skim milk',
  'ground ginger',
  'fresh ginger',
  'large eggs',
  'small potatoes',
  'boneless chicken thighs',
  'chicken thighs',
  'sugar',
  'brown sugar',
  'all-purpose flour',
] as const;

type FoodName = (typeof FOODS)[number];

/** [line, the food it must link to, or null when it must link to none]. */
const RECIPES: Array<Array<[string, FoodName | null]>> = [
  [['1 cup salted butter, softened', 'salted butter'], ['2 cups all-purpose flour', 'all-purpose flour'], ['1/2 cup sugar', 'sugar']],
  [['1/2 cup unsalted butter, melted', 'unsalted butter'], ['1 cup brown sugar', 'brown sugar'], ['2 large eggs', 'large eggs']],
  [['1 cup sweetened coconut', 'sweetened coconut'], ['1 cup whole milk', 'whole milk'], ['1/4 cup sugar', 'sugar']],
  [['1 cup unsweetened coconut', 'unsweetened coconut'], ['1 cup skim milk', 'skim milk']],
  [['2 sprigs fresh thyme', 'fresh thyme'], ['1 lb small potatoes, halved', 'small potatoes'], ['2 tbsp butter', 'butter']],
  [['1 tsp dried thyme', 'dried thyme'], ['4 boneless chicken thighs', 'boneless chicken thighs'], ['1 tbsp unsalted butter', 'unsalted butter']],
  [['6 chicken thighs', 'chicken thighs'], ['1 tsp fresh thyme, chopped', 'fresh thyme'], ['1 tbsp salted butter', 'salted butter']],
  [['1 tsp ground ginger', 'ground ginger'], ['1 tbsp fresh ginger, grated', 'fresh ginger'], ['1 cup sugar', 'sugar']],
  [['2 cups skim milk', 'skim milk'], ['3 tablespoons unsalted butter', 'unsalted butter'], ['1/3 cup sweetened coconut', 'sweetened coconut']],
  [['1 cup whole milk', 'whole milk'], ['1/2 teaspoon dried thyme', 'dried thyme'], ['2 large eggs, beaten', 'large eggs']],
  [['1/2 cup unsweetened coconut, toasted', 'unsweetened coconut'], ['1 cup brown sugar, packed', 'brown sugar']],
  [['4 tbsp salted butter', 'salted butter'], ['1 tsp ground ginger', 'ground ginger'], ['2 cups all-purpose flour, sifted', 'all-purpose flour']],
  [['1 lb boneless chicken thighs, cubed', 'boneless chicken thighs'], ['2 sprigs fresh thyme', 'fresh thyme']],
  [['8 chicken thighs', 'chicken thighs'], ['1 tsp dried thyme', 'dried thyme'], ['1 cup skim milk', 'skim milk']],
  [['1 2-inch piece fresh ginger, peeled', 'fresh ginger'], ['2 tbsp butter', 'butter'], ['1 cup whole milk', 'whole milk']],
  [['2 pounds small potatoes', 'small potatoes'], ['2 tablespoons unsalted butter', 'unsalted butter'], ['1 tsp fresh thyme leaves', null]],
  [['1 cup sweetened coconut flakes', null], ['1/4 cup sugar', 'sugar'], ['2 large eggs', 'large eggs']],
  [['1 cup coconut', null], ['1 cup milk', null], ['1 tsp thyme', null]],
  [['2 cups whole-wheat flour', null], ['1 tbsp salted butter, melted', 'salted butter'], ['1 cup unsweetened coconut', 'unsweetened coconut']],
  [['1/2 cup skim milk', 'skim milk'], ['1/2 cup whole milk', 'whole milk'], ['1 tbsp dried thyme', 'dried thyme']],
];

describe('linking parsed lines to existing foods (20 recipes with overlapping foods)', () => {
  let ctx: TestContext;
  const foodIds = new Map<string, string>();
  const unitIds = new Map<string, string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const name of FOODS) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/foods', headers: ctx.admin, payload: { name } });
      expect(res.statusCode, res.body).toBe(201);
      foodIds.set(name, res.json().id);
    }
    for (const unit of [
      { name: 'pinch' },
      { name: 'Stück', abbreviation: 'Stk' },
      { name: 'Esslöffel', abbreviation: 'EL' },
      { name: 'cup', pluralName: 'cups' },
      { name: 'teaspoon', pluralName: 'teaspoons', abbreviation: 'tsp' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/units', headers: ctx.admin, payload: unit });
      expect(res.statusCode, res.body).toBe(201);
      unitIds.set(unit.name, res.json().id);
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('"piece" becomes neither "Stück" nor "pinch"; near foods come back as suggestions', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/parser/ingredients',
      headers: ctx.admin,
      payload: { ingredients: ['1 2-inch piece ginger', '2 EL Butter', '1 tsp thyme', '1 cup coconut'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ginger, butter, thyme, coconut] = res.json();
    expect(ginger.ingredient.unit?.id ?? null).not.toBe(unitIds.get('pinch'));
    expect(ginger.ingredient.unit?.id ?? null).not.toBe(unitIds.get('Stück'));
    expect(butter.ingredient.unit).toMatchObject({ id: unitIds.get('Esslöffel') });
    expect(thyme.ingredient.unit).toMatchObject({ id: unitIds.get('teaspoon') });
    expect(thyme.ingredient.food).not.toHaveProperty('id');
    expect(thyme.suggestions.food.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining([foodIds.get('fresh thyme'), foodIds.get('dried thyme')]),
    );
    expect(coconut.ingredient.food).not.toHaveProperty('id');
    expect(coconut.suggestions.food.length).toBeGreaterThan(0);
  });

  it('every line of every recipe links to its own food or to none', async () => {
    const wrong: string[] = [];
    for (const [index, recipe] of RECIPES.entries()) {
      const parsed = await ctx.app.inject({
        method: 'POST',
        url: '/api/parser/ingredients',
        headers: ctx.admin,
        payload: { parser: 'nlp', ingredients: recipe.map(([line]) => line) },
      });
      expect(parsed.statusCode, parsed.body).toBe(200);
      const ingredients = parsed.json().map((entry: { ingredient: Record<string, unknown> }) => entry.ingredient);
      const slug = await postRecipe(ctx, ctx.admin, { name: `Overlap ${index + 1}`, recipeIngredient: ingredients });
      const saved = await getRecipe(ctx, ctx.admin, slug);
      recipe.forEach(([line, expected], position) => {
        const food = saved.recipeIngredient[position].food as { id?: string; name: string } | null;
        const linked = food?.id ?? null;
        const want = expected ? foodIds.get(expected)! : null;
        // a line whose food is not in the catalogue must not take an existing food's id
        const existing = linked && [...foodIds.values()].includes(linked);
        if (expected ? linked !== want : existing) wrong.push(`${line} → ${food?.name ?? 'nothing'} (${linked})`);
      });
    }
    expect(wrong).toEqual([]);
  });
});
