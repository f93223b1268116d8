import { foodIn, foodOut, mergeFood } from '../../../contract/foods.js';
import { idParam, paginated, successResponse } from '../../../contract/common.js';
import { searchablePaginationQuery } from '../../../contract/organizers.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { mergeFoods } from './merge.js';
import { getFood, listFoodsPage } from './repo.js';
import { createFood, deleteFood, updateFood } from './service.js';

const tags = ['Recipes: Foods'];
const organize = { flag: 'canOrganize' } as const;

export default async function foodRoutes(app: App, deps: Deps) {
  app.put('/api/foods/merge', { config: { access: organize }, schema: { tags, body: mergeFood, response: { 200: successResponse } } }, async (request) => {
    await mergeFoods(deps, currentUser(request).groupId, request.body.fromFood, request.body.toFood);
    return { message: 'Successfully merged', error: false };
  });
  app.get('/api/foods', { config: { access: 'user' }, schema: { tags, querystring: searchablePaginationQuery, response: { 200: paginated(foodOut) } } }, async (request) =>
    listFoodsPage(deps.db, currentUser(request), request.query, request.query as Record<string, unknown>),
  );
  app.post('/api/foods', { config: { access: organize }, schema: { tags, body: foodIn, response: { 201: foodOut } } }, async (request, reply) => {
    reply.status(201);
    return createFood(deps.db, currentUser(request), request.body);
  });
  app.get('/api/foods/:item_id', { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: foodOut } } }, async (request) => {
    const user = currentUser(request);
    return getFood(deps.db, user.groupId, request.params.item_id, user.householdId);
  });
  app.put('/api/foods/:item_id', { config: { access: organize }, schema: { tags, params: idParam, body: foodIn, response: { 200: foodOut } } }, async (request) =>
    updateFood(deps, currentUser(request), request.params.item_id, request.body),
  );
  app.delete('/api/foods/:item_id', { config: { access: organize }, schema: { tags, params: idParam, response: { 200: foodOut } } }, async (request) =>
    deleteFood(deps, currentUser(request), request.params.item_id),
  );
}
