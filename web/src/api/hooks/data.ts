import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FoodIn, FoodOut, UnitIn, UnitOut } from '../../../../contract/foods';
import type { LabelIn, LabelOut, SeederKind } from '../../../../contract/labels';
import { unwrap } from '../client';
import { foodApi, labelApi, seederApi, unitApi } from '../endpoints';

export type { FoodIn, FoodOut, LabelIn, LabelOut, SeederKind, UnitIn, UnitOut };

export const dataKeys = {
  foods: ['foods'] as const,
  units: ['units'] as const,
  labels: ['labels'] as const,
};

const listOptions = { placeholderData: keepPreviousData };

/** Foods by name; `search` is matched by the server. */
export function useFoods(search = '', enabled = true) {
  return useQuery({
    queryKey: [...dataKeys.foods, 'list', search.trim()],
    queryFn: async () => (await unwrap(foodApi.list(search))).items,
    enabled,
    ...listOptions,
  });
}

export function useUnits(search = '') {
  return useQuery({
    queryKey: [...dataKeys.units, 'list', search.trim()],
    queryFn: async () => (await unwrap(unitApi.list(search))).items,
    ...listOptions,
  });
}

export function useLabels(search = '') {
  return useQuery({
    queryKey: [...dataKeys.labels, 'list', search.trim()],
    queryFn: async () => (await unwrap(labelApi.list(search))).items,
    ...listOptions,
  });
}

/** Foods and units sit inside recipes, and labels inside foods: a change refreshes those too. */
function useRefresh(...keys: (readonly string[])[]) {
  const client = useQueryClient();
  return () => Promise.all([...keys, ['recipes']].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useFoodMutations() {
  const onSuccess = useRefresh(dataKeys.foods);
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: FoodIn }) => unwrap(id ? foodApi.update(id, body) : foodApi.create(body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(foodApi.remove(id)), onSuccess }),
    merge: useMutation({
      mutationFn: ({ from, to }: { from: string; to: string }) => unwrap(foodApi.merge(from, to)),
      onSuccess,
    }),
  };
}

export function useUnitMutations() {
  const onSuccess = useRefresh(dataKeys.units);
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: UnitIn }) => unwrap(id ? unitApi.update(id, body) : unitApi.create(body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(unitApi.remove(id)), onSuccess }),
    merge: useMutation({
      mutationFn: ({ from, to }: { from: string; to: string }) => unwrap(unitApi.merge(from, to)),
      onSuccess,
    }),
  };
}

export function useLabelMutations() {
  const onSuccess = useRefresh(dataKeys.labels, dataKeys.foods);
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: LabelIn }) => unwrap(id ? labelApi.update(id, body) : labelApi.create(body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(labelApi.remove(id)), onSuccess }),
  };
}

/** POST /api/groups/seeders/{kind}; seeding labels also labels seeded foods, so every data list refreshes. */
export function useSeed() {
  const onSuccess = useRefresh(dataKeys.foods, dataKeys.units, dataKeys.labels);
  return useMutation({
    mutationFn: ({ kind, locale }: { kind: SeederKind; locale: string }) => unwrap(seederApi.seed(kind, locale)),
    onSuccess,
  });
}
