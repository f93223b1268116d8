import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, type Headers } from '../recipe-media/test-fixtures.js';

let ctx: TestContext;
let author: { user: { id: string; username: string }; headers: Headers };
let other: { user: { id: string }; headers: Headers };
let recipe: { id: string; slug: string };

beforeAll(async () => {
  ctx = await createTestContext();
  author = await createMember(ctx);
  other = await createMember(ctx);
  recipe = await createRecipe(ctx, ctx.admin, 'Commented Soup');
});
afterAll(async () => {
  await ctx.close();
});

async function comment(headers: Headers, text: string, recipeId = recipe.id) {
  return ctx.app.inject({ method: 'POST', url: '/api/comments', headers, payload: { recipe_id: recipeId, text } });
}

describe('comments', () => {
  it('creates a comment with its author summary and lists it on the recipe', async () => {
    const res = await comment(author.headers, 'Lovely soup');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      recipeId: recipe.id,
      text: 'Lovely soup',
      userId: author.user.id,
      user: { id: author.user.id, username: author.user.username, admin: false, fullName: `Test ${author.user.username}` },
    });
    expect(created.createdAt).toBe(created.updatedAt);

    const listed = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/comments`, headers: other.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((c: { id: string }) => c.id)).toContain(created.id);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/comments/${created.id}`, headers: other.headers });
    expect(one.json().text).toBe('Lovely soup');
    const onRecipe = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}`, headers: ctx.admin });
    expect(onRecipe.json().comments.map((c: { id: string }) => c.id)).toContain(created.id);
  });

  it('lets only the author or an admin change or delete a comment', async () => {
    const created = (await comment(author.headers, 'Mine')).json();
    const url = `/api/comments/${created.id}`;
    const refused = await ctx.app.inject({ method: 'PUT', url, headers: other.headers, payload: { id: created.id, text: 'Hijacked' } });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).json().text).toBe('Mine');

    const edited = await ctx.app.inject({ method: 'PUT', url, headers: author.headers, payload: { id: created.id, text: 'Mine, edited' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().text).toBe('Mine, edited');
    const byAdmin = await ctx.app.inject({ method: 'PUT', url, headers: ctx.admin, payload: { text: 'Moderated' } });
    expect(byAdmin.json()).toMatchObject({ text: 'Moderated', userId: author.user.id });

    const deleted = await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Comment deleted', error: false });
    expect((await ctx.app.inject({ method: 'GET', url, headers: author.headers })).statusCode).toBe(404);
  });

  it('refuses empty text, unknown recipes and recipes with comments disabled', async () => {
    expect((await comment(author.headers, '   ')).statusCode).toBe(422);
    expect((await comment(author.headers, 'hi', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const quiet = await createRecipe(ctx, ctx.admin, 'Quiet Recipe', { settings: { disableComments: true } });
    const res = await comment(author.headers, 'hello', quiet.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.message).toBe('Comments are disabled for this recipe');
  });

  it('keeps comments inside the group', async () => {
    const created = (await comment(author.headers, 'Group only')).json();
    const stranger = await createMember(ctx, { group: 'Comment Strangers' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/comments/${created.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await comment(stranger.headers, 'intrusion')).statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/comments', headers: stranger.headers });
    expect(list.json()).toMatchObject({ total: 0, items: [] });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${recipe.slug}/comments`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('pages the group list, filters it by recipe and orders it', async () => {
    const second = await createRecipe(ctx, ctx.admin, 'Second Soup');
    for (const [i, text] of ['a', 'b', 'c'].entries()) {
      const res = await comment(other.headers, text, second.id);
      expect(res.statusCode).toBe(201);
      // Creation times written a second apart (not waited for): the order by createdAt is the order written.
      await ctx.deps.db.updateTable('recipe_comments').set({ created_at: `2026-01-01T00:00:0${i}.000Z` }).where('id', '=', res.json().id).execute();
    }
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: `/api/comments?perPage=2&page=1&orderBy=createdAt&orderDirection=asc&queryFilter=${encodeURIComponent(`recipe_id="${second.id}"`)}`,
      headers: author.headers,
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const body = filtered.json();
    expect(body).toMatchObject({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(body.items.map((c: { text: string }) => c.text)).toEqual(['a', 'b']);
    expect(body.next).toContain('/comments?');
    expect(body.next).toContain('page=2');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/comments?orderBy=password', headers: author.headers });
    expect(bad.statusCode).toBe(400);
    const badFilter = await ctx.app.inject({ method: 'GET', url: `/api/comments?queryFilter=${encodeURIComponent('recipe_id="x" OR 1=1')}`, headers: author.headers });
    expect(badFilter.statusCode).toBe(400);
  });
});
