import { describe, expect, it } from 'vitest';
import { checkRecipeJson, toFormValues, toRecipeInput } from './recipeForm';

const recipe = {
  id: 'r1',
  slug: 'pancakes',
  name: 'Pancakes',
  description: 'Fluffy',
  recipeServings: 4,
  recipeYieldQuantity: 0,
  recipeYield: null,
  prepTime: 'PT10M',
  tags: [{ id: 't1', name: 'Breakfast', slug: 'breakfast', groupId: 'g' }],
  recipeCategory: [],
  tools: [],
  recipeIngredient: [
    {
      quantity: 1.5,
      unit: { id: 'u1', name: 'cup', pluralName: 'cups', abbreviation: '', fraction: true, useAbbreviation: false },
      food: { id: 'f1', name: 'flour', pluralName: null },
      note: 'sifted',
      title: 'Batter',
      referenceId: 'ref-1',
      originalText: null,
    },
  ],
  recipeInstructions: [{ id: 's1', title: '', summary: '', text: 'Mix', ingredientReferences: [{ referenceId: 'ref-1' }] }],
  notes: [{ title: 'Tip', text: 'Rest the batter' }],
  nutrition: { calories: '300', fatContent: null },
  settings: { public: false, showNutrition: true, disableAmount: false },
};

describe('recipe form values', () => {
  it('come from a recipe, with defaults for what is missing', () => {
    const values = toFormValues(recipe);
    expect(values.name).toBe('Pancakes');
    expect(values.recipeServings).toBe('4');
    expect(values.recipeYieldQuantity).toBe('');
    expect(values.recipeIngredient[0]).toMatchObject({ quantity: '1.5', title: 'Batter', referenceId: 'ref-1', note: 'sifted' });
    expect(values.recipeIngredient[0].unit).toMatchObject({ id: 'u1', name: 'cup', fraction: true });
    expect(values.recipeInstructions[0].ingredientReferences).toEqual(['ref-1']);
    expect(values.nutrition.calories).toBe('300');
    expect(values.nutrition.fatContent).toBe('');
    expect(values.settings).toMatchObject({ public: false, showNutrition: true, disableAmount: false, locked: false, showAssets: false });
  });

  it('survive odd input from the JSON editor', () => {
    const values = toFormValues({ name: 'X', recipeIngredient: [null, 3, { note: 'salt' }], tags: 'nope' });
    expect(values.recipeIngredient).toHaveLength(1);
    expect(values.recipeIngredient[0].referenceId).toBeTruthy();
    expect(values.tags).toEqual([]);
    expect(toFormValues(null).name).toBe('');
  });

  it('round-trip into the PUT body', () => {
    const values = toFormValues(recipe);
    values.recipeIngredient[0].quantity = '1 1/2';
    values.tags.push({ name: 'Quick' });
    values.notes.push({ title: '', text: ' ' });
    const body = toRecipeInput(values);
    expect(body.recipeIngredient?.[0]).toMatchObject({ quantity: 1.5, title: 'Batter', referenceId: 'ref-1' });
    expect(body.tags).toEqual([{ id: 't1', name: 'Breakfast', slug: 'breakfast' }, { name: 'Quick' }]);
    expect(body.notes).toEqual([{ title: 'Tip', text: 'Rest the batter' }]);
    expect(body.recipeServings).toBe(4);
    expect(body.prepTime).toBe('PT10M');
    expect(body.totalTime).toBeNull();
    expect(body.nutrition?.calories).toBe('300');
    expect(body.nutrition?.fatContent).toBeNull();
    expect(body.recipeInstructions?.[0].ingredientReferences).toEqual([{ referenceId: 'ref-1' }]);
  });

  it('drop quantities that are not numbers', () => {
    const values = toFormValues(recipe);
    values.recipeIngredient[0].quantity = 'some';
    expect(toRecipeInput(values).recipeIngredient?.[0].quantity).toBeNull();
  });
});

describe('checkRecipeJson', () => {
  it('accepts a recipe object', () => {
    const result = checkRecipeJson(JSON.stringify(recipe));
    expect(result.ok).toBe(true);
  });
  it('names the problem', () => {
    expect(checkRecipeJson('{')).toMatchObject({ ok: false, problem: 'syntax' });
    expect(checkRecipeJson('[1]')).toMatchObject({ ok: false, problem: 'not-object' });
    expect(checkRecipeJson('{"name":"  "}')).toMatchObject({ ok: false, problem: 'name' });
    expect(checkRecipeJson('{"name":"a","tags":"x"}')).toMatchObject({ ok: false, problem: 'type', detail: 'tags' });
    expect(checkRecipeJson('{"name":"a","settings":[]}')).toMatchObject({ ok: false, problem: 'type', detail: 'settings' });
    expect(checkRecipeJson('{"name":"a","recipeServings":"four"}')).toMatchObject({ ok: false, problem: 'type', detail: 'recipeServings' });
    expect(checkRecipeJson('{"name":"a","recipeServings":"4"}').ok).toBe(true);
  });
});
