import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../client';
import { nutritionApi, type NutritionSource } from '../nutrition';

/** Under ['recipes'], so any recipe or food change the live stream announces refreshes it. */
const computedKey = (slug: string, scale: number) => ['recipes', 'nutrition', slug, scale] as const;

export function useComputedNutrition(slug: string, scale: number) {
  return useQuery({ queryKey: computedKey(slug, scale), queryFn: () => unwrap(nutritionApi.computed(slug, scale)) });
}

export function useSetNutritionSource(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (source: NutritionSource) => unwrap(nutritionApi.setSource(slug, source)),
    onSettled: () => client.invalidateQueries({ queryKey: ['recipes', 'nutrition', slug] }),
  });
}
