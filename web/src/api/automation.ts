import type { NotifierCreate, NotifierOut, NotifierUpdate, RecipeActionIn, RecipeActionOut, WebhookIn, WebhookOut } from '../../../contract/automation';
import type { Paginated } from '../../../contract/common';
import { api } from './client';
import { API, apiPath } from '../../../contract/routes';

const all = { page: 1, perPage: -1 };

/** Recipe actions, webhooks and notifiers of the signed-in user's household. */
export const automationApi = {
  actions: () => api.get<Paginated<RecipeActionOut>>(API.householdsRecipeActions, { query: { ...all, orderBy: 'title', orderDirection: 'asc' } }),
  createAction: (body: RecipeActionIn) => api.post<RecipeActionOut>(API.householdsRecipeActions, { json: body }),
  updateAction: (id: string, body: RecipeActionIn) => api.put<RecipeActionOut>(apiPath(API.householdsRecipeActionsByItemId, { item_id: id }), { json: body }),
  deleteAction: (id: string) => api.delete<RecipeActionOut>(apiPath(API.householdsRecipeActionsByItemId, { item_id: id })),

  webhooks: () => api.get<Paginated<WebhookOut>>(API.householdsWebhooks, { query: all }),
  createWebhook: (body: WebhookIn) => api.post<WebhookOut>(API.householdsWebhooks, { json: body }),
  updateWebhook: (id: string, body: WebhookIn) => api.put<WebhookOut>(apiPath(API.householdsWebhooksByItemId, { item_id: id }), { json: body }),
  deleteWebhook: (id: string) => api.delete<WebhookOut>(apiPath(API.householdsWebhooksByItemId, { item_id: id })),
  testWebhook: (id: string) => api.post<null>(apiPath(API.householdsWebhooksByItemIdTest, { item_id: id }), { toasts: false }),

  notifiers: () => api.get<Paginated<NotifierOut>>(API.householdsEventsNotifications, { query: all }),
  createNotifier: (body: NotifierCreate) => api.post<NotifierOut>(API.householdsEventsNotifications, { json: body }),
  updateNotifier: (id: string, body: NotifierUpdate) => api.put<NotifierOut>(apiPath(API.householdsEventsNotificationsByItemId, { item_id: id }), { json: body }),
  deleteNotifier: (id: string) => api.delete<null>(apiPath(API.householdsEventsNotificationsByItemId, { item_id: id })),
  testNotifier: (id: string) => api.post<null>(apiPath(API.householdsEventsNotificationsByItemIdTest, { item_id: id }), { toasts: false }),
};
