import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe } from '../recipe-media/test-fixtures.js';

let ctx: TestContext;
let recipe: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestContext();
  recipe = await createRecipe(ctx, ctx.admin, 'Shared Stew', {
    recipeIngredient: [{ note: 'two onions' }],
    settings: { public: false },
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('share links', () => {
  it('creates a 30-day link by default and serves the full recipe to anyone signed out', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/shared/recipes', headers: ctx.admin, payload: { recipe_id: recipe.id } });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json();
    expect(token).toMatchObject({ recipeId: recipe.id, recipe: { id: recipe.id, slug: recipe.slug } });
    const days = (Date.parse(token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const shared = await ctx.app.inject({ method: 'GET', url: `/api/recipes/shared/${token.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ id: recipe.id, name: 'Shared Stew', recipeIngredient: [expect.objectContaining({ note: 'two onions' })] });

    const listed = await ctx.app.inject({ method: 'GET', url: `/api/shared/recipes?recipe_id=${recipe.id}`, headers: ctx.admin });
    expect(listed.json()).toEqual([{ id: token.id, recipeId: recipe.id, groupId: token.groupId, expiresAt: token.expiresAt, createdAt: token.createdAt }]);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/shared/recipes/${token.id}`, headers: ctx.admin });
    expect(one.json().recipe.name).toBe('Shared Stew');

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/shared/recipes/${token.id}`, headers: ctx.admin });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/shared/${token.id}` })).statusCode).toBe(404);
  });

  it('answers 404 for an expired link, an unknown one and a malformed one', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/shared/recipes',
      headers: ctx.admin,
      payload: { recipeId: recipe.id, expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/shared/${id}` })).statusCode).toBe(200);
    await ctx.deps.db.updateTable('recipe_share_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/shared/${id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recipes/shared/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recipes/shared/nonsense' })).statusCode).toBe(404);

    const past = await ctx.app.inject({ method: 'POST', url: '/api/shared/recipes', headers: ctx.admin, payload: { recipeId: recipe.id, expiresAt: '2001-01-01T00:00:00Z' } });
    expect(past.statusCode).toBe(400);
  });

  it('keeps links inside the group', async () => {
    const token = (await ctx.app.inject({ method: 'POST', url: '/api/shared/recipes', headers: ctx.admin, payload: { recipeId: recipe.id } })).json();
    const stranger = await createMember(ctx, { group: 'Share Strangers' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shared/recipes/${token.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/shared/recipes/${token.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shared/recipes', headers: stranger.headers })).json()).toEqual([]);
    const create = await ctx.app.inject({ method: 'POST', url: '/api/shared/recipes', headers: stranger.headers, payload: { recipeId: recipe.id } });
    expect(create.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shared/recipes' })).statusCode).toBe(401);
  });
});
