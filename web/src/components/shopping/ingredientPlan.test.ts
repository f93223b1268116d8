import { describe, expect, it } from 'vitest';
import type { RecipeOut } from '../../../../contract/recipes';
import { entriesToSend, initialTicks, mergeRequests, planRecipe } from './ingredientPlan';

const ing = (display: string, extra: Record<string, unknown> = {}) => ({ quantity: 1, unit: null, food: null, note: '', isFood: false, disableAmount: false, display, title: null, originalText: null, referenceId: display, ...extra });
const recipe = (id: string, ingredients: ReturnType<typeof ing>[]) => ({ id, name: id, slug: id, recipeIngredient: ingredients }) as unknown as RecipeOut;

describe('the Add to shopping list rules (spec §5)', () => {
  it('merges the same slug with scales summed and skips recipes without a slug', () => {
    expect(mergeRequests([{ slug: 'a', scale: 1 }, { slug: null, scale: 1 }, { slug: 'a', scale: 2 }, { slug: 'b', scale: 1 }])).toEqual([{ slug: 'a', scale: 3 }, { slug: 'b', scale: 1 }]);
  });

  it('groups by section, puts on-hand foods unticked at the end of the last section, skips empty recipes', () => {
    const plan = planRecipe(
      recipe('soup', [
        ing('salt', { food: { id: 's', name: 'salt', onHand: true } }),
        ing('leeks'),
        ing('stock', { title: 'Broth' }),
        ing('water'),
      ]),
      2,
    )!;
    expect(plan.sections.map((s) => [s.title, s.ingredients.map((i) => i.ingredient.display)])).toEqual([
      [null, ['leeks']],
      ['Broth', ['stock', 'water', 'salt']],
    ]);
    const ticks = initialTicks([plan]);
    expect(ticks.size).toBe(3);
    expect(planRecipe(recipe('empty', []), 1)).toBeNull();
  });

  it('sends only ticked ingredients and leaves out recipes with none ticked', () => {
    const a = planRecipe(recipe('a', [ing('x'), ing('y')]), 1)!;
    const b = planRecipe(recipe('b', [ing('z')]), 2)!;
    const ticks = new Set([a.sections[0].ingredients[1].key]);
    expect(entriesToSend([a, b], ticks)).toEqual([{ recipeId: 'a', recipeIncrementQuantity: 1, recipeIngredients: [a.sections[0].ingredients[1].ingredient] }]);
  });
});
