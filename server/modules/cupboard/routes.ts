import { foodEquivalentsIn, foodEquivalentsOut, madeItIn, madeItOptions as madeItOptionsOut, madeItOut, planNutritionOut, planNutritionQuery } from '../../../contract/cupboard.js';
import { idParam } from '../../../contract/common.js';
import { slugParam } from '../../../contract/recipes.js';
import { API } from '../../../contract/routes.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { foodEquivalents, setFoodEquivalents } from './equivalents.js';
import { madeItOptions, recordMadeIt } from './made-it.js';
import { idempotencyKeyOf } from '../../platform/idempotency.js';
import { planNutrition } from './plan-nutrition.js';

/**
 * Hearth-only routes of the cupboard loop (issue 37). Every one acts for the caller's own household: its
 * meal plan, its on-hand foods, its interchangeable foods.
 */
export default async function cupboardRoutes(app: App, deps: Deps) {
  const access = { access: 'user' } as const;
  app.get(API.householdsMealplansNutrition,
    { config: access, schema: { tags: ['Households: Mealplans'], querystring: planNutritionQuery, response: { 200: planNutritionOut } } },
    async (request) => planNutrition(deps, currentUser(request), request.query),
  );
  app.get(API.recipesBySlugMadeIt,
    { config: access, schema: { tags: ['Recipe: Timeline'], params: slugParam, response: { 200: madeItOptionsOut } } },
    async (request) => madeItOptions(deps, currentUser(request), request.params.slug),
  );
  app.post(API.recipesBySlugMadeIt,
    { config: access, schema: { tags: ['Recipe: Timeline'], params: slugParam, body: madeItIn, response: { 201: madeItOut } } },
    async (request, reply) => reply.status(201).send(await recordMadeIt(deps, currentUser(request), request.params.slug, request.body, idempotencyKeyOf(request))),
  );
  app.get(API.foodsByItemIdEquivalents,
    { config: access, schema: { tags: ['Recipes: Foods'], params: idParam, response: { 200: foodEquivalentsOut } } },
    async (request) => foodEquivalents(deps, currentUser(request), request.params.item_id),
  );
  app.put(API.foodsByItemIdEquivalents,
    { config: access, schema: { tags: ['Recipes: Foods'], params: idParam, body: foodEquivalentsIn, response: { 200: foodEquivalentsOut } } },
    async (request) => setFoodEquivalents(deps, currentUser(request), request.params.item_id, request.body.foodIds),
  );
}
