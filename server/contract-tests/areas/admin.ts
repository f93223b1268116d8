import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { made, unique, uniqueUsername } from './fixtures.js';

const newGroup = (w: World) => made(w.admin.clients.AdminManageGroupsApi.createOneApiAdminGroupsPost({ name: unique('Contract group') }), 'group');
const newHousehold = (w: World) =>
  made(w.admin.clients.AdminManageHouseholdsApi.createOneApiAdminHouseholdsPost({ name: unique('Contract household'), groupId: w.admin.user.groupId }), 'household');

const firstPageOfOne = [undefined, undefined, undefined, undefined, undefined, 1, 1] as const;

/** Admin management of users, households and groups. */
export const adminRows = [
  op('AdminManageUsersApi', 'getAllApiAdminUsersGet').row({ status: 200, args: () => [] }),
  op('AdminManageUsersApi', 'getAllApiAdminUsersGet').row({
    status: 200,
    title: 'first page of one per page',
    args: () => [...firstPageOfOne],
    check: (body) => expect(body).toMatchObject({ page: 1, per_page: 1, next: expect.any(String), previous: null }),
  }),
  op('AdminManageUsersApi', 'createOneApiAdminUsersPost').row({
    status: 201,
    args: () => {
      const username = uniqueUsername('created');
      return [{ username, fullName: 'Created By Admin', email: `${username}@example.com`, password: 'Created-pw-123', canOrganize: true }];
    },
  }),
  op('AdminManageUsersApi', 'getOneApiAdminUsersItemIdGet').row({ status: 200, args: (w) => [w.member.user.id] }),
  op('AdminManageUsersApi', 'updateOneApiAdminUsersItemIdPut').row({
    status: 200,
    setup: (w) => w.newUser(),
    args: (_w, target) => [target.user.id, { ...target.user, fullName: 'Updated By Admin', canManage: true }],
    check: (body) => expect(body).toMatchObject({ fullName: 'Updated By Admin', canManage: true }),
  }),
  op('AdminManageUsersApi', 'deleteOneApiAdminUsersItemIdDelete').row({
    status: 200,
    setup: (w) => w.newUser(),
    args: (_w, target) => [target.user.id],
  }),
  op('AdminManageUsersApi', 'generateTokenApiAdminUsersPasswordResetTokenPost').row({ status: 201, args: (w) => [{ email: w.member.user.email }] }),
  op('AdminManageUsersApi', 'unlockUsersApiAdminUsersUnlockPost').row({ status: 200, args: () => [true] }),

  op('AdminManageHouseholdsApi', 'getAllApiAdminHouseholdsGet').row({ status: 200, args: () => [] }),
  op('AdminManageHouseholdsApi', 'createOneApiAdminHouseholdsPost').row({
    status: 201,
    args: (w) => [{ name: unique('Created household'), groupId: w.admin.user.groupId }],
  }),
  op('AdminManageHouseholdsApi', 'getOneApiAdminHouseholdsItemIdGet').row({ status: 200, args: (w) => [w.admin.user.householdId] }),
  op('AdminManageHouseholdsApi', 'updateOneApiAdminHouseholdsItemIdPut').row({
    status: 200,
    setup: newHousehold,
    args: (_w, household) => [household.id, { id: household.id, groupId: household.groupId, name: `${household.name} renamed` }],
  }),
  op('AdminManageHouseholdsApi', 'deleteOneApiAdminHouseholdsItemIdDelete').row({
    status: 200,
    setup: newHousehold,
    args: (_w, household) => [household.id],
  }),

  op('AdminManageGroupsApi', 'getAllApiAdminGroupsGet').row({ status: 200, args: () => [] }),
  op('AdminManageGroupsApi', 'createOneApiAdminGroupsPost').row({ status: 201, args: () => [{ name: unique('Created group') }] }),
  op('AdminManageGroupsApi', 'getOneApiAdminGroupsItemIdGet').row({ status: 200, args: (w) => [w.admin.user.groupId] }),
  op('AdminManageGroupsApi', 'updateOneApiAdminGroupsItemIdPut').row({
    status: 200,
    setup: newGroup,
    args: (_w, group) => [group.id, { id: group.id, name: `${group.name} renamed` }],
  }),
  op('AdminManageGroupsApi', 'deleteOneApiAdminGroupsItemIdDelete').row({
    status: 200,
    setup: newGroup,
    args: (_w, group) => [group.id],
  }),
];
