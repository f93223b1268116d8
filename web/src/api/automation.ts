import type { NotifierCreate, NotifierOut, NotifierUpdate, RecipeActionIn, RecipeActionOut, WebhookIn, WebhookOut } from '../../../contract/automation';
import type { Paginated } from '../../../contract/common';
import { api } from './client';

const enc = encodeURIComponent;
const all = { page: 1, perPage: -1 };

/** Recipe actions, webhooks and notifiers of the signed-in user's household. */
export const automationApi = {
  actions: () => api.get<Paginated<RecipeActionOut>>('/api/households/recipe-actions', { query: { ...all, orderBy: 'title', orderDirection: 'asc' } }),
  createAction: (body: RecipeActionIn) => api.post<RecipeActionOut>('/api/households/recipe-actions', { json: body }),
  updateAction: (id: string, body: RecipeActionIn) => api.put<RecipeActionOut>(`/api/households/recipe-actions/${enc(id)}`, { json: body }),
  deleteAction: (id: string) => api.delete<RecipeActionOut>(`/api/households/recipe-actions/${enc(id)}`),

  webhooks: () => api.get<Paginated<WebhookOut>>('/api/households/webhooks', { query: all }),
  createWebhook: (body: WebhookIn) => api.post<WebhookOut>('/api/households/webhooks', { json: body }),
  updateWebhook: (id: string, body: WebhookIn) => api.put<WebhookOut>(`/api/households/webhooks/${enc(id)}`, { json: body }),
  deleteWebhook: (id: string) => api.delete<WebhookOut>(`/api/households/webhooks/${enc(id)}`),
  testWebhook: (id: string) => api.post<null>(`/api/households/webhooks/${enc(id)}/test`, { toasts: false }),

  notifiers: () => api.get<Paginated<NotifierOut>>('/api/households/events/notifications', { query: all }),
  createNotifier: (body: NotifierCreate) => api.post<NotifierOut>('/api/households/events/notifications', { json: body }),
  updateNotifier: (id: string, body: NotifierUpdate) => api.put<NotifierOut>(`/api/households/events/notifications/${enc(id)}`, { json: body }),
  deleteNotifier: (id: string) => api.delete<null>(`/api/households/events/notifications/${enc(id)}`),
  testNotifier: (id: string) => api.post<null>(`/api/households/events/notifications/${enc(id)}/test`, { toasts: false }),
};
