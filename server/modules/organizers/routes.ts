import { z } from 'zod';
import { idParam, paginated } from '../../../contract/common.js';
import {
  categorySummary, organizerIn, organizerOut, organizerWithRecipesOut, searchablePaginationQuery, toolIn, toolOut, toolWithRecipesOut,
} from '../../../contract/organizers.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { getOrganizerWithRecipes, getToolWithRecipes } from './by-slug.js';
import { findOrganizer, listEmptyOrganizers, toOrganizerOut } from './repo.js';
import {
  createOrganizer, createTool, deleteTool, getTool, listOrganizersPage, listToolsPage, removeOrganizer, updateOrganizer, updateTool, type TagLikeKind,
} from './service.js';
import { API } from '../../../contract/routes.js';

// Mealie never checks canOrganize on these routes (only its web pages do); we check it on every write.
const organize = { flag: 'canOrganize' } as const;
const slugParam = z.object({ slug: z.string().min(1).max(300) });
const rawQuery = (query: unknown) => query as Record<string, unknown>;

function categoryOrTagRoutes(app: App, deps: Deps, kind: TagLikeKind, tag: string) {
  const base = `/api/organizers/${kind}`;
  const tags = [tag];
  app.get(base, { config: { access: 'user' }, schema: { tags, querystring: searchablePaginationQuery, response: { 200: paginated(organizerOut) } } }, async (request) =>
    listOrganizersPage(deps.db, kind, currentUser(request).groupId, request.query, rawQuery(request.query)),
  );
  app.post(base, { config: { access: organize }, schema: { tags, body: organizerIn, response: { 201: organizerOut } } }, async (request, reply) => {
    reply.status(201);
    return createOrganizer(deps.db, kind, currentUser(request).groupId, request.body.name, currentUser(request).id);
  });
  // A literal path outranks /:item_id in Fastify's router, so /empty works for both kinds (unlike Mealie's categories).
  app.get(`${base}/empty`, { config: { access: 'user' }, schema: { tags, response: { 200: z.array(organizerOut) } } }, async (request) =>
    (await listEmptyOrganizers(deps.db, kind, currentUser(request).groupId)).map(toOrganizerOut),
  );
  // Mealie answers the by-slug read with the organizer's recipes (RecipeTagResponse).
  app.get(`${base}/slug/:slug`, { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: organizerWithRecipesOut } } }, async (request) =>
    getOrganizerWithRecipes(deps, currentUser(request), kind, request.params.slug),
  );
  // Mealie answers these two with CategorySummary for categories (serialization drops groupId).
  const oneOut = kind === 'categories' ? categorySummary : organizerOut;
  app.get(`${base}/:item_id`, { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: oneOut } } }, async (request) =>
    toOrganizerOut(await findOrganizer(deps.db, kind, currentUser(request).groupId, { id: request.params.item_id })),
  );
  app.put(`${base}/:item_id`, { config: { access: organize }, schema: { tags, params: idParam, body: organizerIn, response: { 200: oneOut } } }, async (request) =>
    updateOrganizer(deps, kind, currentUser(request).groupId, request.params.item_id, request.body.name, currentUser(request).id),
  );
  app.delete(`${base}/:item_id`, { config: { access: organize }, schema: { tags, params: idParam, response: { 200: organizerOut } } }, async (request) =>
    toOrganizerOut(await removeOrganizer(deps, kind, currentUser(request).groupId, request.params.item_id, currentUser(request).id)),
  );
}

function toolRoutes(app: App, deps: Deps) {
    const tags = ['Organizer: Tools'];
  app.get(API.organizersTools, { config: { access: 'user' }, schema: { tags, querystring: searchablePaginationQuery, response: { 200: paginated(toolOut) } } }, async (request) =>
    listToolsPage(deps.db, currentUser(request), request.query, rawQuery(request.query)),
  );
  app.post(API.organizersTools, { config: { access: organize }, schema: { tags, body: toolIn, response: { 201: toolOut } } }, async (request, reply) => {
    reply.status(201);
    return createTool(deps.db, currentUser(request), request.body);
  });
  app.get(API.organizersToolsSlugBySlug, { config: { access: 'user' }, schema: { tags, params: slugParam, response: { 200: toolWithRecipesOut } } }, async (request) =>
    getToolWithRecipes(deps, currentUser(request), request.params.slug),
  );
  app.get(API.organizersToolsByItemId, { config: { access: 'user' }, schema: { tags, params: idParam, response: { 200: toolOut } } }, async (request) =>
    getTool(deps.db, currentUser(request), { id: request.params.item_id }),
  );
  app.put(API.organizersToolsByItemId, { config: { access: organize }, schema: { tags, params: idParam, body: toolIn, response: { 200: toolOut } } }, async (request) =>
    updateTool(deps, currentUser(request), request.params.item_id, request.body),
  );
  app.delete(API.organizersToolsByItemId, { config: { access: organize }, schema: { tags, params: idParam, response: { 200: toolOut } } }, async (request) =>
    deleteTool(deps, currentUser(request), request.params.item_id),
  );
}

export default async function organizerRoutes(app: App, deps: Deps) {
  categoryOrTagRoutes(app, deps, 'categories', 'Organizer: Categories');
  categoryOrTagRoutes(app, deps, 'tags', 'Organizer: Tags');
  toolRoutes(app, deps);
}
