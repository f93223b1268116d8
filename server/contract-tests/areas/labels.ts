import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { made, unique } from './fixtures.js';

const newLabel = (w: World) => made(w.admin.clients.GroupsMultiPurposeLabelsApi.createOneApiGroupsLabelsPost({ name: unique('Contract aisle'), color: '#3366ff' }), 'label');

/** Multi-purpose labels of the caller's group and the seeders that fill foods, units and labels. */
export const labelRows = [
  // Mealie answers 200, not 201, to a created label.
  op('GroupsMultiPurposeLabelsApi', 'createOneApiGroupsLabelsPost').row({
    status: 200,
    args: () => [{ name: unique('Contract produce'), color: '#22aa44' }],
    check: (body, w) => expect(body).toMatchObject({ color: '#22aa44', groupId: w.admin.user.groupId }),
  }),
  op('GroupsMultiPurposeLabelsApi', 'getAllApiGroupsLabelsGet').row({ as: 'member', status: 200, setup: newLabel, args: () => [] }),
  op('GroupsMultiPurposeLabelsApi', 'getOneApiGroupsLabelsItemIdGet').row({ as: 'member', status: 200, setup: newLabel, args: (_w, label) => [label.id] }),
  op('GroupsMultiPurposeLabelsApi', 'updateOneApiGroupsLabelsItemIdPut').row({
    status: 200,
    setup: newLabel,
    args: (_w, label) => [label.id, { id: label.id, groupId: label.groupId, name: `${label.name} renamed`, color: '#000000' }],
    check: (body) => expect(body.color).toBe('#000000'),
  }),
  op('GroupsMultiPurposeLabelsApi', 'deleteOneApiGroupsLabelsItemIdDelete').row({ status: 200, setup: newLabel, args: (_w, label) => [label.id] }),

  op('GroupsSeedersApi', 'seedLabelsApiGroupsSeedersLabelsPost').row({ status: 200, args: () => [{ locale: 'en-US' }] }),
  op('GroupsSeedersApi', 'seedUnitsApiGroupsSeedersUnitsPost').row({ status: 200, args: () => [{ locale: 'en-US' }] }),
  op('GroupsSeedersApi', 'seedFoodsApiGroupsSeedersFoodsPost').row({ status: 200, args: () => [{ locale: 'en-US' }] }),
];
