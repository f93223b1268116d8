import { z } from 'zod';
import {
  forgotPassword, groupAdminUpdate, groupCreate, groupOut, householdAdminUpdate, householdCreate, householdOut,
  passwordResetTokenOut, unlockResults, userIn, userOut, userUpdate,
} from '../../../contract/accounts.js';
import { paginated, paginationQuery } from '../../../contract/common.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { unlockUsers } from '../auth/service.js';
import { createGroup, deleteGroupRow, getGroupOut, getGroupSummaries, groupExists, listGroupsOut, renameGroup, updateGroupPreferences } from '../groups/service.js';
import {
  createHousehold, deleteHouseholdRow, getHousehold, listHouseholds,
} from '../households/service.js';
import { adminUpdateHousehold } from '../households/admin-update.js';
import { listUsersPage } from '../users/list.js';
import { getUserOut } from '../users/repo.js';
import * as users from '../users/service.js';
import { API } from '../../../contract/routes.js';
import { firstDayOfWeekFromRequest } from '../../platform/i18n/index.js';

const idParam = z.object({ item_id: z.string().max(100) });
const access = { access: 'admin' as const };

function pageOf<T>(all: T[], query: z.infer<typeof paginationQuery>, route: string) {
  const window = pageWindow(query, all.length);
  const items = window.limit === null ? all : all.slice(window.offset, window.offset + window.limit);
  return envelope(route, query as Record<string, unknown>, window, all.length, items);
}

export default async function adminRoutes(app: App, deps: Deps) {
  const userTags = ['Admin: Manage Users'];
  app.get(API.adminUsers, { config: access, schema: { tags: userTags, querystring: paginationQuery, response: { 200: paginated(userOut) } } }, async (request) =>
    listUsersPage(deps, {}, request.query, API.adminUsers, request.query as Record<string, unknown>),
  );
  app.post(API.adminUsers, { config: access, schema: { tags: userTags, body: userIn, response: { 201: userOut } } }, async (request, reply) => {
    reply.status(201);
    return users.createUserByAdmin(deps, request.body);
  });
  app.post(API.adminUsersUnlock,
    { config: access, schema: { tags: userTags, querystring: z.object({ force: z.enum(['true', 'false']).default('false') }), response: { 200: unlockResults } } },
    async (request) => ({ unlocked: await unlockUsers(deps, request.query.force === 'true') }),
  );
  app.post(API.adminUsersPasswordResetToken, { config: access, schema: { tags: userTags, body: forgotPassword, response: { 201: passwordResetTokenOut } } }, async (request, reply) => {
    const created = await users.createPasswordResetToken(deps, request.body.email);
    if (!created) throw notFound('common.user-not-found');
    reply.status(201);
    return { token: created.token };
  });
  app.get(API.adminUsersByItemId, { config: access, schema: { tags: userTags, params: idParam, response: { 200: userOut } } }, async (request) =>
    getUserOut(deps.db, request.params.item_id),
  );
  app.put(API.adminUsersByItemId, { config: access, schema: { tags: userTags, params: idParam, body: userUpdate, response: { 200: userOut } } }, async (request) =>
    users.updateUser(deps, currentUser(request), request.params.item_id, request.body),
  );
  app.delete(API.adminUsersByItemId, { config: access, schema: { tags: userTags, params: idParam, response: { 200: userOut } } }, async (request) =>
    users.deleteUser(deps, currentUser(request), request.params.item_id),
  );

  const householdTags = ['Admin: Manage Households'];
  app.get(API.adminHouseholds, { config: access, schema: { tags: householdTags, querystring: paginationQuery, response: { 200: paginated(householdOut) } } }, async (request) =>
    pageOf(await listHouseholds(deps.db, {}, true), request.query, API.adminHouseholds),
  );
  app.post(API.adminHouseholds, { config: access, schema: { tags: householdTags, body: householdCreate, response: { 201: householdOut } } }, async (request, reply) => {
    const groupId = request.body.groupId ?? currentUser(request).groupId;
    if (!(await groupExists(deps.db, groupId))) throw notFound('common.group-not-found');
    const id = await createHousehold(deps.db, groupId, request.body.name, { firstDayOfWeek: firstDayOfWeekFromRequest(request.headers['accept-language']) });
    reply.status(201);
    return getHousehold(deps.db, id);
  });
  app.get(API.adminHouseholdsByItemId, { config: access, schema: { tags: householdTags, params: idParam, response: { 200: householdOut } } }, async (request) =>
    getHousehold(deps.db, request.params.item_id),
  );
  app.put(API.adminHouseholdsByItemId,
    { config: access, schema: { tags: householdTags, params: idParam, body: householdAdminUpdate, response: { 200: householdOut } } },
    async (request) => {
      const existing = await getHousehold(deps.db, request.params.item_id);
      // Mealie's admin update may move the household to another group: households/admin-update.ts.
      await adminUpdateHousehold(deps, existing, request.body);
      return getHousehold(deps.db, existing.id);
    },
  );
  app.delete(API.adminHouseholdsByItemId, { config: access, schema: { tags: householdTags, params: idParam, response: { 200: householdOut } } }, async (request) => {
    const household = await getHousehold(deps.db, request.params.item_id);
    if ((household.users ?? []).length > 0) throw badRequest('admin.cannot-delete-household-with-users');
    await deleteHouseholdRow(deps.db, household.id);
    return household;
  });

  const groupTags = ['Admin: Manage Groups'];
  app.get(API.adminGroups, { config: access, schema: { tags: groupTags, querystring: paginationQuery, response: { 200: paginated(groupOut) } } }, async (request) => {
    const summaries = await getGroupSummaries(deps.db);
    const window = pageWindow(request.query, summaries.length);
    const pageItems = window.limit === null ? summaries : summaries.slice(window.offset, window.offset + window.limit);
    const items = await listGroupsOut(deps.db, pageItems.map((g) => g.id));
    return envelope(API.adminGroups, request.query as Record<string, unknown>, window, summaries.length, items);
  });
  app.post(API.adminGroups, { config: access, schema: { tags: groupTags, body: groupCreate, response: { 201: groupOut } } }, async (request, reply) => {
    const { groupId } = await deps.db.transaction().execute((trx) => createGroup(trx, request.body.name, { householdName: deps.config.defaultHousehold, firstDayOfWeek: firstDayOfWeekFromRequest(request.headers['accept-language']) }));
    reply.status(201);
    return getGroupOut(deps.db, groupId);
  });
  app.get(API.adminGroupsByItemId, { config: access, schema: { tags: groupTags, params: idParam, response: { 200: groupOut } } }, async (request) =>
    getGroupOut(deps.db, request.params.item_id),
  );
  app.put(API.adminGroupsByItemId, { config: access, schema: { tags: groupTags, params: idParam, body: groupAdminUpdate, response: { 200: groupOut } } }, async (request) => {
    const group = await getGroupOut(deps.db, request.params.item_id);
    if (request.body.name !== group.name) await renameGroup(deps.db, group.id, request.body.name);
    if (request.body.preferences) await updateGroupPreferences(deps, group.id, request.body.preferences);
    return getGroupOut(deps.db, group.id);
  });
  app.delete(API.adminGroupsByItemId, { config: access, schema: { tags: groupTags, params: idParam, response: { 200: groupOut } } }, async (request) => {
    const group = await getGroupOut(deps.db, request.params.item_id);
    if (group.name === deps.config.defaultGroup) throw badRequest('admin.cannot-delete-default-group');
    if ((group.users ?? []).length > 0) throw badRequest('admin.cannot-delete-group-with-users');
    await deleteGroupRow(deps.db, group.id);
    return group;
  });
}
