import { foodIn, foodOut, mergeFood, referenceFoodQuery, referenceSuggestions } from '../../../contract/foods.js';
import { idParam, paginated, successResponse } from '../../../contract/common.js';
import { searchablePaginationQuery } from '../../../contract/organizers.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { mergeFoods } from './merge.js';
import { getFood, listFoodsPage } from './repo.js';
import { createFood, deleteFood, updateFood } from './service.js';
import { referenceSearch, referenceSuggestionsFor } from './reference-routes.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipes: Foods'];
const organize = { flag: 'canOrganize' } as const;

export default async function foodRoutes(app: App, deps: Deps) {
  app.put(API.foodsMerge, { config: { access: organize }, schema: { tags, body: mergeFood, response: { 200: successResponse } } }, async (request) => {
    await mergeFoods(deps, currentUser(request).groupId, request.body.fromFood, request.body.toFood);
    return { message: 'Successfully merged', error: false };
  });
  app.get(API.foods, { config: { access: 'user' }, schema: { tags, querystring: searchablePaginationQuery, response: { 200: paginated(foodOut) } } }, async (request) =>
    listFoodsPage(deps.db, currentUser(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.foods, { config: { access: organize }, schema: { tags, body: foodIn, response: { 201: foodOut } } }, async (request, reply) => {
    reply.status(201);
    return createFood(deps.db, currentUser(request), request.body);
  });
  app.get(API.foodsReferenceFoods, { config: { access: 'user' }, schema: { tags, querystring: referenceFoodQuery, response: { 200: referenceSuggestions } } }, async (request) =>
    referenceSearch(request.query.search),
  );
  app.get(API.foodsByItemIdReferenceSuggestions, { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: referenceSuggestions } } }, async (request) => {
    const user = currentUser(request);
    return referenceSuggestionsFor(await getFood(deps.db, user.groupId, request.params.item_id, user.householdId));
  });
  app.get(API.foodsByItemId, { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: foodOut } } }, async (request) => {
    const user = currentUser(request);
    return getFood(deps.db, user.groupId, request.params.item_id, user.householdId);
  });
  app.put(API.foodsByItemId, { config: { access: organize }, schema: { tags, params: idParam, body: foodIn, response: { 200: foodOut } } }, async (request) =>
    updateFood(deps, currentUser(request), request.params.item_id, request.body),
  );
  app.delete(API.foodsByItemId, { config: { access: organize }, schema: { tags, params: idParam, response: { 200: foodOut } } }, async (request) =>
    deleteFood(deps, currentUser(request), request.params.item_id),
  );
}
