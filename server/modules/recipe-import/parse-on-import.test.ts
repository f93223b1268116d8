import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { withParsedIngredients } from './parse-on-import.js';

let ctx: TestContext;
let scope: { groupId: string; householdId: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const me = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
  scope = { groupId: me.groupId, householdId: me.householdId };
});
afterAll(() => ctx.close());

describe('imported ingredients are parsed', () => {
  it('structures confident lines, keeps unsure ones as written with their leading amount, and leaves structured lines alone', async () => {
    const recipe = await withParsedIngredients(ctx.deps, scope, {
      name: 'Stew',
      settings: { disableAmount: true },
      recipeIngredient: [
        { note: '2 ounces dry bread crumbs', originalText: '2 ounces dry bread crumbs' },
        { note: 'as much as you dare' },
        { title: 'For the sauce', note: '' },
        { quantity: 3, food: { name: 'leeks' }, note: '' },
      ],
    });
    const [crumbs, unsure, heading, leeks] = recipe.recipeIngredient!;
    expect(crumbs).toMatchObject({ quantity: 2, unit: { name: 'ounce', pluralName: 'ounces' }, food: { name: 'dry bread crumbs' }, originalText: '2 ounces dry bread crumbs' });
    expect(unsure.food ?? null).toBeNull();
    expect(unsure.note).toBe('as much as you dare');
    expect(heading).toEqual({ title: 'For the sauce', note: '' });
    expect(leeks).toEqual({ quantity: 3, food: { name: 'leeks' }, note: '' });
    expect(recipe.settings?.disableAmount).toBe(false);
  });

  it('a recipe without amounts stays as notes, with amounts disabled as before', async () => {
    const recipe = await withParsedIngredients(ctx.deps, scope, { name: 'Salad', settings: { disableAmount: true }, recipeIngredient: [{ note: 'as much as you dare' }] });
    expect(recipe.recipeIngredient![0].note).toBe('as much as you dare');
    expect(recipe.settings?.disableAmount).toBe(true);
  });
});
