import type { GroupEventNotifierOut, GroupRecipeActionOut, ReadWebhook } from 'mealie-typescript';
import { expect } from 'vitest';
import { op, type World } from '../rows.js';
import { waitFor } from '../../test/wait.js';
import { made, unique } from './fixtures.js';
import { plainRecipe } from './recipe-fixtures.js';

/** An apprise json:// URL that posts to the fake web's receiver. */
const notifierUrl = (w: World, name: string) => w.server.web.hookUrl(name).replace(/^http:/, 'json:');

const newWebhook = (w: World): Promise<ReadWebhook> =>
  made(w.admin.clients.HouseholdsWebhooksApi.createOneApiHouseholdsWebhooksPost({ name: unique('Contract hook'), url: w.server.web.hookUrl('plan'), scheduledTime: '07:30', enabled: false }), 'webhook');

const newNotifier = (w: World): Promise<GroupEventNotifierOut> =>
  made(w.admin.clients.HouseholdsEventNotificationsApi.createOneApiHouseholdsEventsNotificationsPost({ name: unique('Contract notifier'), appriseUrl: notifierUrl(w, 'notify') }), 'notifier');

const newAction = (w: World): Promise<GroupRecipeActionOut> =>
  made(w.admin.clients.HouseholdsRecipeActionsApi.createOneApiHouseholdsRecipeActionsPost({ actionType: 'post', title: unique('Contract action'), url: w.server.web.hookUrl('action') }), 'recipe action');

/** The household's webhooks, event notifiers and recipe actions; every outside call lands on the fake web. */
export const automationRows = [
  op('HouseholdsWebhooksApi', 'createOneApiHouseholdsWebhooksPost').row({
    status: 201,
    args: (w) => [{ name: 'Contract morning', url: w.server.web.hookUrl('morning'), scheduledTime: '07:30', enabled: false }],
    check: (body, w) => expect(body).toMatchObject({ name: 'Contract morning', webhookType: 'mealplan', scheduledTime: '07:30:00', householdId: w.admin.user.householdId }),
  }),
  op('HouseholdsWebhooksApi', 'getAllApiHouseholdsWebhooksGet').row({ status: 200, setup: newWebhook, args: () => [] }),
  op('HouseholdsWebhooksApi', 'getOneApiHouseholdsWebhooksItemIdGet').row({ status: 200, setup: newWebhook, args: (_w, hook) => [hook.id] }),
  op('HouseholdsWebhooksApi', 'updateOneApiHouseholdsWebhooksItemIdPut').row({
    status: 200,
    setup: newWebhook,
    args: (_w, hook) => [hook.id, { name: 'Contract evening', url: hook.url, scheduledTime: '18:45', enabled: false }],
    check: (body) => expect(body).toMatchObject({ name: 'Contract evening', scheduledTime: '18:45:00' }),
  }),
  op('HouseholdsWebhooksApi', 'deleteOneApiHouseholdsWebhooksItemIdDelete').row({ status: 200, setup: newWebhook, args: (_w, hook) => [hook.id] }),
  op('HouseholdsWebhooksApi', 'testOneApiHouseholdsWebhooksItemIdTestPost').row({ status: 200, setup: newWebhook, args: (_w, hook) => [hook.id] }),
  op('HouseholdsWebhooksApi', 'rerunWebhooksApiHouseholdsWebhooksRerunPost').row({ status: 200, args: () => [] }),

  op('HouseholdsEventNotificationsApi', 'createOneApiHouseholdsEventsNotificationsPost').row({
    status: 201,
    args: (w) => [{ name: 'Contract alerts', appriseUrl: notifierUrl(w, 'alerts') }],
    check: (body) => {
      expect(body).toMatchObject({ name: 'Contract alerts', enabled: true });
      expect(body).not.toHaveProperty('appriseUrl');
    },
  }),
  op('HouseholdsEventNotificationsApi', 'getAllApiHouseholdsEventsNotificationsGet').row({ status: 200, setup: newNotifier, args: () => [] }),
  op('HouseholdsEventNotificationsApi', 'getOneApiHouseholdsEventsNotificationsItemIdGet').row({ status: 200, setup: newNotifier, args: (_w, n) => [n.id] }),
  op('HouseholdsEventNotificationsApi', 'updateOneApiHouseholdsEventsNotificationsItemIdPut').row({
    status: 200,
    setup: newNotifier,
    args: (_w, n) => [n.id, { id: n.id, groupId: n.groupId, householdId: n.householdId, name: 'Contract quiet', enabled: false, options: { ...n.options, recipeCreated: true } }],
    check: (body) => expect(body).toMatchObject({ name: 'Contract quiet', enabled: false, options: { recipeCreated: true } }),
  }),
  op('HouseholdsEventNotificationsApi', 'deleteOneApiHouseholdsEventsNotificationsItemIdDelete').row({ status: 204, setup: newNotifier, args: (_w, n) => [n.id] }),
  op('HouseholdsEventNotificationsApi', 'testNotificationApiHouseholdsEventsNotificationsItemIdTestPost').row({
    status: 204,
    setup: newNotifier,
    args: (_w, n) => [n.id],
    // Mealie answers at once and delivers in the background (issue 40): the delivery follows.
    check: async (_body, w) => {
      await waitFor(() => w.server.web.hooks.some((hook) => hook.path === '/hooks/notify'), 'the test notification', 30_000);
    },
  }),

  op('HouseholdsRecipeActionsApi', 'createOneApiHouseholdsRecipeActionsPost').row({
    status: 201,
    args: () => [{ actionType: 'link', title: 'Contract print', url: 'https://example.com/print?r=${slug}' }],
    check: (body) => expect(body).toMatchObject({ actionType: 'link', title: 'Contract print' }),
  }),
  op('HouseholdsRecipeActionsApi', 'getAllApiHouseholdsRecipeActionsGet').row({ as: 'member', status: 200, setup: newAction, args: () => [] }),
  op('HouseholdsRecipeActionsApi', 'getOneApiHouseholdsRecipeActionsItemIdGet').row({ as: 'member', status: 200, setup: newAction, args: (_w, a) => [a.id] }),
  op('HouseholdsRecipeActionsApi', 'updateOneApiHouseholdsRecipeActionsItemIdPut').row({
    status: 200,
    setup: newAction,
    args: (_w, a) => [a.id, { actionType: 'post', title: 'Contract renamed action', url: a.url, groupId: a.groupId, householdId: a.householdId }],
    check: (body) => expect(body.title).toBe('Contract renamed action'),
  }),
  op('HouseholdsRecipeActionsApi', 'deleteOneApiHouseholdsRecipeActionsItemIdDelete').row({ status: 200, setup: newAction, args: (_w, a) => [a.id] }),
  op('HouseholdsRecipeActionsApi', 'triggerActionApiHouseholdsRecipeActionsItemIdTriggerRecipeSlugPost').row({
    as: 'member',
    status: 202,
    setup: async (w) => ({ action: await newAction(w), recipe: await plainRecipe(w) }),
    args: (_w, { action, recipe }) => [action.id, recipe.slug ?? '', undefined, { recipe_scale: 2 }],
    check: async (_body, w, { recipe }) => {
      // The post goes out after the 202; Mealie's recipe_scale is the scale itself.
      for (let i = 0; i < 50 && !w.server.web.hooks.some((hook) => hook.path === '/hooks/action'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const posted = w.server.web.hooks.filter((hook) => hook.path === '/hooks/action').map((hook) => JSON.parse(hook.body) as { content: { id: string }; recipeScale: number });
      expect(posted.at(-1)).toMatchObject({ content: { id: recipe.id }, recipeScale: 2 });
    },
  }),
];
