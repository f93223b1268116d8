import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { paginated } from '../../../contract/common.js';
import { cookbookIn, cookbookListQuery, cookbookOut, cookbookParams, cookbookUpdate, recipeCookbookOut, type CookbookOut } from '../../../contract/cookbooks.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { sentQuery } from '../recipes/list.js';
import * as cookbooks from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Households: Cookbooks'];
const access = { access: 'user' as const };

/** Mealie's CRUD routes mark one item as uncacheable. */
function noStore<T extends CookbookOut>(reply: FastifyReply, item: T): T {
  reply.header('cache-control', 'no-cache, no-store, must-revalidate');
  return item;
}

export default async function cookbookRoutes(app: App, deps: Deps) {
  const base = API.householdsCookbooks;

  app.get(API.householdsCookbooks, { config: access, schema: { tags, querystring: cookbookListQuery, response: { 200: paginated(cookbookOut) } } }, async (request) =>
    cookbooks.listCookbooks(deps, { groupId: currentUser(request).groupId }, request.query, { routePath: base, rawQuery: sentQuery(request.url) }),
  );

  app.post(API.householdsCookbooks, { config: access, schema: { tags, body: cookbookIn, response: { 201: cookbookOut } } }, async (request, reply) => {
    const created = await cookbooks.createCookbook(deps, currentUser(request), request.body);
    reply.status(201);
    return created;
  });

  app.put(API.householdsCookbooks, { config: access, schema: { tags, body: z.array(cookbookUpdate).max(1000), response: { 200: z.array(cookbookOut) } } }, async (request) =>
    cookbooks.updateManyCookbooks(deps, currentUser(request), request.body),
  );

  app.get(API.householdsCookbooksByItemId, { config: access, schema: { tags, params: cookbookParams, response: { 200: recipeCookbookOut } } }, async (request, reply) => {
    const user = currentUser(request);
    const found = await cookbooks.getCookbookWithRecipes(
      deps,
      { groupId: user.groupId },
      { groupId: user.groupId, userId: user.id, householdId: user.householdId },
      request.params.item_id,
    );
    return noStore(reply, found);
  });

  app.put(API.householdsCookbooksByItemId, { config: access, schema: { tags, params: cookbookParams, body: cookbookIn, response: { 200: cookbookOut } } }, async (request, reply) =>
    noStore(reply, await cookbooks.updateCookbook(deps, currentUser(request), request.params.item_id, request.body)),
  );

  app.delete(API.householdsCookbooksByItemId, { config: access, schema: { tags, params: cookbookParams, response: { 200: cookbookOut } } }, async (request) =>
    cookbooks.deleteCookbook(deps, currentUser(request), request.params.item_id),
  );
}
