import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type ApiError } from '../client';
import { recipeActionApi, recipeApi } from '../endpoints';
import { recipeListQuery } from '../../lib/recipe/listParams';
import type { RecipeInput, RecipeListFilters, RecipeOut } from '../../lib/recipe/types';
import { recipeKeys } from './search';

export const recipePageKeys = {
  infinite: (filters: RecipeListFilters) => ['recipes', 'infinite', filters] as const,
  explore: (groupSlug: string, slug: string) => ['recipes', 'explore', groupSlug, slug] as const,
  comments: (slug: string) => ['recipes', 'comments', slug] as const,
  timeline: (recipeId: string) => ['recipes', 'timeline', recipeId] as const,
  shares: (recipeId: string) => ['recipes', 'shares', recipeId] as const,
  household: (id: string) => ['groups', 'households', 'one', id] as const,
  actions: ['households', 'recipe-actions'] as const,
};

export function apiStatus(error: unknown): number | null {
  return typeof error === 'object' && error !== null && 'status' in error ? (error as ApiError).status : null;
}

/** The group home's list: 30 per page, the next page fetched as the user scrolls. */
export function useInfiniteRecipes(filters: RecipeListFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: recipePageKeys.infinite(filters),
    queryFn: ({ pageParam }) => unwrap(recipeApi.list(recipeListQuery(filters, pageParam))),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    enabled,
    retry: false,
  });
}

/**
 * One recipe for its page: members of the group read it from /api/recipes, visitors from the public
 * explore route. A 404 is the page's "not found".
 */
/**
 * A recipe by slug: the group API for a member of the route's group, the explore API for everyone else.
 * Pass `ready` false while the signed-in user is still loading, so a member's page never asks the explore
 * API first (a 404 for a private recipe).
 */
export function useRecipe(slug: string, groupSlug: string | null, own: boolean, ready = true) {
  return useQuery({
    enabled: ready,
    queryKey: own || !groupSlug ? recipeKeys.one(slug) : recipePageKeys.explore(groupSlug, slug),
    queryFn: () => unwrap(own || !groupSlug ? recipeApi.get(slug) : recipeApi.exploreGet(groupSlug, slug)),
    retry: false,
    staleTime: 10_000,
  });
}

/** Whether the recipe's household (when it is not the user's) locks edits from other households. */
export function useOtherHouseholdLocksEdits(recipeHouseholdId: string | null, userHouseholdId: string | null) {
  const other = Boolean(recipeHouseholdId && userHouseholdId && recipeHouseholdId !== userHouseholdId);
  const query = useQuery({
    queryKey: recipePageKeys.household(recipeHouseholdId ?? ''),
    queryFn: async () => (await recipeApi.household(recipeHouseholdId ?? '')).data,
    enabled: other,
    staleTime: 5 * 60_000,
  });
  return other && Boolean(query.data?.preferences?.lockRecipeEditsFromOtherHouseholds);
}

function useInvalidateRecipes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recipeKeys.all });
}

/** POST /api/recipes {name}: resolves to the new slug. */
export function useCreateRecipe() {
  const invalidate = useInvalidateRecipes();
  return useMutation({ mutationFn: (name: string) => unwrap(recipeApi.create(name)), onSuccess: invalidate });
}

export function useUpdateRecipe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string; body: RecipeInput | Record<string, unknown> }) => unwrap(recipeApi.update(slug, body)),
    onSuccess: (saved: RecipeOut, { slug }) => {
      if (saved.slug !== slug) client.removeQueries({ queryKey: recipeKeys.one(slug) });
      client.setQueryData(recipeKeys.one(saved.slug), saved);
      void client.invalidateQueries({ queryKey: recipeKeys.all, predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
}

export function useDeleteRecipe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => unwrap(recipeApi.remove(slug)),
    onSuccess: (_deleted, slug) => {
      client.removeQueries({ queryKey: recipeKeys.one(slug) });
      void client.invalidateQueries({ queryKey: recipeKeys.all });
    },
  });
}

export function useDuplicateRecipe() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: ({ slug, name }: { slug: string; name: string }) => unwrap(recipeApi.duplicate(slug, name)),
    onSuccess: invalidate,
  });
}

export function useUploadRecipeImage() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: ({ slug, file }: { slug: string; file: File }) => unwrap(recipeApi.uploadImage(slug, file)),
    onSuccess: invalidate,
  });
}

export function useUploadRecipeAsset() {
  const invalidate = useInvalidateRecipes();
  return useMutation({
    mutationFn: ({ slug, name, icon, file }: { slug: string; name: string; icon: string; file: File }) =>
      unwrap(recipeApi.uploadAsset(slug, { name, icon, file })),
    onSuccess: invalidate,
  });
}

/** Spec §7: a token request answers a token, then the zip URL is opened. Nothing happens without an answer. */
export async function downloadRecipe(slug: string): Promise<boolean> {
  const { data } = await recipeApi.exportToken(slug);
  const token = data?.token;
  if (!token) return false;
  window.open(recipeApi.exportZipUrl(slug, token), '_blank', 'noopener');
  return true;
}

/** The household's recipe actions (GET /api/households/recipe-actions); none when the server has no such route. */
export function useRecipeActions(enabled: boolean) {
  return useQuery({
    queryKey: recipePageKeys.actions,
    queryFn: async () => (await recipeActionApi.list()).data?.items ?? [],
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Resolves true when the server accepted the trigger. */
export function useTriggerRecipeAction() {
  return useMutation({
    mutationFn: async ({ id, slug, scaledAmount }: { id: string; slug: string; scaledAmount: number }) =>
      !(await recipeActionApi.trigger(id, slug, scaledAmount)).error,
  });
}
