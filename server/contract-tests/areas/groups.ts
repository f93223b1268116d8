import { expect } from 'vitest';
import { op } from '../rows.js';

/** The caller's group: summary, preferences, members. */
export const groupRows = [
  op('GroupsSelfServiceApi', 'getLoggedInUserGroupApiGroupsSelfGet').row({
    as: 'member',
    status: 200,
    args: () => [],
    check: (body, w) => expect(body.id).toBe(w.member.user.groupId),
  }),
  op('GroupsSelfServiceApi', 'getGroupPreferencesApiGroupsPreferencesGet').row({ as: 'member', status: 200, args: () => [] }),
  op('GroupsSelfServiceApi', 'updateGroupPreferencesApiGroupsPreferencesPut').row({
    status: 200,
    // Writes back the current value: other rows rely on the group's visibility as it is.
    setup: async (w) => (await w.admin.clients.GroupsSelfServiceApi.getGroupPreferencesApiGroupsPreferencesGet()).data.privateGroup,
    args: (_w, privateGroup) => [{ privateGroup }],
  }),
  op('GroupsSelfServiceApi', 'getGroupMembersApiGroupsMembersGet').row({ as: 'member', status: 200, args: () => [] }),
  op('GroupsSelfServiceApi', 'getGroupMembersApiGroupsMembersGet').row({
    as: 'member',
    status: 200,
    title: 'first page of one per page',
    args: () => [undefined, undefined, undefined, undefined, undefined, 1, 1],
    check: (body) => {
      expect(body.items).toHaveLength(1);
      expect(body.next).toEqual(expect.any(String));
    },
  }),
  op('GroupsSelfServiceApi', 'getGroupMemberApiGroupsMembersUsernameOrIdGet').row({
    as: 'member',
    status: 200,
    args: (w) => [w.admin.user.username ?? w.admin.user.id],
    check: (body, w) => expect(body.id).toBe(w.admin.user.id),
  }),
];
