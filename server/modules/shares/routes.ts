import { z } from 'zod';
import { idParam } from '../../../contract/common.js';
import { recipeOut } from '../../../contract/recipes.js';
import { recipeShareToken, recipeShareTokenCreate, recipeShareTokenSummary, shareListQuery, shareTokenParam } from '../../../contract/shares.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { createShareToken, deleteShareToken, getShareToken, listShareTokens, sharedRecipe } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Shared: Recipes'];
const access = { access: 'user' as const };

export default async function shareRoutes(app: App, deps: Deps) {
  app.get(API.sharedRecipes, { config: access, schema: { tags, querystring: shareListQuery, response: { 200: z.array(recipeShareTokenSummary) } } }, async (request) =>
    listShareTokens(deps, currentUser(request), request.query.recipe_id),
  );
  app.post(API.sharedRecipes, { config: access, schema: { tags, body: recipeShareTokenCreate, response: { 201: recipeShareToken } } }, async (request, reply) => {
    const token = await createShareToken(deps, currentUser(request), request.body);
    reply.status(201);
    return token;
  });
  app.get(API.sharedRecipesByItemId, { config: access, schema: { tags, params: idParam, response: { 200: recipeShareToken } } }, async (request) =>
    getShareToken(deps, currentUser(request), request.params.item_id),
  );
  app.delete(API.sharedRecipesByItemId, { config: access, schema: { tags, params: idParam, response: { 200: recipeShareTokenSummary } } }, async (request) =>
    deleteShareToken(deps, currentUser(request), request.params.item_id),
  );

  app.get(API.recipesSharedByTokenId, { config: { access: 'public' }, schema: { tags: ['Recipe: Shared'], params: shareTokenParam, response: { 200: recipeOut } } }, async (request) =>
    sharedRecipe(deps, request.params.token_id),
  );
}
