import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { API } from '../../../contract/routes.js';

/** Helpers of the shopping tests (imported by this folder's *.test.ts and the bench only). */
type Headers = Record<string, string>;
export const LISTS = API.householdsShoppingLists;
export const ITEMS = API.householdsShoppingItems;

export async function call(ctx: TestContext, headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, status?: number) {
  const res = await ctx.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  return res;
}

export async function makeFood(ctx: TestContext, headers: Headers, name: string, extra: Record<string, unknown> = {}) {
  return (await call(ctx, headers, 'POST', API.foods, { name, ...extra }, 201)).json() as { id: string; name: string; labelId: string | null };
}

export async function makeUnit(ctx: TestContext, headers: Headers, name: string) {
  return (await call(ctx, headers, 'POST', API.units, { name }, 201)).json() as { id: string };
}

export async function makeLabel(ctx: TestContext, headers: Headers, name: string) {
  return (await call(ctx, headers, 'POST', API.groupsLabels, { name }, 200)).json() as { id: string; name: string };
}

export async function makeList(ctx: TestContext, headers: Headers, name: string) {
  return (await call(ctx, headers, 'POST', LISTS, { name }, 201)).json() as { id: string; name: string; labelSettings: Array<{ labelId: string; position: number }> };
}

export async function makeRecipe(ctx: TestContext, headers: Headers, name: string, ingredients: Array<Record<string, unknown>>) {
  const slug = (await call(ctx, headers, 'POST', API.recipes, { name }, 201)).json() as string;
  const res = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers, payload: { recipeIngredient: ingredients } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; slug: string; recipeIngredient: Array<Record<string, unknown>> };
}

export async function getList(ctx: TestContext, headers: Headers, id: string) {
  return (await call(ctx, headers, 'GET', `${LISTS}/${id}`, undefined, 200)).json() as {
    id: string;
    listItems: Array<{ id: string; quantity: number; foodId: string | null; unitId: string | null; note: string; checked: boolean; display: string; labelId: string | null; position: number; updatedAt: string; recipeReferences: Array<{ recipeId: string; recipeQuantity: number; recipeScale: number }> }>;
    recipeReferences: Array<{ recipeId: string; recipeQuantity: number; recipe: { slug: string } }>;
    labelSettings: Array<{ labelId: string; position: number; label: { name: string } }>;
  };
}
