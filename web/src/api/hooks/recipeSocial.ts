import { useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isOffline, pendingRatings, queueRating } from '../offlineQueue';
import { shoppingQueue } from '../shoppingQueue';
import { unwrap } from '../client';
import { ratingApi, recipeApi } from '../endpoints';
import type { RecipeComment, UserRatingSummary } from '../../lib/recipe/types';
import { recipeKeys } from './search';
import { apiStatus, recipePageKeys } from './recipes';

export const ratingsKey = ['users', 'self', 'ratings'] as const;

/**
 * The user's own ratings and favourites by recipe id (GET /api/users/self/ratings). `available` is false
 * when the server has no ratings routes yet: the rating is then read-only and the favourite hidden.
 */
export function useSelfRatings(enabled: boolean) {
  const query = useQuery({
    queryKey: ratingsKey,
    queryFn: async () => {
      const { data, error } = await ratingApi.self();
      if (error) throw error;
      return new Map((data?.ratings ?? []).map((r) => [r.recipeId, r] as const));
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
  // Ratings made offline show at once, while they wait in the device's queue.
  const { pending } = useSyncExternalStore(shoppingQueue.subscribe, shoppingQueue.state);
  const byRecipe = useMemo(() => {
    const waiting = pendingRatings();
    const base = query.data ?? new Map<string, UserRatingSummary>();
    if (waiting.size === 0) return base;
    const merged = new Map(base);
    for (const [recipeId, rating] of waiting) merged.set(recipeId, { ...(base.get(recipeId) ?? { recipeId, isFavorite: false }), rating } as UserRatingSummary);
    return merged;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pending: the queue changed
  }, [query.data, pending]);
  return { byRecipe, available: enabled && query.isSuccess, loading: query.isPending && enabled };
}

/**
 * Sets the user's rating; 0 clears it (spec §4). Offline (or when the request finds no network) the rating
 * waits in the device's change queue and is sent when back; the user's last rating wins.
 */
export function useSetRating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, recipe, rating }: { userId: string; recipe: { id: string; slug: string; name: string }; rating: number }) => {
      if (isOffline()) return queueRating(recipe, userId, rating);
      const { error } = await ratingApi.set(userId, recipe.slug, { rating });
      if (error?.status === 0) return queueRating(recipe, userId, rating);
      if (error) throw error;
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ratingsKey });
      void client.invalidateQueries({ queryKey: recipeKeys.all });
    },
  });
}

/** Adds or removes a favourite, then reloads the user's ratings (spec §4). */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, slug, favorite }: { userId: string; slug: string; favorite: boolean }) =>
      unwrap(favorite ? ratingApi.addFavorite(userId, slug) : ratingApi.removeFavorite(userId, slug)),
    onSettled: () => client.invalidateQueries({ queryKey: ratingsKey }),
  });
}

/** The recipe's comments; when the comments route is missing, those the recipe itself carries. */
export function useRecipeComments(slug: string, fallback: RecipeComment[], enabled: boolean) {
  const query = useQuery({
    queryKey: recipePageKeys.comments(slug),
    queryFn: async () => {
      const { data, error } = await recipeApi.comments(slug);
      if (error) throw error;
      return Array.isArray(data) ? data : [];
    },
    enabled,
    retry: false,
  });
  return { comments: query.data ?? fallback, loading: query.isPending && enabled, available: apiStatus(query.error) !== 404 };
}

export function useAddComment(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recipeId, text }: { recipeId: string; text: string }) => unwrap(recipeApi.addComment(recipeId, text)),
    onSuccess: () => client.invalidateQueries({ queryKey: recipePageKeys.comments(slug) }),
  });
}

export function useDeleteComment(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(recipeApi.deleteComment(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: recipePageKeys.comments(slug) }),
  });
}

/** The recipe's timeline events, newest first; empty when the server has no timeline yet. */
export function useRecipeTimeline(recipeId: string, enabled: boolean) {
  return useQuery({
    queryKey: recipePageKeys.timeline(recipeId),
    queryFn: async () => (await recipeApi.timeline(recipeId)).data?.items ?? [],
    enabled,
    retry: false,
  });
}

/** The recipe's share links (loaded when the share dialog opens). */
export function useShareTokens(recipeId: string, enabled: boolean) {
  return useQuery({
    queryKey: recipePageKeys.shares(recipeId),
    queryFn: async () => (await recipeApi.shareTokens(recipeId)).data ?? [],
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useCreateShare(recipeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (expiresAt: string) => unwrap(recipeApi.createShare(recipeId, expiresAt)),
    onSuccess: () => client.invalidateQueries({ queryKey: recipePageKeys.shares(recipeId) }),
  });
}

export function useDeleteShare(recipeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(recipeApi.deleteShare(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: recipePageKeys.shares(recipeId) }),
  });
}
