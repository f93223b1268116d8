import { z } from 'zod';
import { webhookIn, webhookOut } from '../../../contract/automation.js';
import { idParam, paginated, paginationQuery } from '../../../contract/common.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Access } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { getWebhookRow, toWebhookOut } from './repo.js';
import { deleteWebhook, insertWebhook, listWebhooks, rerunToday, testWebhook, updateWebhook, withUrlWarning } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Households: Webhooks'];
// Mealie lets the household manage its own automation (its web UI shows the page to advanced users): advanced
// users and household or group managers may, and the server enforces it.
const advanced = { anyFlag: ['advanced', 'canManageHousehold', 'canManage'] } as const satisfies Access;

export default async function webhookRoutes(app: App, deps: Deps) {
  app.get(API.householdsWebhooks, { config: { access: advanced }, schema: { tags, querystring: paginationQuery, response: { 200: paginated(webhookOut) } } }, async (request) =>
    listWebhooks(deps.db, currentUser(request), request.query, request.query as Record<string, unknown>),
  );
  app.post(API.householdsWebhooks, { config: { access: advanced }, schema: { tags, body: webhookIn, response: { 201: webhookOut } } }, async (request, reply) =>
    reply.status(201).send(await withUrlWarning(deps, await insertWebhook(deps.db, currentUser(request), request.body))),
  );
  app.post(API.householdsWebhooksRerun, { config: { access: advanced }, schema: { tags, response: { 200: z.null() } } }, async (request) => {
    await rerunToday(deps, currentUser(request), new Date(), (msg) => request.log.warn(msg));
    return null;
  });
  app.get(API.householdsWebhooksByItemId, { config: { access: advanced }, schema: { tags, params: idParam, response: { 200: webhookOut } } }, async (request) =>
    toWebhookOut(await getWebhookRow(deps.db, currentUser(request), request.params.item_id)),
  );
  app.put(API.householdsWebhooksByItemId, { config: { access: advanced }, schema: { tags, params: idParam, body: webhookIn, response: { 200: webhookOut } } }, async (request) =>
    withUrlWarning(deps, await updateWebhook(deps.db, currentUser(request), request.params.item_id, request.body)),
  );
  app.delete(API.householdsWebhooksByItemId, { config: { access: advanced }, schema: { tags, params: idParam, response: { 200: webhookOut } } }, async (request) =>
    deleteWebhook(deps.db, currentUser(request), request.params.item_id),
  );
  app.post(API.householdsWebhooksByItemIdTest, { config: { access: advanced }, schema: { tags, params: idParam, response: { 200: z.null() } } }, async (request) => {
    await testWebhook(deps, currentUser(request), request.params.item_id);
    return null;
  });
}
