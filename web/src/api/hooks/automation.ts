import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifierCreate, NotifierUpdate, RecipeActionIn, WebhookIn } from '../../../../contract/automation';
import { automationApi } from '../automation';
import { unwrap } from '../client';

const keys = { actions: ['households', 'recipe-actions'] as const, webhooks: ['households', 'webhooks'] as const, notifiers: ['households', 'notifiers'] as const };

function useInvalidating<T, R>(key: readonly string[], fn: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}

export const useRecipeActionList = () => useQuery({ queryKey: keys.actions, queryFn: async () => (await unwrap(automationApi.actions())).items });
export const useSaveRecipeAction = () =>
  useInvalidating(keys.actions, ({ id, body }: { id?: string; body: RecipeActionIn }) => unwrap(id ? automationApi.updateAction(id, body) : automationApi.createAction(body)));
export const useDeleteRecipeAction = () => useInvalidating(keys.actions, (id: string) => unwrap(automationApi.deleteAction(id)));

/** While a test is being delivered (in the background) the list is read again each second, to show how it went. */
const whileTesting = (items: Array<{ lastTest?: { status: string } | null }> | undefined) => (items?.some((item) => item.lastTest?.status === 'sending') ? 1000 : false);

export const useWebhooks = () =>
  useQuery({ queryKey: keys.webhooks, queryFn: async () => (await unwrap(automationApi.webhooks())).items, refetchInterval: (query) => whileTesting(query.state.data) });
export const useSaveWebhook = () =>
  useInvalidating(keys.webhooks, ({ id, body }: { id?: string; body: WebhookIn }) => unwrap(id ? automationApi.updateWebhook(id, body) : automationApi.createWebhook(body)));
export const useDeleteWebhook = () => useInvalidating(keys.webhooks, (id: string) => unwrap(automationApi.deleteWebhook(id)));
/** Resolves true when the test was accepted (it is delivered in the background; the card shows the outcome). */
export const useTestWebhook = () => useInvalidating(keys.webhooks, async (id: string) => !(await automationApi.testWebhook(id)).error);

export const useNotifiers = () =>
  useQuery({ queryKey: keys.notifiers, queryFn: async () => (await unwrap(automationApi.notifiers())).items, refetchInterval: (query) => whileTesting(query.state.data) });
export const useCreateNotifier = () => useInvalidating(keys.notifiers, (body: NotifierCreate) => unwrap(automationApi.createNotifier(body)));
export const useUpdateNotifier = () => useInvalidating(keys.notifiers, ({ id, body }: { id: string; body: NotifierUpdate }) => unwrap(automationApi.updateNotifier(id, body)));
export const useDeleteNotifier = () => useInvalidating(keys.notifiers, (id: string) => unwrap(automationApi.deleteNotifier(id)));
/** Resolves true when the test was accepted (it is delivered in the background; the card shows the outcome). */
export const useTestNotifier = () => useInvalidating(keys.notifiers, async (id: string) => !(await automationApi.testNotifier(id)).error);
