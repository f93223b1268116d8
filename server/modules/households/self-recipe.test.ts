import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';

/** Issue 40 item 5: Mealie's GET /api/households/self/recipes/{recipe_slug} (HouseholdRecipeSummary). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/households/self/recipes/{slug}', () => {
  it('answers the recipe id and when it was last made; 404 for an unknown or another group\'s recipe', async () => {
    const slug = (await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Household Soup' } })).json() as string;
    const id = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json().id;
    const fresh = await ctx.app.inject({ method: 'GET', url: `/api/households/self/recipes/${slug}`, headers: ctx.admin });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({ recipeId: id, lastMade: null });
    await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: ctx.admin, payload: { timestamp: '2024-06-01T19:00:00Z' } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/households/self/recipes/${slug}`, headers: ctx.admin })).json()).toEqual({ recipeId: id, lastMade: '2024-06-01T19:00:00.000000Z' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/households/self/recipes/no-such-recipe', headers: ctx.admin })).statusCode).toBe(404);
    const stranger = await createMember(ctx, { username: 'self-recipe-stranger', group: 'Elsewhere' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/households/self/recipes/${slug}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/households/self/recipes/${slug}` })).statusCode).toBe(401);
  });
});
