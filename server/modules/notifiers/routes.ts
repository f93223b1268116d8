import { z } from 'zod';
import { notifierCreate, notifierOut, notifierUpdate } from '../../../contract/automation.js';
import { idParam, paginated, paginationQuery } from '../../../contract/common.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Access } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { createNotifier, deleteNotifier, getNotifier, listNotifiers, testNotifier, updateNotifier } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Households: Event Notifications'];
// Mealie shows the notifiers page to advanced users only; here the server enforces it too.
const advanced = { anyFlag: ['advanced', 'canManageHousehold', 'canManage'] } as const satisfies Access;

export default async function notifierRoutes(app: App, deps: Deps) {
  app.get(API.householdsEventsNotifications, { config: { access: advanced }, schema: { tags, querystring: paginationQuery, response: { 200: paginated(notifierOut) } } }, async (request) =>
    listNotifiers(deps.db, currentUser(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.householdsEventsNotifications, { config: { access: advanced }, schema: { tags, body: notifierCreate, response: { 201: notifierOut } } }, async (request, reply) =>
    reply.status(201).send(await createNotifier(deps, currentUser(request), request.body)),
  );
  app.get(API.householdsEventsNotificationsByItemId, { config: { access: advanced }, schema: { tags, params: idParam, response: { 200: notifierOut } } }, async (request) =>
    getNotifier(deps, currentUser(request), request.params.item_id),
  );
  app.put(API.householdsEventsNotificationsByItemId, { config: { access: advanced }, schema: { tags, params: idParam, body: notifierUpdate, response: { 200: notifierOut } } }, async (request) =>
    updateNotifier(deps, currentUser(request), request.params.item_id, request.body),
  );
  app.delete(API.householdsEventsNotificationsByItemId, { config: { access: advanced }, schema: { tags, params: idParam, response: { 204: z.null() } } }, async (request, reply) => {
    await deleteNotifier(deps, currentUser(request), request.params.item_id);
    return reply.status(204).send(null);
  });
  app.post(API.householdsEventsNotificationsByItemIdTest, { config: { access: advanced }, schema: { tags, params: idParam, response: { 204: z.null() } } }, async (request, reply) => {
    await testNotifier(deps, currentUser(request), request.params.item_id);
    return reply.status(204).send(null);
  });
}
