import { expect } from 'vitest';
import { op } from '../rows.js';
import { newRecipe } from './recipes.js';

/** The caller's household (self service, invitations) and the households of the caller's group. */
export const householdRows = [
  op('HouseholdsSelfServiceApi', 'getLoggedInUserHouseholdApiHouseholdsSelfGet').row({
    as: 'member',
    status: 200,
    args: () => [],
    check: (body, w) => expect(body.id).toBe(w.member.user.householdId),
  }),
  op('HouseholdsSelfServiceApi', 'getHouseholdMembersApiHouseholdsMembersGet').row({ as: 'member', status: 200, args: () => [] }),
  op('HouseholdsSelfServiceApi', 'getHouseholdRecipeApiHouseholdsSelfRecipesRecipeSlugGet').row({
    as: 'member',
    status: 200,
    setup: (w) => newRecipe(w),
    args: (_w, recipe) => [recipe.slug ?? ''],
    check: (body, _w, recipe) => expect(body).toEqual({ recipeId: recipe.id, lastMade: null }),
  }),
  op('HouseholdsSelfServiceApi', 'getHouseholdPreferencesApiHouseholdsPreferencesGet').row({ as: 'member', status: 200, args: () => [] }),
  op('HouseholdsSelfServiceApi', 'updateHouseholdPreferencesApiHouseholdsPreferencesPut').row({
    status: 200,
    args: () => [{ firstDayOfWeek: 1, recipeShowNutrition: true }],
    check: (body) => expect(body).toMatchObject({ firstDayOfWeek: 1, recipeShowNutrition: true }),
  }),
  op('HouseholdsSelfServiceApi', 'getStatisticsApiHouseholdsStatisticsGet').row({ as: 'member', status: 200, args: () => [] }),
  op('HouseholdsSelfServiceApi', 'setMemberPermissionsApiHouseholdsPermissionsPut').row({
    status: 200,
    setup: (w) => w.newUser(),
    args: (_w, target) => [{ userId: target.user.id, canInvite: true, canOrganize: true, canManage: false, canManageHousehold: false }],
    check: (body) => expect(body).toMatchObject({ canInvite: true, canOrganize: true, canManage: false }),
  }),

  op('HouseholdsInvitationsApi', 'createInviteTokenApiHouseholdsInvitationsPost').row({ status: 201, args: () => [{ uses: 2 }] }),
  op('HouseholdsInvitationsApi', 'getInviteTokensApiHouseholdsInvitationsGet').row({
    status: 200,
    setup: async (w) => {
      await w.admin.clients.HouseholdsInvitationsApi.createInviteTokenApiHouseholdsInvitationsPost({ uses: 1 });
    },
    args: () => [],
    check: (body) => expect(body.length).toBeGreaterThan(0),
  }),
  op('HouseholdsInvitationsApi', 'emailInvitationApiHouseholdsInvitationsEmailPost').row({
    status: 200,
    setup: async (w) => (await w.admin.clients.HouseholdsInvitationsApi.createInviteTokenApiHouseholdsInvitationsPost({ uses: 1 })).data.token,
    args: (_w, token) => [{ email: 'invited-friend@example.com', token }],
    check: (body, w) => {
      expect(body.success).toBe(true);
      expect(w.server.mailbox.some((mail) => mail.to === 'invited-friend@example.com')).toBe(true);
    },
  }),

  op('GroupsHouseholdsApi', 'getAllHouseholdsApiGroupsHouseholdsGet').row({ as: 'member', status: 200, args: () => [] }),
  op('GroupsHouseholdsApi', 'getOneHouseholdApiGroupsHouseholdsHouseholdSlugGet').row({
    as: 'member',
    status: 200,
    args: (w) => [w.member.user.householdSlug],
    check: (body, w) => expect(body.id).toBe(w.member.user.householdId),
  }),
];
