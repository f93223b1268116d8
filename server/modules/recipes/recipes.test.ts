import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { fullPayload, getRecipe, postRecipe, REF_A, REF_B, requestQueries } from './testing.js';

let ctx: TestContext;
let otherGroup: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { HEARTH_EXPOSE_QUERY_COUNT: 'true' } });
  otherGroup = await createMember(ctx, { group: 'Elsewhere' });
});
afterAll(async () => ctx?.close());

describe('create and read', () => {
  it('creates from a name alone: 201 with the slug as a JSON string, readable by slug and by id', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'Plain Toast' } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toBe('"plain-toast"');

    const recipe = await getRecipe(ctx, ctx.admin, 'plain-toast');
    const self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
    expect(recipe).toMatchObject({ name: 'Plain Toast', slug: 'plain-toast', userId: self.id, householdId: self.householdId, groupId: self.groupId });
    expect(recipe.dateAdded).toBe(new Date().toISOString().slice(0, 10));
    expect(recipe.recipeIngredient).toEqual([]);
    // Defaults come from the household's recipe preferences.
    expect(recipe.settings).toEqual({ public: true, showNutrition: false, showAssets: false, landscapeView: false, disableComments: false, disableAmount: true, locked: false });
    const byId = await getRecipe(ctx, ctx.admin, recipe.id);
    expect(byId.slug).toBe('plain-toast');
    const undashed = await getRecipe(ctx, ctx.admin, recipe.id.replace(/-/g, '').toUpperCase());
    expect(undashed.id).toBe(recipe.id);
  });

  it("answers every field of Mealie's Recipe-Output, with full food and unit objects", async () => {
    const slug = await postRecipe(ctx, ctx.admin, fullPayload('Shape Check'));
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    expect(Object.keys(recipe).sort()).toEqual(
      [
        'id', 'userId', 'householdId', 'groupId', 'name', 'slug', 'image', 'recipeServings', 'recipeYieldQuantity', 'recipeYield',
        'totalTime', 'prepTime', 'cookTime', 'performTime', 'description', 'recipeCategory', 'tags', 'tools', 'rating', 'orgURL',
        'dateAdded', 'dateUpdated', 'createdAt', 'updatedAt', 'lastMade', 'recipeIngredient', 'recipeInstructions', 'nutrition',
        'settings', 'assets', 'notes', 'extras', 'comments',
      ].sort(),
    );
    const [first] = recipe.recipeIngredient;
    expect(Object.keys(first).sort()).toEqual(['quantity', 'unit', 'food', 'note', 'isFood', 'disableAmount', 'display', 'title', 'originalText', 'referenceId'].sort());
    expect(Object.keys(first.food).sort()).toEqual(
      ['id', 'name', 'pluralName', 'description', 'extras', 'onHand', 'labelId', 'label', 'aliases', 'householdsWithIngredientFood', 'createdAt', 'updatedAt'].sort(),
    );
    expect(Object.keys(first.unit).sort()).toEqual(
      ['id', 'name', 'pluralName', 'description', 'extras', 'onHand', 'fraction', 'abbreviation', 'pluralAbbreviation', 'useAbbreviation', 'aliases', 'createdAt', 'updatedAt'].sort(),
    );
    expect(Object.keys(recipe.recipeInstructions[0]).sort()).toEqual(['id', 'title', 'summary', 'text', 'ingredientReferences'].sort());
    expect(Object.keys(recipe.tools[0]).sort()).toEqual(['id', 'groupId', 'name', 'slug', 'onHand', 'householdsWithTool'].sort());
    expect(Object.keys(recipe.nutrition)).toHaveLength(11);
    expect(recipe.createdAt).toMatch(/Z$/);
  });

  it('stores a whole recipe: ingredient order, sections, references, organizers, notes, nutrition, extras, settings', async () => {
    const slug = await postRecipe(ctx, ctx.admin, fullPayload('Waffles'));
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    expect(recipe).toMatchObject({
      description: 'Crisp outside, soft inside',
      recipeYield: '4 servings',
      recipeYieldQuantity: 4,
      recipeServings: 4,
      totalTime: '30 minutes',
      prepTime: '10 minutes',
      cookTime: '20 minutes',
      performTime: '5 minutes',
      orgURL: 'https://example.com/waffles',
      extras: { source: 'grandma', servingsNote: 'hungry people' },
      notes: [{ title: 'Tip', text: 'Rest the batter.' }, { title: 'Storage', text: 'Freeze.' }],
      settings: { public: false, showNutrition: true, disableAmount: false, locked: false },
    });
    expect(recipe.nutrition).toMatchObject({ calories: '320', proteinContent: '9', fatContent: null });
    expect(recipe.recipeIngredient.map((i: { title: string | null }) => i.title)).toEqual(['Batter', null, 'Topping', null]);
    expect(recipe.recipeIngredient.map((i: { display: string }) => i.display)).toEqual(['2 cups Flour sifted', '1/2 tsp Salt', '3 eggs', 'Maple syrup to serve']);
    expect(recipe.recipeIngredient[0].referenceId).toBe(REF_A);
    expect(recipe.recipeIngredient[2].referenceId).toBe(REF_B);
    expect(recipe.recipeIngredient[1].referenceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(recipe.recipeIngredient[1].originalText).toBe('½ tsp salt');
    expect(recipe.recipeIngredient[3]).toMatchObject({ quantity: null, food: null, unit: null, note: 'Maple syrup to serve' });
    expect(recipe.recipeInstructions).toMatchObject([
      { title: 'Mix', summary: 'Dry first', text: 'Whisk flour and salt.', ingredientReferences: [{ referenceId: REF_A }] },
      { title: '', summary: '', text: 'Add the eggs.', ingredientReferences: [{ referenceId: REF_B }, { referenceId: REF_A }] },
    ]);
    expect(recipe.tags.map((t: { slug: string }) => t.slug)).toEqual(['breakfast', 'weekend-treat']);
    expect(recipe.recipeCategory).toMatchObject([{ name: 'Brunch', slug: 'brunch' }]);
    expect(recipe.tools).toMatchObject([{ name: 'Waffle Iron', slug: 'waffle-iron', onHand: false }]);

    // A second recipe naming the same organizers, foods and units reuses the rows (by name, slug or id).
    const again = await getRecipe(
      ctx,
      ctx.admin,
      await postRecipe(ctx, ctx.admin, {
        name: 'Waffles Again',
        recipeIngredient: [{ quantity: 1, unit: { name: 'cups' }, food: { name: 'FLOUR' } }, { quantity: 1, unit: { name: 'TSP' }, food: { id: recipe.recipeIngredient[1].food.id } }],
        tags: [{ name: 'breakfast' }, { slug: 'weekend-treat' }, { id: recipe.tags[0].id, name: 'Breakfast', slug: 'breakfast' }],
        tools: [{ id: recipe.tools[0].id, name: 'whatever' }],
      }),
    );
    expect(again.recipeIngredient[0].food.id).toBe(recipe.recipeIngredient[0].food.id);
    expect(again.recipeIngredient[0].unit.id).toBe(recipe.recipeIngredient[0].unit.id);
    expect(again.recipeIngredient[1].unit.id).toBe(recipe.recipeIngredient[1].unit.id);
    expect(again.recipeIngredient[1].food.name).toBe('Salt');
    expect(again.tags.map((t: { id: string }) => t.id).sort()).toEqual(recipe.tags.map((t: { id: string }) => t.id).sort());
    expect(again.tools[0].id).toBe(recipe.tools[0].id);
  });

  it('shows a food with its label, aliases and the households that have it on hand', async () => {
    const self = (await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: ctx.admin })).json();
    const now = new Date().toISOString();
    const labelId = crypto.randomUUID();
    const foodId = crypto.randomUUID();
    await ctx.deps.db.insertInto('multi_purpose_labels').values({ id: labelId, group_id: self.groupId, name: 'Dairy', color: '#ffffff', created_at: now, update_at: now }).execute();
    await ctx.deps.db
      .insertInto('ingredient_foods')
      .values({ id: foodId, group_id: self.groupId, name: 'butter', plural_name: null, description: 'salted', on_hand: false, label_id: labelId, name_normalized: 'butter', plural_name_normalized: '', created_at: now, update_at: now })
      .execute();
    await ctx.deps.db.insertInto('ingredient_foods_aliases').values({ id: crypto.randomUUID(), food_id: foodId, name: 'beurre', name_normalized: 'beurre' }).execute();
    await ctx.deps.db.insertInto('households_to_ingredient_foods').values({ household_id: self.householdId, food_id: foodId }).execute();

    const recipe = await getRecipe(ctx, ctx.admin, await postRecipe(ctx, ctx.admin, { name: 'Buttered', recipeIngredient: [{ quantity: 1, food: { id: foodId } }] }));
    expect(recipe.recipeIngredient[0].food).toMatchObject({
      id: foodId,
      name: 'butter',
      description: 'salted',
      labelId,
      label: { id: labelId, name: 'Dairy', color: '#ffffff', groupId: self.groupId },
      aliases: [{ name: 'beurre' }],
      householdsWithIngredientFood: [self.householdId],
      onHand: true,
      extras: {},
    });
  });

  it('keeps the *_normalized columns in step with the text', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: '  Crème Brûlée ', description: 'Très Bon', recipeIngredient: [{ note: 'Zeste de Citrón', originalText: 'ÉCLAT' }] });
    const row = await ctx.deps.db.selectFrom('recipes').select(['id', 'name', 'name_normalized', 'description_normalized']).where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Crème Brûlée', name_normalized: 'creme brulee', description_normalized: 'tres bon' });
    const ingredient = await ctx.deps.db.selectFrom('recipes_ingredients').select(['note_normalized', 'original_text_normalized']).where('recipe_id', '=', row.id).executeTakeFirstOrThrow();
    expect(ingredient).toEqual({ note_normalized: 'zeste de citron', original_text_normalized: 'eclat' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { description: 'ÀPRÈS' } });
    const after = await ctx.deps.db.selectFrom('recipes').select('description_normalized').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.description_normalized).toBe('apres');
  });

  it('accepts snake_case keys', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Snake Case', org_url: 'https://snake.example', recipe_ingredient: [{ note: 'one', original_text: 'one thing' }], recipe_servings: 2 });
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    expect(recipe).toMatchObject({ orgURL: 'https://snake.example', recipeServings: 2 });
    expect(recipe.recipeIngredient[0].originalText).toBe('one thing');
  });

  it('loads one recipe in a fixed number of queries, however long it is', async () => {
    const short = await postRecipe(ctx, ctx.admin, { name: 'Short', recipeIngredient: [{ quantity: 1, food: { name: 'rice' } }], recipeInstructions: [{ text: 'a' }], tags: [{ name: 't1' }] });
    const long = await postRecipe(ctx, ctx.admin, {
      name: 'Long',
      recipeIngredient: Array.from({ length: 30 }, (_, n) => ({ quantity: n, food: { name: `food ${n}` }, unit: { name: `unit ${n}` } })),
      recipeInstructions: Array.from({ length: 12 }, (_, n) => ({ text: `step ${n}`, ingredientReferences: [] })),
      notes: Array.from({ length: 5 }, (_, n) => ({ title: `n${n}`, text: 'x' })),
      tags: Array.from({ length: 8 }, (_, n) => ({ name: `tag ${n}` })),
      tools: [{ name: 'pan' }, { name: 'pot' }],
      recipeCategory: [{ name: 'c1' }, { name: 'c2' }],
    });
    const count = (slug: string) => requestQueries(() => ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin }));
    const shortCount = await count(short);
    const longCount = await count(long);
    expect(longCount).toBe(shortCount);
    // The caller, then the recipe row (found by slug) carrying its organizers, ingredients, their foods'
    // and units' lookups, steps, references, extras, assets, notes, nutrition and comments (issue 19: was 17).
    expect(longCount).toBe(2);
  });
});

describe('slugs', () => {
  it('keeps slugs unique in the group with -1, -2 suffixes while names repeat', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i += 1) slugs.push(await postRecipe(ctx, ctx.admin, { name: 'Banana Bread' }));
    expect(slugs).toEqual(['banana-bread', 'banana-bread-1', 'banana-bread-2']);
    const names = await Promise.all(slugs.map(async (slug) => (await getRecipe(ctx, ctx.admin, slug)).name));
    expect(names).toEqual(['Banana Bread', 'Banana Bread', 'Banana Bread']);
    // Another group has its own slug space.
    expect(await postRecipe(ctx, otherGroup.headers, { name: 'Banana Bread' })).toBe('banana-bread');
    // A freed slug is reused.
    await ctx.app.inject({ method: 'DELETE', url: '/api/recipes/banana-bread-1', headers: ctx.admin });
    expect(await postRecipe(ctx, ctx.admin, { name: 'Banana Bread' })).toBe('banana-bread-1');
  });

  it('follows a rename and keeps the slug when the name stays', async () => {
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Old Name' });
    const renamed = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { name: 'Banana Bread' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().slug).toMatch(/^banana-bread-\d+$/);
    const again = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${renamed.json().slug}`, headers: ctx.admin, payload: { description: 'same name' } });
    expect(again.json().slug).toBe(renamed.json().slug);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recipes/old-name', headers: ctx.admin })).statusCode).toBe(404);
  });
});

describe('update', () => {
  it('PUT replaces the content and keeps ingredient order, sections and step references', async () => {
    const slug = await postRecipe(ctx, ctx.admin, fullPayload('Put Target'));
    const recipe = await getRecipe(ctx, ctx.admin, slug);
    // A client sends back what it read, reordered and edited.
    const reordered = [recipe.recipeIngredient[2], recipe.recipeIngredient[0], { ...recipe.recipeIngredient[1], title: 'Seasoning', note: 'fine' }];
    const steps = [{ ...recipe.recipeInstructions[1] }, { ...recipe.recipeInstructions[0], text: 'Whisk well.' }];
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { ...recipe, recipeIngredient: reordered, recipeInstructions: steps, tags: [recipe.tags[1]] } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.recipeIngredient.map((i: { referenceId: string }) => i.referenceId)).toEqual(reordered.map((i) => i.referenceId));
    expect(saved.recipeIngredient.map((i: { title: string | null }) => i.title)).toEqual(['Topping', 'Batter', 'Seasoning']);
    expect(saved.recipeIngredient[2].note).toBe('fine');
    expect(saved.recipeInstructions.map((s: { id: string }) => s.id)).toEqual([recipe.recipeInstructions[1].id, recipe.recipeInstructions[0].id]);
    expect(saved.recipeInstructions[0].ingredientReferences).toEqual([{ referenceId: REF_B }, { referenceId: REF_A }]);
    expect(saved.recipeInstructions[1].text).toBe('Whisk well.');
    expect(saved.tags.map((t: { slug: string }) => t.slug)).toEqual(['weekend-treat']);
    expect(saved.dateUpdated >= recipe.dateUpdated).toBe(true);
    expect(await getRecipe(ctx, ctx.admin, slug)).toEqual(saved);

    // PUT without content fields empties them; identity, settings and dateAdded stay.
    const bare = await ctx.app.inject({ method: 'PUT', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { name: 'Put Target' } });
    expect(bare.json()).toMatchObject({ recipeIngredient: [], recipeInstructions: [], tags: [], notes: [], description: '', id: recipe.id, dateAdded: recipe.dateAdded, settings: recipe.settings });
  });

  it('PATCH changes only what it is given', async () => {
    const slug = await postRecipe(ctx, ctx.admin, fullPayload('Patch Target'));
    const before = await getRecipe(ctx, ctx.admin, slug);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { description: 'Now with berries', settings: { landscapeView: true } } });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.description).toBe('Now with berries');
    expect(after.settings).toEqual({ ...before.settings, landscapeView: true });
    expect(after.recipeIngredient).toEqual(before.recipeIngredient);
    expect(after.recipeInstructions).toEqual(before.recipeInstructions);
    expect(after.tags).toEqual(before.tags);

    const notesOnly = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { notes: [{ title: 'Only', text: 'one' }], recipeIngredient: [before.recipeIngredient[3], before.recipeIngredient[0]] } });
    expect(notesOnly.json().notes).toEqual([{ title: 'Only', text: 'one' }]);
    expect(notesOnly.json().recipeIngredient.map((i: { note: string }) => i.note)).toEqual(['Maple syrup to serve', 'sifted']);
    expect(notesOnly.json().recipeInstructions).toEqual(before.recipeInstructions);
  });

  it('refuses foods, units and organizers of another group by id', async () => {
    const foreign = await getRecipe(
      ctx,
      otherGroup.headers,
      await postRecipe(ctx, otherGroup.headers, { name: 'Foreign', recipeIngredient: [{ quantity: 1, food: { name: 'Kale' }, unit: { name: 'bunch' } }], tags: [{ name: 'Green' }] }),
    );
    const slug = await postRecipe(ctx, ctx.admin, { name: 'Local' });
    const food = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { recipeIngredient: [{ food: { id: foreign.recipeIngredient[0].food.id } }] } });
    expect(food.statusCode).toBe(400);
    expect(food.json().detail.message).toContain('food');
    const unit = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { recipeIngredient: [{ unit: { id: foreign.recipeIngredient[0].unit.id } }] } });
    expect(unit.statusCode).toBe(400);
    const tag = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { tags: [{ id: foreign.tags[0].id }] } });
    expect(tag.statusCode).toBe(400);
    // Nothing was half-written.
    expect((await getRecipe(ctx, ctx.admin, slug)).recipeIngredient).toEqual([]);
    // With a name as well, the reference is matched or created in the caller's own group instead.
    const byName = await ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { recipeIngredient: [{ quantity: 1, food: foreign.recipeIngredient[0].food }], tags: foreign.tags } });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().recipeIngredient[0].food.name).toBe('Kale');
    expect(byName.json().recipeIngredient[0].food.id).not.toBe(foreign.recipeIngredient[0].food.id);
    expect(byName.json().tags[0].groupId).toBe(byName.json().groupId);
  });

  it('updates many recipes at once with bulk PUT and PATCH', async () => {
    const a = await getRecipe(ctx, ctx.admin, await postRecipe(ctx, ctx.admin, { name: 'Bulk A', description: 'a' }));
    const b = await getRecipe(ctx, ctx.admin, await postRecipe(ctx, ctx.admin, { name: 'Bulk B', description: 'b', recipeIngredient: [{ note: 'keep me' }] }));
    const patched = await ctx.app.inject({ method: 'PATCH', url: '/api/recipes', headers: ctx.admin, payload: [{ id: a.id, description: 'A!' }, { slug: b.slug, description: 'B!' }] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().map((r: { description: string }) => r.description)).toEqual(['A!', 'B!']);
    expect(patched.json()[1].recipeIngredient[0].note).toBe('keep me');

    const put = await ctx.app.inject({ method: 'PUT', url: '/api/recipes', headers: ctx.admin, payload: [{ ...a, name: 'Bulk A2', description: 'put' }, { ...b, recipeIngredient: [] }] });
    expect(put.statusCode).toBe(200);
    expect(put.json()[0]).toMatchObject({ name: 'Bulk A2', slug: 'bulk-a2', description: 'put' });
    expect(put.json()[1].recipeIngredient).toEqual([]);

    const missing = await ctx.app.inject({ method: 'PATCH', url: '/api/recipes', headers: ctx.admin, payload: [{ id: a.id, description: 'no' }, { slug: 'no-such-recipe', description: 'x' }] });
    expect(missing.statusCode).toBe(404);
    expect((await getRecipe(ctx, ctx.admin, a.id)).description).toBe('put');
    const unnamed = await ctx.app.inject({ method: 'PATCH', url: '/api/recipes', headers: ctx.admin, payload: [{ description: 'which one?' }] });
    expect(unnamed.statusCode).toBe(422);
  });
});
