import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRecipes, searchRecipeIds } from '../../search/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { insertRecipe, post, selfScope } from './test-fixtures.js';

/** Organizer and food names are part of the recipe search index: renames, merges and deletes keep it current. */
let ctx: TestContext;
let scope: { groupId: string; householdId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  scope = await selfScope(ctx, ctx.admin);
});
afterAll(async () => ctx?.close());

const search = (text: string) => searchRecipeIds(ctx.deps, scope.groupId, text);

describe('recipe search index upkeep', () => {
  it('follows a tag rename and a category delete', async () => {
    const tag = (await post(ctx, ctx.admin, '/api/organizers/tags', { name: 'Zesty' })).json();
    const category = (await post(ctx, ctx.admin, '/api/organizers/categories', { name: 'Marmalades' })).json();
    const recipeId = await insertRecipe(ctx, scope);
    await ctx.deps.db.insertInto('recipes_to_tags').values({ recipe_id: recipeId, tag_id: tag.id }).execute();
    await ctx.deps.db.insertInto('recipes_to_categories').values({ recipe_id: recipeId, category_id: category.id }).execute();
    await indexRecipes(ctx.deps, [recipeId]);
    expect(await search('zesty')).toEqual([recipeId]);
    expect(await search('marmalades')).toEqual([recipeId]);

    expect((await ctx.app.inject({ method: 'PUT', url: `/api/organizers/tags/${tag.id}`, headers: ctx.admin, payload: { name: 'Quixotic' } })).statusCode).toBe(200);
    expect(await search('quixotic')).toEqual([recipeId]);
    expect(await search('zesty')).toEqual([]);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/organizers/categories/${category.id}`, headers: ctx.admin })).statusCode).toBe(200);
    expect(await search('marmalades')).toEqual([]);
  });

  it('follows a food rename, merge and delete', async () => {
    const food = (await post(ctx, ctx.admin, '/api/foods', { name: 'Kohlrabi' })).json();
    const target = (await post(ctx, ctx.admin, '/api/foods', { name: 'Rutabaga' })).json();
    const recipeId = await insertRecipe(ctx, scope, [{ foodId: food.id }]);
    await indexRecipes(ctx.deps, [recipeId]);
    expect(await search('kohlrabi')).toEqual([recipeId]);

    await ctx.app.inject({ method: 'PUT', url: `/api/foods/${food.id}`, headers: ctx.admin, payload: { name: 'Celeriac' } });
    expect(await search('celeriac')).toEqual([recipeId]);
    expect(await search('kohlrabi')).toEqual([]);

    expect((await ctx.app.inject({ method: 'PUT', url: '/api/foods/merge', headers: ctx.admin, payload: { fromFood: food.id, toFood: target.id } })).statusCode).toBe(200);
    expect(await search('rutabaga')).toEqual([recipeId]);
    expect(await search('celeriac')).toEqual([]);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/foods/${target.id}`, headers: ctx.admin })).statusCode).toBe(200);
    expect(await search('rutabaga')).toEqual([]);
  });
});
