import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { API } from '../../../contract/routes.js';

/** Helpers of the cupboard tests (imported by this folder's *.test.ts only). */
export type Headers = Record<string, string>;

export async function call(ctx: TestContext, headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, status?: number) {
  const res = await ctx.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  return res;
}

export async function makeFood(ctx: TestContext, headers: Headers, name: string, referenceFoodId: string | null = null) {
  return (await call(ctx, headers, 'POST', API.foods, { name, referenceFoodId }, 201)).json() as { id: string; name: string };
}

/** A recipe with lines `[quantity, unit, food id]`; returns its slug and id. */
export async function makeRecipe(ctx: TestContext, headers: Headers, body: Record<string, unknown>, lines: Array<[number | null, string | null, string | null, string?]> = []) {
  const slug = (await call(ctx, headers, 'POST', API.recipes, body, 201)).json() as string;
  const recipeIngredient = lines.map(([quantity, unit, foodId, note]) => ({ quantity, unit: unit ? { name: unit } : null, food: foodId ? { id: foodId } : null, note: note ?? '' }));
  const res = await call(ctx, headers, 'PATCH', `/api/recipes/${slug}`, { recipeIngredient }, 200);
  return { slug, id: res.json().id as string };
}

/** Marks foods on hand in a household (the state the shopping loop or the food page leaves). */
export async function putOnHand(ctx: TestContext, householdId: string, foodIds: string[]) {
  await ctx.deps.db.insertInto('households_to_ingredient_foods').values(foodIds.map((food_id) => ({ household_id: householdId, food_id }))).execute();
}

export async function onHandIds(ctx: TestContext, householdId: string): Promise<string[]> {
  const rows = await ctx.deps.db.selectFrom('households_to_ingredient_foods').select('food_id').where('household_id', '=', householdId).execute();
  return rows.map((row) => row.food_id).sort();
}
