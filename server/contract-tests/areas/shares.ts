import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { expectValid } from '../schemas.js';
import { made } from './fixtures.js';
import { binary, isZip, plainRecipe } from './recipe-fixtures.js';
import { newRecipe } from './recipes.js';

/** A share link of a recipe with every kind of nested data, made by the member. */
async function shared(w: World) {
  const recipe = await newRecipe(w);
  const token = await made(w.member.clients.SharedRecipesApi.createOneApiSharedRecipesPost({ recipeId: recipe.id ?? '' }), 'share token');
  return { recipe, token };
}

/** Share links: made, listed, read and revoked by members; the shared recipe read by anyone holding the link. */
export const shareRows = [
  op('SharedRecipesApi', 'createOneApiSharedRecipesPost').row({
    as: 'member',
    status: 201,
    setup: (w) => plainRecipe(w),
    args: (_w, recipe) => [{ recipeId: recipe.id ?? '', expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString() }],
    check: (body, _w, recipe) => expect(body.recipe.id).toBe(recipe.id),
  }),
  op('SharedRecipesApi', 'getAllApiSharedRecipesGet').row({
    as: 'member',
    status: 200,
    setup: shared,
    args: (_w, { recipe }) => [recipe.id ?? ''],
    check: (body, _w, { token }) => expect(body.map((t) => t.id)).toEqual([token.id]),
  }),
  op('SharedRecipesApi', 'getAllApiSharedRecipesGet').row({ status: 200, title: 'every link of the group', setup: shared, args: () => [] }),
  op('SharedRecipesApi', 'getOneApiSharedRecipesItemIdGet').row({ as: 'member', status: 200, setup: shared, args: (_w, { token }) => [token.id] }),
  op('SharedRecipesApi', 'deleteOneApiSharedRecipesItemIdDelete').row({
    as: 'member',
    status: 200,
    setup: shared,
    args: (_w, { token }) => [token.id],
    check: async (body: unknown, w, { token }) => {
      expectValid('RecipeShareTokenSummary', body);
      expect((await w.member.clients.SharedRecipesApi.getOneApiSharedRecipesItemIdGet(token.id)).status).toBe(404);
    },
  }),
  op('RecipeSharedApi', 'getSharedRecipeApiRecipesSharedTokenIdGet').row({
    as: 'anon',
    status: 200,
    setup: shared,
    args: (_w, { token }) => [token.id],
    check: (body, _w, { recipe }) => {
      expect(body.id).toBe(recipe.id);
      expect(body.recipeIngredient).toHaveLength(2);
    },
  }),
  op('RecipeSharedApi', 'getSharedRecipeAsZipApiRecipesSharedTokenIdZipGet').row({
    as: 'anon',
    status: 200,
    setup: shared,
    args: (_w, { token }) => [token.id, binary],
    check: (body) => expect(isZip(body)).toBe(true),
  }),
];
