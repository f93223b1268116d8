import type { NotifierCreate, NotifierUpdate, RecipeActionIn, WebhookIn } from '../../../contract/automation';
import { ROUTES } from '../../../contract/route-table';
import { call } from './client';

const all = { page: 1, perPage: -1 };

/** Recipe actions, webhooks and notifiers of the signed-in user's household. */
export const automationApi = {
  actions: () => call(ROUTES.recipeActions, { query: { ...all, orderBy: 'title', orderDirection: 'asc' } }),
  createAction: (body: RecipeActionIn) => call(ROUTES.recipeActionCreate, { json: body }),
  updateAction: (id: string, body: RecipeActionIn) => call(ROUTES.recipeActionUpdate, { params: { item_id: id }, json: body }),
  deleteAction: (id: string) => call(ROUTES.recipeActionDelete, { params: { item_id: id } }),

  webhooks: () => call(ROUTES.webhooks, { query: all }),
  createWebhook: (body: WebhookIn) => call(ROUTES.webhookCreate, { json: body }),
  updateWebhook: (id: string, body: WebhookIn) => call(ROUTES.webhookUpdate, { params: { item_id: id }, json: body }),
  deleteWebhook: (id: string) => call(ROUTES.webhookDelete, { params: { item_id: id } }),
  testWebhook: (id: string) => call(ROUTES.webhookTest, { params: { item_id: id }, toasts: false }),

  notifiers: () => call(ROUTES.notifiers, { query: all }),
  createNotifier: (body: NotifierCreate) => call(ROUTES.notifierCreate, { json: body }),
  updateNotifier: (id: string, body: NotifierUpdate) => call(ROUTES.notifierUpdate, { params: { item_id: id }, json: body }),
  deleteNotifier: (id: string) => call(ROUTES.notifierDelete, { params: { item_id: id } }),
  testNotifier: (id: string) => call(ROUTES.notifierTest, { params: { item_id: id }, toasts: false }),
};
