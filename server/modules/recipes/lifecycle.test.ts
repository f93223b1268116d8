import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { refreshRecipeRatings } from './service.js';
import { fullPayload, getRecipe, postRecipe } from './testing.js';

/** Duplicate, last made, delete, rating, and the 404 / 422 / other-group answers of the recipe routes. */

let ctx: TestContext;
let otherGroup: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  otherGroup = await createMember(ctx, { group: 'Elsewhere' });
});
afterAll(async () => ctx?.close());

describe('duplicate, last made, delete', () => {
  it('duplicates into a new recipe owned by the caller, with its folder copied', async () => {
    const member = await createMember(ctx, { household: 'Dupers' });
    const slug = await postRecipe(ctx, ctx.admin, fullPayload('Original'));
    const original = await getRecipe(ctx, ctx.admin, slug);
    await ctx.deps.storage.put(`recipes/${original.id}/images/original.webp`, Buffer.from('not really an image'));
    await ctx.deps.storage.put(`recipes/${original.id}/assets/card.pdf`, Buffer.from('pdf'));

    const res = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/duplicate`, headers: member.headers, payload: { name: 'Copy of Original' } });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ name: 'Copy of Original', slug: 'copy-of-original', userId: member.user.id, householdId: member.user.householdId, lastMade: null });
    expect(copy.id).not.toBe(original.id);
    expect(copy.recipeIngredient.map((i: { display: string }) => i.display)).toEqual(original.recipeIngredient.map((i: { display: string }) => i.display));
    expect(copy.recipeInstructions.map((s: { id: string }) => s.id)).not.toContain(original.recipeInstructions[0].id);
    // New reference ids (Mealie), and the steps' links follow them: step 2 still names the 3rd and 1st ingredients.
    const refsOf = (recipe: { recipeIngredient: Array<{ referenceId: string }> }) => recipe.recipeIngredient.map((i) => i.referenceId);
    expect(refsOf(copy)).toHaveLength(refsOf(original).length);
    for (const ref of refsOf(copy)) expect(refsOf(original)).not.toContain(ref);
    expect(new Set(refsOf(copy)).size).toBe(refsOf(copy).length);
    const positions = (recipe: typeof original, step: number) =>
      recipe.recipeInstructions[step].ingredientReferences.map((r: { referenceId: string }) => refsOf(recipe).indexOf(r.referenceId));
    expect(positions(original, 1)).toEqual([2, 0]);
    expect(positions(copy, 1)).toEqual(positions(original, 1));
    expect(positions(copy, 0)).toEqual(positions(original, 0));
    // The original keeps its own ids.
    expect(refsOf(await getRecipe(ctx, ctx.admin, slug))).toEqual(refsOf(original));
    expect(copy.tags).toEqual(original.tags);
    expect((await ctx.deps.storage.read(`recipes/${copy.id}/images/original.webp`))?.toString()).toBe('not really an image');
    expect((await ctx.deps.storage.list(`recipes/${copy.id}/`)).map((f) => f.key)).toEqual([`recipes/${copy.id}/assets/card.pdf`, `recipes/${copy.id}/images/original.webp`]);
    expect(await ctx.deps.storage.exists(`recipes/${original.id}/images/original.webp`)).toBe(true);

    const sameName = await ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/duplicate`, headers: ctx.admin, payload: {} });
    expect(sameName.json()).toMatchObject({ name: 'Original', slug: 'original-1' });
  });

  it('records last made for any member of the group, even across a household lock, without a timeline entry (Mealie)', async () => {
    const owner = await createMember(ctx, { household: 'Makers' });
    const housemate = await createMember(ctx, { household: 'Makers' });
    const slug = await postRecipe(ctx, owner.headers, { name: 'Made It', settings: { locked: true } });
    // The admin is in another household, and Makers locks edits from other households: "made it" is not an edit.
    const across = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: ctx.admin, payload: { timestamp: '2024-04-01T10:00:00' } });
    expect(across.statusCode, across.body).toBe(200);
    expect(across.json().lastMade).toBe('2024-04-01T10:00:00.000000Z');
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: housemate.headers, payload: { timestamp: '2024-05-01T18:30:00' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lastMade).toBe('2024-05-01T18:30:00.000000Z');
    // Mealie's "I Made This" posts its own timeline event and then calls last-made: last-made adds none.
    const all = await ctx.deps.db.selectFrom('recipe_timeline_events').selectAll().where('recipe_id', '=', res.json().id).execute();
    expect(all.map((e) => e.subject)).toEqual(['Recipe Created']);

    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: housemate.headers, payload: { timestamp: 'yesterday-ish' } });
    expect(bad.statusCode).toBe(422);
    const foreign = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}/last-made`, headers: otherGroup.headers, payload: { timestamp: '2024-05-01T18:30:00Z' } });
    expect(foreign.statusCode).toBe(404);
  });

  it('deletes a recipe with its folder and answers the recipe it deleted', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Doomed', recipeIngredient: [{ note: 'x' }] });
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    await ctx.deps.storage.put(`recipes/${recipe.id}/assets/card.pdf`, Buffer.from('pdf'));
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${slug}`, headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: recipe.id, name: 'Doomed' });
    expect(await ctx.deps.storage.list(`recipes/${recipe.id}/`)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).statusCode).toBe(404);
    const orphans = await ctx.deps.db.selectFrom('recipes_ingredients').select('id').where('recipe_id', '=', recipe.id).execute();
    expect(orphans).toEqual([]);
  });

  it('computes the rating as the mean of the ratings above 0', async () => {
    const member = await createMember(ctx);
    const self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
    const recipe = await getRecipe(ctx, ctx.admin, await postRecipe(ctx, ctx.admin, { name: 'Rated' }));
    const now = new Date().toISOString();
    const rate = (userId: string, rating: number) =>
      ctx.deps.db.insertInto('users_to_recipes').values({ id: crypto.randomUUID(), user_id: userId, recipe_id: recipe.id, rating, is_favorite: false, created_at: now, update_at: now }).execute();
    await rate(self.id, 4);
    await rate(member.user.id, 0);
    await refreshRecipeRatings(ctx.deps.db, ctx.deps.engine, [recipe.id]);
    expect((await getRecipe(ctx, ctx.admin, recipe.id)).rating).toBe(4);
    await ctx.deps.db.updateTable('users_to_recipes').set({ rating: 5 }).where('user_id', '=', member.user.id).execute();
    await refreshRecipeRatings(ctx.deps.db, ctx.deps.engine, [recipe.id]);
    expect((await getRecipe(ctx, ctx.admin, recipe.id)).rating).toBe(4.5);
  });
});

describe('side effects', () => {
  it('announces each write as an event in its own transaction (recipe_created, _updated, _deleted)', async () => {
    const before = await ctx.deps.db.selectFrom('hearth_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Watched' });
    const { id } = await getRecipe(ctx, ctx.admin, slug);
    await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { description: 'x' } });
    const copy = (await ctx.app.inject({ method: 'POST', url: `/api/recipes/${slug}/duplicate`, headers: ctx.admin, payload: {} })).json();
    await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${slug}`, headers: ctx.admin });
    // A refused write announces nothing.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${slug}`, headers: ctx.admin })).statusCode).toBe(404);
    const events = await ctx.deps.db.selectFrom('hearth_events').selectAll().where('id', '>', Number(before.max ?? 0)).orderBy('id').execute();
    expect(events.map((e) => [e.type, JSON.parse(e.data).id])).toEqual([
      ['recipe_created', id],
      ['recipe_updated', id],
      ['recipe_created', copy.id],
      ['recipe_deleted', id],
    ]);
    expect(JSON.parse(events[0].data)).toEqual({ id, slug, name: 'Watched' });
  });

  it('deletes the file of an asset dropped from the recipe, and only that one', async () => {
    const assets = [
      { name: 'Card', icon: 'mdi-file', fileName: 'card.pdf' },
      { name: 'Photo', icon: 'mdi-image', fileName: 'photo.jpg' },
    ];
    const slug = await postRecipe(ctx, ctx.admin, { name: 'With Assets', assets });
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    expect(recipe.assets).toEqual(assets);
    const folder = `recipes/${recipe.id}/assets/`;
    for (const asset of assets) await ctx.deps.storage.put(folder + asset.fileName, Buffer.from('data'));
    // A PATCH that leaves assets out keeps them.
    await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { description: 'no asset change' } });
    expect(await ctx.deps.storage.exists(`${folder}card.pdf`)).toBe(true);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { assets: [assets[1]] } });
    expect(res.json().assets).toEqual([assets[1]]);
    expect(await ctx.deps.storage.exists(`${folder}card.pdf`)).toBe(false);
    expect(await ctx.deps.storage.exists(`${folder}photo.jpg`)).toBe(true);
  });

  it('shows ingredients as plain notes while the recipe disables amounts', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Plain Notes', recipeIngredient: [{ quantity: 2, unit: { name: 'mug', pluralName: 'mugs' }, food: { name: 'rice' }, note: 'rinsed' }] });
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    expect(recipe.settings.disableAmount).toBe(true);
    expect(recipe.recipeIngredient[0]).toMatchObject({ display: 'rinsed', disableAmount: true, quantity: 2 });
    const amounts = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { settings: { disableAmount: false } } });
    expect(amounts.json().recipeIngredient[0].display).toBe('2 mugs rice rinsed');
  });
});

describe('errors', () => {
  it('answers 404 for unknown recipes on every route', async () => {
    const calls = [
      { method: 'GET', url: '/api/recipes/nope' },
      { method: 'PUT', url: '/api/recipes/nope', payload: { name: 'x' } },
      { method: 'PATCH', url: '/api/recipes/nope', payload: { name: 'x' } },
      { method: 'DELETE', url: '/api/recipes/nope' },
      { method: 'POST', url: '/api/recipes/nope/duplicate', payload: {} },
      { method: 'PATCH', url: '/api/recipes/nope/last-made', payload: { timestamp: '2024-01-01T00:00:00Z' } },
      { method: 'GET', url: `/api/recipes/${crypto.randomUUID()}` },
    ] as const;
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: ctx.admin });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().detail.message).toBeTruthy();
    }
  });

  it('answers 422 for wrong types and writes nothing', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Typed' });
    const bad = [
      { method: 'POST', url: '/api/recipes', payload: {} },
      { method: 'POST', url: '/api/recipes', payload: { name: 42 } },
      { method: 'POST', url: '/api/recipes', payload: { name: '   ' } },
      { method: 'PUT', url: `/api/recipes/${slug}`, payload: { recipeIngredient: 'flour' } },
      { method: 'PATCH', url: `/api/recipes/${slug}`, payload: { recipeIngredient: [{ quantity: 'a lot' }] } },
      { method: 'PATCH', url: `/api/recipes/${slug}`, payload: { settings: { locked: 'yes' } } },
      { method: 'PATCH', url: `/api/recipes/${slug}`, payload: { tags: [{}] } },
      { method: 'PATCH', url: `/api/recipes/${slug}`, payload: { recipeInstructions: [{ text: ['a'] }] } },
      { method: 'PUT', url: '/api/recipes', payload: { name: 'not an array' } },
    ] as const;
    for (const call of bad) {
      const res = await ctx.app.inject({ ...call, headers: ctx.admin });
      expect(res.statusCode, `${call.method} ${JSON.stringify(call.payload)}`).toBe(422);
    }
    expect((await getRecipe(ctx, ctx.admin, slug)).recipeIngredient).toEqual([]);
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}` });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('keeps recipes inside their group: another group can neither see nor touch them', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Family Secret' });
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    for (const target of [slug, recipe.id]) {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await ctx.app.inject({ method, url: `/api/recipes/${target}`, headers: otherGroup.headers, payload: method === 'GET' || method === 'DELETE' ? undefined : { name: 'Stolen' } });
        expect(res.statusCode, `${method} ${target}`).toBe(404);
      }
    }
    const bulk = await ctx.app.inject({ method: 'PATCH', url: '/api/recipes', headers: otherGroup.headers, payload: [{ id: recipe.id, name: 'Stolen' }] });
    expect(bulk.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=-1', headers: otherGroup.headers });
    expect(list.json().items.map((r: { id: string }) => r.id)).not.toContain(recipe.id);
    expect((await getRecipe(ctx, ctx.admin, slug)).name).toBe('Family Secret');
  });
});
