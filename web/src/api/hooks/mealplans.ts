import { useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_FIRST_DAY_OF_WEEK } from '../../../../contract/mealplan-dates';
import { unwrap } from '../client';
import { mealplanApi, type PlanRulesCreate, type ReadPlanEntry, type UpdatePlanEntry } from '../mealplans';
import { planEntryBody } from '../offlineChanges';
import { isOffline, queuePlanMove, withPendingMoves } from '../offlineQueue';
import { shoppingQueue } from '../shoppingQueue';
import { toast } from '../../components/toast/toastStore';

export const mealplanKeys = {
  all: ['mealplans'] as const,
  range: (start: string, end: string) => ['mealplans', 'range', start, end] as const,
  rules: ['mealplans', 'rules'] as const,
  preferences: ['households', 'preferences'] as const,
};

/** The entries of an inclusive date range, by date then meal type. */
export function useMealplanRange(start: string, end: string) {
  const query = useQuery({
    queryKey: mealplanKeys.range(start, end),
    queryFn: async () => (await unwrap(mealplanApi.range(start, end))).items,
  });
  // Moves made offline show where they were dropped while they wait in the device's queue.
  const { pending } = useSyncExternalStore(shoppingQueue.subscribe, shoppingQueue.state);
  const data = useMemo(
    () => (query.data ? withPendingMoves(query.data, start, end) : query.data),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pending: the queue changed
    [query.data, start, end, pending],
  );
  return { ...query, data } as typeof query;
}

/** The household's first day of the week (0 = Sunday … 6); the spec's default 0 until it loads. */
export function useFirstDayOfWeek(): number {
  const { data } = useQuery({
    queryKey: mealplanKeys.preferences,
    queryFn: () => unwrap(mealplanApi.preferences()),
    staleTime: 5 * 60_000,
  });
  return data?.firstDayOfWeek ?? DEFAULT_FIRST_DAY_OF_WEEK;
}

/**
 * Creates an entry. Resolves with the entry only when the server answered 201 (spec §5); any other answer
 * rejects, so callers show their failure message.
 */
export function useCreateEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Parameters<typeof mealplanApi.create>[0]) => {
      const result = await mealplanApi.create(body);
      if (result.response?.status !== 201 || !result.data) throw result.error ?? new Error(`HTTP ${result.response?.status ?? 0}`);
      return result.data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: mealplanKeys.all }),
  });
}

/**
 * Updates an entry (moves it to another day or meal, edits it). The planner's cached range changes at once,
 * so a dropped entry stays where it was dropped while the request runs, and is put back if it fails.
 */
export function useUpdateEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ entry, changes }: { entry: ReadPlanEntry; changes: Partial<UpdatePlanEntry> }) => {
      // A move made offline (or finding no network) waits in the device's queue; its rule is in offlineChanges.ts.
      const move = { date: changes.date ?? entry.date, entryType: changes.entryType ?? entry.entryType };
      const onlyMove = Object.keys(changes).every((key) => key === 'date' || key === 'entryType');
      if (onlyMove && isOffline()) return queuePlanMove(entry, move);
      const result = await mealplanApi.update(entry.id, planEntryBody(entry, changes), !onlyMove);
      if (onlyMove && result.error?.status === 0) return queuePlanMove(entry, move);
      // A 409: someone else changed the entry since this screen read it; theirs stays, and the user is told.
      if (result.error && onlyMove) (result.error.status === 409 ? toast.warning : toast.error)(result.error.message);
      if (result.error) throw result.error;
      return result.data;
    },
    onMutate: async ({ entry, changes }) => {
      await client.cancelQueries({ queryKey: ['mealplans', 'range'] });
      const previous = client.getQueriesData<ReadPlanEntry[]>({ queryKey: ['mealplans', 'range'] });
      for (const [key, entries] of previous) {
        if (!entries) continue;
        const [, , start, end] = key as [string, string, string, string];
        const moved = { ...entry, ...changes } as ReadPlanEntry;
        const others = entries.filter((e) => e.id !== entry.id);
        client.setQueryData(key, moved.date >= start && moved.date <= end ? [...others, moved] : others);
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      for (const [key, entries] of context?.previous ?? []) client.setQueryData(key, entries);
    },
    onSettled: () => client.invalidateQueries({ queryKey: mealplanKeys.all }),
  });
}

export function useDeleteEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(mealplanApi.remove(id)),
    onSettled: () => client.invalidateQueries({ queryKey: mealplanKeys.all }),
  });
}

/** A random recipe for a day and meal, by the household's rules (the server plans it). */
export function useRandomEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; entryType: ReadPlanEntry['entryType'] }) => unwrap(mealplanApi.random(body)),
    onSettled: () => client.invalidateQueries({ queryKey: mealplanKeys.all }),
  });
}

export function useMealplanRules() {
  return useQuery({ queryKey: mealplanKeys.rules, queryFn: async () => (await unwrap(mealplanApi.rules())).items });
}

export function useRuleMutations() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: mealplanKeys.rules });
  return {
    create: useMutation({ mutationFn: (body: PlanRulesCreate) => unwrap(mealplanApi.createRule(body)), onSettled }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: PlanRulesCreate }) => unwrap(mealplanApi.updateRule(id, body)), onSettled }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(mealplanApi.removeRule(id)), onSettled }),
  };
}
