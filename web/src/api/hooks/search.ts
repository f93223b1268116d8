import { useState } from 'react';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import type { RecipeOut, RecipeSummary } from '../../../../contract/recipes';
import { dialogQuery, newSeed, randomRecipeQuery, SEARCH_DEBOUNCE_MS } from '../../components/search/searchParams';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { unwrap, type ApiError, type QueryValue } from '../client';
import { recipeSearchApi, type RecipeSuggestion } from '../endpoints';

export type { RecipeOut, RecipeSuggestion, RecipeSummary };

export const recipeKeys = {
  all: ['recipes'] as const,
  search: (text: string, seed: string) => ['recipes', 'search', text, seed] as const,
  suggestions: (query: Record<string, QueryValue>) => ['recipes', 'suggestions', query] as const,
  one: (slugOrId: string) => ['recipes', 'one', slugOrId] as const,
  shared: (tokenId: string) => ['recipes', 'shared', tokenId] as const,
  /** Under the user's ratings key, so toggling a favourite (which refreshes the ratings) refreshes this too. */
  favorites: (userId: string) => ['users', 'self', 'ratings', 'favorites', userId] as const,
};

/** The HTTP status of a failed query (queries throw the client's ApiError), or null. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as ApiError;
  return typeof status === 'number' ? status : null;
}

export function isNotFound(error: unknown): boolean {
  return errorStatus(error) === 404;
}

/**
 * The search dialog's search (spec §7): debounced 500 ms, 20 by name with a random seed. `loading` is
 * true while the user types and while the request runs. A failure is logged and empties the results.
 */
export function useRecipeSearch(text: string) {
  const [seed] = useState(newSeed);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: recipeKeys.search(debounced, seed),
    queryFn: async ({ signal }): Promise<RecipeSummary[]> => {
      const { data, error } = await recipeSearchApi.list(dialogQuery(debounced, seed), signal);
      if (error) {
        if (error.status !== 0 || error.message !== 'aborted') console.error('Recipe search failed:', error.message);
        return [];
      }
      return data?.items ?? [];
    },
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const typing = text.trim() !== debounced;
  return {
    results: debounced === '' ? [] : (query.data ?? []),
    loading: (typing && text.trim() !== '') || query.isFetching,
    searched: debounced !== '' && !typing && query.isSuccess && !query.isPlaceholderData,
  };
}

/** One random recipe (spec §7: page 1, size 1, orderBy random), or null when the group has none. */
export function useRandomRecipe() {
  return useMutation({
    mutationFn: async (filters: Record<string, QueryValue> = {}): Promise<RecipeSummary | null> => {
      const page = await unwrap(recipeSearchApi.list({ ...filters, ...randomRecipeQuery(newSeed()) }));
      return page.items[0] ?? null;
    },
  });
}

/** GET /api/recipes/suggestions; `unavailable` when this server has no such route yet (404). */
export function useRecipeSuggestions(query: Record<string, QueryValue>, enabled: boolean) {
  const result = useQuery({
    queryKey: recipeKeys.suggestions(query),
    queryFn: async () => (await unwrap(recipeSearchApi.suggestions(query))).items ?? [],
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...result, unavailable: isNotFound(result.error) };
}

/** The public read of a share link. */
export function useSharedRecipe(tokenId: string) {
  return useQuery({
    queryKey: recipeKeys.shared(tokenId),
    queryFn: () => unwrap(recipeSearchApi.shared(tokenId)),
    retry: false,
  });
}

/** The group's households, for the advanced search's household filter. */
export function useGroupHouseholds(enabled = true) {
  return useQuery({
    queryKey: ['groups', 'households'],
    queryFn: async () => (await unwrap(recipeSearchApi.households())).items,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * A user's favourite recipes: GET /api/users/{id}/favorites names them by id (Mealie's UserRatings),
 * then each recipe is loaded. Recipes that no longer load (deleted, other group) are left out.
 */
export function useFavoriteRecipes(userId: string) {
  const favorites = useQuery({
    queryKey: recipeKeys.favorites(userId),
    queryFn: async () => {
      const { ratings } = await unwrap(recipeSearchApi.favorites(userId));
      return (ratings ?? []).filter((r) => r.isFavorite).map((r) => r.recipeId);
    },
    retry: false,
  });
  const ids = favorites.data ?? [];
  const recipes = useQueries({
    queries: ids.map((id) => ({
      queryKey: recipeKeys.one(id),
      queryFn: () => unwrap(recipeSearchApi.get(id)),
      retry: false,
      staleTime: 60_000,
    })),
  });
  const loaded = recipes.map((r) => r.data).filter((r): r is RecipeOut => Boolean(r));
  return {
    recipes: loaded.sort((a, b) => a.name.localeCompare(b.name)),
    isPending: favorites.isPending || recipes.some((r) => r.isPending),
    error: favorites.error,
    unavailable: isNotFound(favorites.error),
  };
}
