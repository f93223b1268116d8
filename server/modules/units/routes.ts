import { mergeUnit, unitIn, unitOut } from '../../../contract/foods.js';
import { idParam, paginated, successResponse } from '../../../contract/common.js';
import { searchablePaginationQuery } from '../../../contract/organizers.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { getUnit, listUnitsPage } from './repo.js';
import { createUnit, deleteUnit, mergeUnits, updateUnit } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Recipes: Units'];
const organize = { flag: 'canOrganize' } as const;

export default async function unitRoutes(app: App, deps: Deps) {
  app.put(API.unitsMerge, { config: { access: organize }, schema: { tags, body: mergeUnit, response: { 200: successResponse } } }, async (request) => {
    await mergeUnits(deps.db, currentUser(request).groupId, request.body.fromUnit, request.body.toUnit);
    return { message: 'Successfully merged', error: false };
  });
  app.get(API.units, { config: { access: 'user' }, schema: { tags, querystring: searchablePaginationQuery, response: { 200: paginated(unitOut) } } }, async (request) =>
    listUnitsPage(deps.db, currentUser(request).groupId, request.query, request.query as Record<string, unknown>),
  );
  app.post(API.units, { config: { access: organize }, schema: { tags, body: unitIn, response: { 201: unitOut } } }, async (request, reply) => {
    reply.status(201);
    return createUnit(deps.db, currentUser(request).groupId, request.body);
  });
  app.get(API.unitsByItemId, { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: unitOut } } }, async (request) =>
    getUnit(deps.db, currentUser(request).groupId, request.params.item_id),
  );
  app.put(API.unitsByItemId, { config: { access: organize }, schema: { tags, params: idParam, body: unitIn, response: { 200: unitOut } } }, async (request) =>
    updateUnit(deps.db, currentUser(request).groupId, request.params.item_id, request.body),
  );
  app.delete(API.unitsByItemId, { config: { access: organize }, schema: { tags, params: idParam, response: { 200: unitOut } } }, async (request) =>
    deleteUnit(deps.db, currentUser(request).groupId, request.params.item_id),
  );
}
