import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../client';
import { cupboardApi } from '../cupboard';

/**
 * Under ['mealplans'] (any plan change refreshes it) and ['recipes'] (a recipe or food change the live stream
 * announces does too).
 */
export function usePlanNutrition(start: string, end: string) {
  return useQuery({
    queryKey: ['mealplans', 'nutrition', start, end],
    queryFn: () => unwrap(cupboardApi.planNutrition(start, end)),
  });
}

export function useMadeItOptions(slug: string, enabled: boolean) {
  return useQuery({ queryKey: ['recipes', 'made-it', slug], queryFn: () => unwrap(cupboardApi.madeItOptions(slug)), enabled, staleTime: 0 });
}

export function useFoodEquivalents(foodId: string | null) {
  return useQuery({ queryKey: ['foods', 'equivalents', foodId], queryFn: () => unwrap(cupboardApi.equivalents(foodId as string)), enabled: Boolean(foodId) });
}

export function useSetFoodEquivalents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ foodId, foodIds }: { foodId: string; foodIds: string[] }) => unwrap(cupboardApi.setEquivalents(foodId, foodIds)),
    onSettled: () => client.invalidateQueries({ queryKey: ['foods', 'equivalents'] }),
  });
}
