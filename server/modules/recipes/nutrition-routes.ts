import { slugParam } from '../../../contract/recipes.js';
import { computedNutritionOut, computedNutritionQuery, nutritionSourceIn } from '../../../contract/nutrition.js';
import { API } from '../../../contract/routes.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { sendBuiltJson, type App } from '../../platform/http.js';
import { computedNutrition, setNutritionSource } from './nutrition.js';

const tags = ['Recipe: Nutrition'];

/** Hearth's computed nutrition of a recipe (issue 37); Mealie's nutrition fields are untouched. */
export default async function recipeNutritionRoutes(app: App, deps: Deps) {
  app.get(API.recipesBySlugNutritionComputed,
    { config: { access: 'user' }, schema: { tags, params: slugParam, querystring: computedNutritionQuery, response: { 200: computedNutritionOut } } },
    async (request, reply) => sendBuiltJson(reply, await computedNutrition(deps, currentUser(request).groupId, request.params.slug, request.query.scale)),
  );
  app.put(API.recipesBySlugNutritionSource,
    { config: { access: 'user' }, schema: { tags, params: slugParam, body: nutritionSourceIn, response: { 200: computedNutritionOut } } },
    async (request) => setNutritionSource(deps, currentUser(request), request.params.slug, request.body.source),
  );
}
