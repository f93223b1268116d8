import { z } from 'zod';
import { recipeActionIn, recipeActionOut, recipeActionTrigger, recipeActionUpdate } from '../../../contract/automation.js';
import { idParam, paginated, paginationQuery } from '../../../contract/common.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { deleteAction, getAction, insertAction, listActions, triggerAction, updateAction } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Households: Recipe Actions'];
// Managing actions is organising the household's data (Mealie's data page needs canOrganize); using them is for every member.
const organize = { flag: 'canOrganize' } as const;

export default async function recipeActionRoutes(app: App, deps: Deps) {
  app.get(API.householdsRecipeActions,
    { config: { access: 'user' }, schema: { tags, querystring: paginationQuery, response: { 200: paginated(recipeActionOut) } } },
    async (request) => listActions(deps.db, currentUser(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.householdsRecipeActions, { config: { access: organize }, schema: { tags, body: recipeActionIn, response: { 201: recipeActionOut } } }, async (request, reply) =>
    reply.status(201).send(await insertAction(deps.db, currentUser(request), request.body)),
  );
  app.get(API.householdsRecipeActionsByItemId, { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: recipeActionOut } } }, async (request) =>
    getAction(deps.db, currentUser(request), request.params.item_id),
  );
  app.put(API.householdsRecipeActionsByItemId,
    { config: { access: organize }, schema: { tags, params: idParam, body: recipeActionUpdate, response: { 200: recipeActionOut } } },
    async (request) => updateAction(deps.db, currentUser(request), request.params.item_id, request.body),
  );
  app.delete(API.householdsRecipeActionsByItemId, { config: { access: organize }, schema: { tags, params: idParam, response: { 200: recipeActionOut } } }, async (request) =>
    deleteAction(deps.db, currentUser(request), request.params.item_id),
  );
  app.post(API.householdsRecipeActionsByItemIdTriggerByRecipeSlug,
    {
      config: { access: 'user' },
      schema: { tags, params: z.object({ item_id: z.string().max(200), recipe_slug: z.string().max(500) }), body: recipeActionTrigger.optional(), response: { 202: z.null() } },
    },
    async (request, reply) => {
      await triggerAction(deps, currentUser(request), request.params.item_id, request.params.recipe_slug, request.body ?? {}, (msg) => request.log.warn(msg));
      return reply.status(202).send(null);
    },
  );
}
