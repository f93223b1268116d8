import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeOut } from '../../../contract/recipes.js';
import { listSourceTables } from '../../db/migrations/0019_list_version.js';
import { RECIPE_SOURCE_TABLES } from '../../db/migrations/0023_recipe_version_sources.js';
import { nowIso } from '../../db/schema.js';
import type { TestContext } from '../../test/harness.js';
import { loadRecipeBySlugOrId } from './load.js';
import { collectingTables, fullPayload, listTestContext, postRecipe, versionedTables } from './testing.js';

/*
 * A full recipe's JSON kept under the lists' version (kept-recipes.ts, migration 0023): opened again it costs
 * the caller's lookup only, and no write to anything it is made of, on any path, leaves it behind the data.
 */

type Headers = Record<string, string>;
let ctx: TestContext;
let self: { id: string; groupId: string; householdId: string };
let member: Awaited<ReturnType<typeof listTestContext>>['member'];
let slug: string;
let recipeId: string;

beforeAll(async () => {
  ({ ctx, self, member } = await listTestContext({ username: 'kept-member', household: 'Kept Beta' }));
  slug = await postRecipe(ctx, ctx.admin, fullPayload('Kept Waffles'));
  recipeId = (await ctx.app.inject({ method: 'GET', url: `/api/recipes/${slug}`, headers: ctx.admin })).json().id;
  const comment = await ctx.app.inject({ method: 'POST', url: '/api/comments', headers: ctx.admin, payload: { recipeId, text: 'Lovely' } });
  expect(comment.statusCode, comment.body).toBe(201);
  await ctx.deps.db.insertInto('recipe_assets').values({ recipe_id: recipeId, name: 'Card', icon: 'mdi-file', file_name: 'card.pdf' }).execute();
});
afterAll(async () => ctx?.close());

async function get(url = `/api/recipes/${slug}`, headers: Headers = ctx.admin) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { res, body: res.statusCode === 200 ? res.json() : null, queries: Number(res.headers['x-hearth-queries']) };
}

/** The recipe read twice (the second time kept), then changed by `change`, then read again. */
async function afterChange(change: () => Promise<unknown>, headers: Headers = ctx.admin) {
  await get(undefined, headers);
  expect((await get(undefined, headers)).queries).toBe(1);
  await change();
  const read = await get(undefined, headers);
  expect(read.queries).toBe(2);
  return read.body;
}

describe('a recipe kept under the lists\' version', () => {
  it('sends exactly the contract\'s shape, the same as the recipe read afresh, with its headers', async () => {
    const { res, body } = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(res.headers['last-modified']).toBe(body.updatedAt);
    expect(recipeOut.parse(body)).toEqual(body);
    const fresh = await loadRecipeBySlugOrId(ctx.deps.db, ctx.deps.engine, self.groupId, slug, self.householdId);
    expect(body).toEqual(JSON.parse(JSON.stringify(recipeOut.parse(fresh))));
    // Everything a recipe carries is there, so the comparison covers every part.
    expect(body.recipeIngredient[0].food.name).toBe('Flour');
    expect(body.recipeInstructions[1].ingredientReferences).toHaveLength(2);
    expect([body.notes.length, body.assets.length, body.comments.length, Object.keys(body.extras).length]).toEqual([2, 1, 1, 2]);
  });

  it('is read in one statement the first time, then costs only the caller\'s lookup, by slug and by id alike', async () => {
    await ctx.deps.db.updateTable('recipes').set({ description: 'first' }).where('id', '=', recipeId).execute();
    const first = await get();
    expect(first.queries).toBe(2);
    const again = await get();
    expect(again.queries).toBe(1);
    expect(again.res.body).toBe(first.res.body);
    // A hard reload (Cache-Control: no-cache) reads it again, in one statement, and keeps that.
    const reloaded = await get(undefined, { ...ctx.admin, 'cache-control': 'no-cache' });
    expect(reloaded.queries).toBe(2);
    expect(reloaded.res.body).toBe(first.res.body);
    expect((await get()).queries).toBe(1);
    const byId = await get(`/api/recipes/${recipeId}`);
    expect(byId.res.body).toBe(first.res.body);
    expect((await get(`/api/recipes/${recipeId.toUpperCase()}`)).res.body).toBe(first.res.body);
    expect((await get('/api/recipes/no-such-recipe')).res.statusCode).toBe(404);
    expect((await get('/api/recipes/no-such-recipe')).res.json()).toMatchObject({ detail: { message: 'No Entry Found' } });
  });

  it('shows each change to what the recipe is made of at once, through the API and through plain SQL', async () => {
    const db = ctx.deps.db;
    let body = await afterChange(() => db.updateTable('recipe_instructions').set({ text: 'Whisk well.' }).where('recipe_id', '=', recipeId).where('position', '=', 0).execute());
    expect(body.recipeInstructions[0].text).toBe('Whisk well.');

    const stepIds = body.recipeInstructions.map((step: { id: string }) => step.id);
    body = await afterChange(() => db.deleteFrom('recipe_ingredient_ref_link').where('instruction_id', '=', stepIds[1]).execute());
    expect(body.recipeInstructions[1].ingredientReferences).toEqual([]);

    body = await afterChange(() => db.updateTable('notes').set({ text: 'Rest it an hour.' }).where('recipe_id', '=', recipeId).where('title', '=', 'Tip').execute());
    expect(body.notes[0].text).toBe('Rest it an hour.');

    body = await afterChange(() => db.updateTable('recipe_nutrition').set({ calories: '410' }).where('recipe_id', '=', recipeId).execute());
    expect(body.nutrition.calories).toBe('410');

    body = await afterChange(() => db.updateTable('recipe_assets').set({ name: 'Recipe card' }).where('recipe_id', '=', recipeId).execute());
    expect(body.assets[0].name).toBe('Recipe card');

    body = await afterChange(() => db.updateTable('recipe_extras').set({ value: 'aunt' }).where('recipe_id', '=', recipeId).where('key_name', '=', 'source').execute());
    expect(body.extras.source).toBe('aunt');

    body = await afterChange(() => ctx.app.inject({ method: 'POST', url: '/api/comments', headers: ctx.admin, payload: { recipeId, text: 'Again!' } }));
    expect(body.comments.map((c: { text: string }) => c.text)).toEqual(['Lovely', 'Again!']);

    body = await afterChange(() => db.updateTable('users').set({ full_name: 'Chef Admin' }).where('id', '=', self.id).execute());
    expect(body.comments[0].user.fullName).toBe('Chef Admin');

    const flour = body.recipeIngredient[0].food;
    const cup = body.recipeIngredient[0].unit;
    body = await afterChange(() => db.insertInto('ingredient_foods_aliases').values({ id: crypto.randomUUID(), food_id: flour.id, name: 'Plain flour', name_normalized: 'plain flour' }).execute());
    expect(body.recipeIngredient[0].food.aliases).toEqual([{ name: 'Plain flour' }]);

    body = await afterChange(() => db.insertInto('ingredient_units_aliases').values({ id: crypto.randomUUID(), unit_id: cup.id, name: 'c', name_normalized: 'c' }).execute());
    expect(body.recipeIngredient[0].unit.aliases).toEqual([{ name: 'c' }]);

    const labelId = crypto.randomUUID();
    await db.insertInto('multi_purpose_labels').values({ id: labelId, group_id: self.groupId, name: 'Baking', color: '#111111', created_at: nowIso(), update_at: nowIso() }).execute();
    body = await afterChange(() => db.updateTable('ingredient_foods').set({ label_id: labelId }).where('id', '=', flour.id).execute());
    expect(body.recipeIngredient[0].food.label).toMatchObject({ name: 'Baking', color: '#111111' });
    body = await afterChange(() => db.updateTable('multi_purpose_labels').set({ color: '#ff0000' }).where('id', '=', labelId).execute());
    expect(body.recipeIngredient[0].food.label.color).toBe('#ff0000');

    body = await afterChange(() => ctx.app.inject({ method: 'PATCH', url: `/api/recipes/${slug}`, headers: ctx.admin, payload: { description: 'Patched' } }));
    expect(body.description).toBe('Patched');
  });

  it('keeps each household apart: what is on hand is the viewer\'s', async () => {
    const flourId = (await get()).body.recipeIngredient[0].food.id;
    await get(undefined, member.headers);
    await ctx.deps.db.insertInto('households_to_ingredient_foods').values({ household_id: self.householdId, food_id: flourId }).execute();
    expect((await get()).body.recipeIngredient[0].food.onHand).toBe(true);
    const theirs = await get(undefined, member.headers);
    expect(theirs.body.recipeIngredient[0].food.onHand).toBe(false);
    expect((await get(undefined, member.headers)).queries).toBe(1);
    expect((await get()).body.recipeIngredient[0].food.onHand).toBe(true);
  });

  it('answers 404 once the recipe is deleted', async () => {
    const doomed = await postRecipe(ctx, ctx.admin, { name: 'Doomed Kept' });
    expect((await get(`/api/recipes/${doomed}`)).res.statusCode).toBe(200);
    expect((await get(`/api/recipes/${doomed}`)).queries).toBe(1);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recipes/${doomed}`, headers: ctx.admin })).statusCode).toBe(200);
    expect((await get(`/api/recipes/${doomed}`)).res.statusCode).toBe(404);
  });

  it('has the version moved by every table a recipe is read from', async () => {
    const { db, read, named } = collectingTables(ctx.deps.db);
    expect(await loadRecipeBySlugOrId(db, ctx.deps.engine, self.groupId, slug, self.householdId)).not.toBeNull();
    const triggered = await versionedTables(ctx);
    expect([...listSourceTables(ctx.deps.engine), ...RECIPE_SOURCE_TABLES].filter((table) => !triggered.has(table))).toEqual([]);
    expect([...read].filter((table) => !triggered.has(table) && !named.has(table))).toEqual([]);
    expect(read.has('recipe_comments') && read.has('multi_purpose_labels') && read.has('recipe_instructions')).toBe(true);
  });
});
