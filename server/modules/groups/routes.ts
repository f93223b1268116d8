import { z } from 'zod';
import { groupPreferences, groupSummary, updateGroupPreferences, userSummary } from '../../../contract/accounts.js';
import { paginated, paginationQuery } from '../../../contract/common.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { listUsersPage } from '../users/list.js';
import { findGroupMember } from '../users/repo.js';
import { getGroupPreferences, getGroupSummaries, updateGroupPreferences as savePreferences } from './service.js';
import { API } from '../../../contract/routes.js';

const tags = ['Groups: Self Service'];
export default async function groupRoutes(app: App, deps: Deps) {
  app.get(API.groupsSelf, { config: { access: 'user' }, schema: { tags, response: { 200: groupSummary } } }, async (request) => {
    const [group] = await getGroupSummaries(deps.db, [currentUser(request).groupId]);
    if (!group) throw notFound('common.group-not-found');
    return group;
  });

  app.get(API.groupsPreferences, { config: { access: 'user' }, schema: { tags, response: { 200: groupPreferences } } }, async (request) =>
    getGroupPreferences(deps, currentUser(request).groupId),
  );
  // Mealie checks nothing here; changing who can see the whole group is the group manager's call.
  app.put(API.groupsPreferences,
    { config: { access: { flag: 'canManage' } }, schema: { tags, body: updateGroupPreferences, response: { 200: groupPreferences } } },
    async (request) => savePreferences(deps, currentUser(request).groupId, request.body),
  );

  // Members of the group see each other's names, not their emails or permissions.
  app.get(API.groupsMembers, { config: { access: 'user' }, schema: { tags, querystring: paginationQuery, response: { 200: paginated(userSummary) } } }, async (request) => {
    const page = await listUsersPage(deps, { groupId: currentUser(request).groupId }, request.query, API.groupsMembers, request.query as Record<string, unknown>);
    return {
      ...page,
      items: page.items.map((u) => ({ id: u.id, groupId: u.groupId, householdId: u.householdId, username: u.username ?? '', fullName: u.fullName ?? '' })),
    };
  });
  app.get(API.groupsMembersByUsernameOrId,
    { config: { access: 'user' }, schema: { tags, params: z.object({ username_or_id: z.string().max(200) }), response: { 200: userSummary } } },
    async (request) => {
      const key = request.params.username_or_id;
      const row = await findGroupMember(deps.db, currentUser(request).groupId, key);
      if (!row) throw notFound('common.user-not-found');
      return { id: row.id, groupId: row.group_id, householdId: row.household_id, username: row.username, fullName: row.full_name ?? '' };
    },
  );

}
