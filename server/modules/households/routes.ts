import { z } from 'zod';
import {
  createInviteToken, emailInvitation, emailInvitationResponse, householdOut, householdPreferences, householdStatistics,
  householdSummary, inviteTokenOut, setPermissions, updateHouseholdPreferences, userOut,
} from '../../../contract/accounts.js';
import { paginated, paginationQuery, paginationQueryAll } from '../../../contract/common.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { findRecipeRow } from '../recipes/service.js';
import { listUsersPage } from '../users/list.js';
import { findUserPlace, getUserOut, setUserPermissions } from '../users/repo.js';
import * as invitations from './invitations.js';
import * as households from './service.js';
import { householdStatisticsFor } from './statistics.js';
import { localeFromAcceptLanguage } from '../../platform/i18n/index.js';
import { API } from '../../../contract/routes.js';

const tags = ['Households: Self Service'];

export default async function householdRoutes(app: App, deps: Deps) {
  app.get(API.householdsSelf, { config: { access: 'user' }, schema: { tags, response: { 200: householdOut } } }, async (request) =>
    households.getHousehold(deps.db, currentUser(request).householdId),
  );

  // Mealie's HouseholdRecipeSummary: the recipe as this household sees it (when it last made it).
  app.get(API.householdsSelfRecipesByRecipeSlug,
    { config: { access: 'user' }, schema: { tags, params: z.object({ recipe_slug: z.string().max(500) }), response: { 200: z.object({ recipeId: z.string(), lastMade: z.string().nullable() }) } } },
    async (request) => {
      const row = await findRecipeRow(deps.db, currentUser(request).groupId, request.params.recipe_slug);
      return { recipeId: row.id, lastMade: row.last_made ?? null };
    },
  );

  app.get(API.householdsMembers, { config: { access: 'user' }, schema: { tags, querystring: paginationQueryAll, response: { 200: paginated(userOut) } } }, async (request) => {
    const user = currentUser(request);
    return listUsersPage(deps, { groupId: user.groupId, householdId: user.householdId }, request.query, API.householdsMembers, request.query as Record<string, unknown>, 'full_name');
  });

  app.get(API.householdsPreferences, { config: { access: 'user' }, schema: { tags, response: { 200: householdPreferences } } }, async (request) =>
    households.getHouseholdPreferences(deps.db, currentUser(request).householdId),
  );
  app.put(API.householdsPreferences,
    { config: { access: { flag: 'canManageHousehold' } }, schema: { tags, body: updateHouseholdPreferences, response: { 200: householdPreferences } } },
    async (request) => households.updateHouseholdPreferences(deps.db, currentUser(request).householdId, request.body),
  );

  app.put(API.householdsPermissions, { config: { access: { flag: 'canManage' } }, schema: { tags, body: setPermissions, response: { 200: userOut } } }, async (request) => {
    const actor = currentUser(request);
    const target = await findUserPlace(deps.db, request.body.userId);
    if (!target || target.group_id !== actor.groupId || target.household_id !== actor.householdId) throw notFound('common.user-not-found');
    if (target.id === actor.id) throw forbidden('common.group-owners-cannot-change-their-own-permissions');
    await setUserPermissions(deps.db, target.id, request.body);
    return getUserOut(deps.db, target.id);
  });

  app.get(API.householdsStatistics, { config: { access: 'user' }, schema: { tags, response: { 200: householdStatistics } } }, async (request) =>
    householdStatisticsFor(deps, currentUser(request)),
  );

  const invitationTags = ['Households: Invitations'];
  // Tokens are credentials: only members who may invite see them.
  app.get(API.householdsInvitations, { config: { access: { flag: 'canInvite' } }, schema: { tags: invitationTags, response: { 200: z.array(inviteTokenOut) } } }, async (request) =>
    invitations.listInvitations(deps.db, currentUser(request).householdId),
  );
  app.post(API.householdsInvitations,
    { config: { access: { flag: 'canInvite' } }, schema: { tags: invitationTags, body: createInviteToken, response: { 201: inviteTokenOut } } },
    async (request, reply) => {
      const created = await invitations.createInvitation(deps.db, currentUser(request), request.body.uses);
      reply.status(201);
      return created;
    },
  );
  app.post(API.householdsInvitationsEmail,
    { config: { access: { flag: 'canInvite' } }, schema: { tags: invitationTags, body: emailInvitation, response: { 200: emailInvitationResponse } } },
    async (request) =>
      invitations.emailInvitation(deps, currentUser(request), request.body.email, request.body.token, localeFromAcceptLanguage(request.headers['accept-language'])),
  );

  // Households of the caller's group.
  app.get(API.groupsHouseholds, { config: { access: 'user' }, schema: { tags: ['Groups: Households'], querystring: paginationQuery, response: { 200: paginated(householdSummary) } } }, async (request) => {
    const all = (await households.listHouseholds(deps.db, { groupId: currentUser(request).groupId })).map(households.toSummary);
    const window = pageWindow(request.query, all.length);
    const items = window.limit === null ? all : all.slice(window.offset, window.offset + window.limit);
    return envelope(API.groupsHouseholds, request.query as Record<string, unknown>, window, all.length, items);
  });
  app.get(API.groupsHouseholdsByHouseholdSlug,
    { config: { access: 'user' }, schema: { tags: ['Groups: Households'], params: z.object({ household_slug: z.string().max(200) }), response: { 200: householdSummary } } },
    async (request) => {
      const key = request.params.household_slug;
      const found = (await households.listHouseholds(deps.db, { groupId: currentUser(request).groupId })).find((h) => h.id === key || h.slug === key);
      if (!found) throw notFound('common.household-not-found');
      return households.toSummary(found);
    },
  );
}
