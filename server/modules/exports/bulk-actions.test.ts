import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { createRecipe, png, setHouseholdLock, uploadImage, type Headers } from '../recipe-media/test-fixtures.js';

let ctx: TestContext;
let adminHousehold: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminHousehold = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json().householdId;
});
afterAll(async () => {
  await ctx.close();
});

async function organizer(kind: 'tags' | 'categories', name: string): Promise<{ id: string; name: string; slug: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/organizers/${kind}`, headers: ctx.admin, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const bulk = (action: string, headers: Headers, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/recipes/bulk-actions/${action}`, headers, payload });
const recipeOf = async (slug: string) => (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json();

describe('bulk actions', () => {
  it('tags and categorizes several recipes, keeping links already there', async () => {
    const a = await createRecipe(ctx, ctx.admin, 'Bulk Tag A', { tags: [{ name: 'Existing' }] });
    const b = await createRecipe(ctx, ctx.admin, 'Bulk Tag B');
    const quick = await organizer('tags', 'Quick');
    const existing = (await recipeOf(a.slug)).tags[0];
    const res = await bulk('tag', ctx.admin, { recipes: [a.slug, b.id], tags: [quick, { id: existing.id, name: existing.name, slug: existing.slug }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await recipeOf(a.slug)).tags.map((t: { name: string }) => t.name)).toEqual(['Existing', 'Quick']);
    expect((await recipeOf(b.slug)).tags.map((t: { name: string }) => t.name)).toEqual(['Existing', 'Quick']);
    expect((await bulk('tag', ctx.admin, { recipes: [a.slug], tags: [quick] })).statusCode).toBe(200);

    const dinner = await organizer('categories', 'Dinner');
    expect((await bulk('categorize', ctx.admin, { recipes: [a.slug, b.slug], categories: [{ slug: dinner.slug, name: dinner.name }] })).statusCode).toBe(200);
    expect((await recipeOf(b.slug)).recipeCategory.map((c: { slug: string }) => c.slug)).toEqual(['dinner']);
  });

  it('is all or nothing: an unknown tag or recipe writes nothing', async () => {
    const a = await createRecipe(ctx, ctx.admin, 'Atomic A');
    const good = await organizer('tags', 'Good');
    const unknownTag = await bulk('tag', ctx.admin, { recipes: [a.slug], tags: [good, { id: '00000000-0000-4000-8000-000000000000', name: 'x', slug: 'x' }] });
    expect(unknownTag.statusCode).toBe(404);
    expect((await recipeOf(a.slug)).tags).toEqual([]);
    const unknownRecipe = await bulk('tag', ctx.admin, { recipes: [a.slug, 'no-such-recipe'], tags: [good] });
    expect(unknownRecipe.statusCode).toBe(404);
    expect((await recipeOf(a.slug)).tags).toEqual([]);
  });

  it('applies the recipe edit rule to every recipe before writing any', async () => {
    const neighbour = await createMember(ctx, { household: 'Bulk Neighbours' });
    const theirs = await createRecipe(ctx, neighbour.headers, 'Neighbour Recipe');
    const ours = await createRecipe(ctx, ctx.admin, 'Admin Recipe');
    const tag = await organizer('tags', 'Guarded');
    await setHouseholdLock(ctx, adminHousehold, true);
    try {
      const refused = await bulk('tag', neighbour.headers, { recipes: [theirs.slug, ours.slug], tags: [tag] });
      expect(refused.statusCode).toBe(403);
      expect((await recipeOf(theirs.slug)).tags).toEqual([]);
      expect((await bulk('delete', neighbour.headers, { recipes: [theirs.slug, ours.slug] })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${theirs.slug}`, headers: ctx.admin })).statusCode).toBe(200);
    } finally {
      await setHouseholdLock(ctx, adminHousehold, false);
    }
    const stranger = await createMember(ctx, { group: 'Bulk Strangers' });
    expect((await bulk('delete', stranger.headers, { recipes: [ours.slug] })).statusCode).toBe(404);
    expect((await bulk('tag', neighbour.headers, { recipes: [theirs.slug, ours.slug], tags: [tag] })).statusCode).toBe(200);
  });

  it('changes settings; only a recipe owner may lock it', async () => {
    const member = await createMember(ctx);
    const ours = await createRecipe(ctx, ctx.admin, 'Settings Recipe');
    const mine = await createRecipe(ctx, member.headers, 'Member Recipe');
    const lock = await bulk('settings', member.headers, { recipes: [mine.slug, ours.slug], settings: { locked: true } });
    expect(lock.statusCode).toBe(403);
    expect((await recipeOf(mine.slug)).settings.locked).toBe(false);

    const res = await bulk('settings', member.headers, { recipes: [mine.slug, ours.slug], settings: { public: false, showNutrition: true } });
    expect(res.statusCode, res.body).toBe(200);
    for (const slug of [mine.slug, ours.slug]) expect((await recipeOf(slug)).settings).toMatchObject({ public: false, showNutrition: true, locked: false });
    expect((await bulk('settings', member.headers, { recipes: [mine.slug], settings: { locked: true } })).statusCode).toBe(200);
    expect((await recipeOf(mine.slug)).settings.locked).toBe(true);
    expect((await bulk('settings', ctx.admin, { recipes: [mine.slug], settings: { public: true } })).statusCode).toBe(403);
  });

  it('deletes recipes with their folders', async () => {
    const a = await createRecipe(ctx, ctx.admin, 'Delete A');
    const b = await createRecipe(ctx, ctx.admin, 'Delete B');
    await uploadImage(ctx, ctx.admin, a.slug, await png(16, 16));
    const folder = `recipes/${a.id}/`;
    expect(await ctx.deps.storage.list(folder)).toHaveLength(3);
    const res = await bulk('delete', ctx.admin, { recipes: [a.slug, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    for (const slug of [a.slug, b.slug]) expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).statusCode).toBe(404);
    expect(await ctx.deps.storage.list(folder)).toEqual([]);
  });
});
