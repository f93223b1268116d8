import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, type Headers } from '../recipe-media/test-fixtures.js';

let ctx: TestContext;
let alice: { user: { id: string }; headers: Headers };
let bob: { user: { id: string }; headers: Headers };
let recipe: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createMember(ctx);
  bob = await createMember(ctx);
  recipe = await createRecipe(ctx, ctx.admin, 'Rated Pie');
});
afterAll(async () => {
  await ctx.close();
});

const rate = (headers: Headers, userId: string, slug: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/users/${userId}/ratings/${slug}`, headers, payload: body });
const groupRating = async () => (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin })).json().rating;

describe('ratings', () => {
  it('keeps the recipe rating at the mean of ratings above 0; 0 clears a rating', async () => {
    expect(await groupRating()).toBeNull();
    expect((await rate(alice.headers, alice.user.id, recipe.slug, { rating: 4 })).statusCode).toBe(200);
    expect(await groupRating()).toBe(4);
    expect((await rate(bob.headers, bob.user.id, recipe.id, { rating: 5, isFavorite: false })).statusCode).toBe(200);
    expect(await groupRating()).toBe(4.5);
    expect((await rate(bob.headers, bob.user.id, recipe.slug, { rating: 0 })).statusCode).toBe(200);
    expect(await groupRating()).toBe(4);
    await rate(alice.headers, alice.user.id, recipe.slug, { rating: 0 });
    expect(await groupRating()).toBeNull();

    const own = await ctx.app.inject({ method: 'GET', url: `/api/users/self/ratings/${recipe.id}`, headers: bob.headers });
    expect(own.json()).toEqual({ recipeId: recipe.id, rating: 0, isFavorite: false });
    const none = await ctx.app.inject({ method: 'GET', url: `/api/users/self/ratings/${recipe.id}`, headers: ctx.admin });
    expect(none.statusCode).toBe(404);
  });

  it('updates only the fields sent and refuses ratings outside 0..5', async () => {
    await rate(alice.headers, alice.user.id, recipe.slug, { rating: 3 });
    await rate(alice.headers, alice.user.id, recipe.slug, { isFavorite: true });
    const own = await ctx.app.inject({ method: 'GET', url: '/api/users/self/ratings', headers: alice.headers });
    expect(own.json()).toEqual({ ratings: [{ recipeId: recipe.id, rating: 3, isFavorite: true }] });
    // Mealie: a null rating means "unchanged" (a favourite toggle sends {rating: null, isFavorite}).
    await rate(alice.headers, alice.user.id, recipe.slug, { rating: 3.5 });
    expect((await rate(alice.headers, alice.user.id, recipe.slug, { rating: null, isFavorite: false })).statusCode).toBe(200);
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/users/self/ratings', headers: alice.headers });
    expect(kept.json()).toEqual({ ratings: [{ recipeId: recipe.id, rating: 3.5, isFavorite: false }] });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: alice.headers })).json().rating).toBe(3.5);
    await rate(alice.headers, alice.user.id, recipe.slug, { rating: 3, isFavorite: true });
    expect((await rate(alice.headers, alice.user.id, recipe.slug, { rating: 6 })).statusCode).toBe(422);
    expect((await rate(alice.headers, alice.user.id, recipe.slug, { rating: -1 })).statusCode).toBe(422);
  });

  it('lets only the user or an admin change ratings and favourites', async () => {
    expect((await rate(bob.headers, alice.user.id, recipe.slug, { rating: 1 })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/users/${alice.user.id}/favorites/${recipe.slug}`, headers: bob.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/users/${alice.user.id}/favorites/${recipe.slug}`, headers: bob.headers })).statusCode).toBe(403);
    expect((await rate(ctx.admin, bob.user.id, recipe.slug, { rating: 2 })).statusCode).toBe(200);
    const bobs = await ctx.app.inject({ method: 'GET', url: `/api/users/${bob.user.id}/ratings`, headers: alice.headers });
    expect(bobs.json().ratings).toEqual([expect.objectContaining({ recipeId: recipe.id, rating: 2, userId: bob.user.id, id: expect.any(String) })]);
    expect((await rate(alice.headers, alice.user.id, 'no-such-recipe', { rating: 1 })).statusCode).toBe(404);
  });

  it('adds and removes favourites, listed for self and for the group', async () => {
    const carol = await createMember(ctx);
    const cake = await createRecipe(ctx, ctx.admin, 'Favourite Cake');
    const add = await ctx.app.inject({ method: 'POST', url: `/api/users/${carol.user.id}/favorites/${cake.slug}`, headers: carol.headers });
    expect(add.statusCode).toBe(200);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/users/self/favorites', headers: carol.headers });
    expect(mine.json()).toEqual({ ratings: [{ recipeId: cake.id, rating: null, isFavorite: true }] });
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/users/${carol.user.id}/favorites`, headers: alice.headers });
    expect(seen.json().ratings.map((r: { recipeId: string }) => r.recipeId)).toEqual([cake.id]);
    // A favourite alone does not rate the recipe.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${cake.slug}`, headers: ctx.admin })).json().rating).toBeNull();

    await ctx.app.inject({ method: 'DELETE', url: `/api/users/${carol.user.id}/favorites/${cake.slug}`, headers: carol.headers });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/self/favorites', headers: carol.headers })).json()).toEqual({ ratings: [] });
  });

  it('hides ratings from other groups and refuses rating their recipes', async () => {
    const stranger = await createMember(ctx, { group: 'Rating Strangers' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${alice.user.id}/ratings`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${alice.user.id}/favorites`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await rate(stranger.headers, stranger.user.id, recipe.slug, { rating: 1 })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${stranger.user.id}/ratings`, headers: ctx.admin })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/not-a-uuid/ratings', headers: alice.headers })).statusCode).toBe(404);
  });
});
