import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CookbookIn, CookbookOut } from '../../../../contract/cookbooks';
import type { HouseholdPreferences } from '../../../../contract/accounts';
import { recipeListQuery } from '../../lib/recipe/listParams';
import type { RecipeListFilters } from '../../lib/recipe/types';
import { unwrap } from '../client';
import { cookbookApi, exploreApi, groupSettingsApi, groupTimelineApi, householdSettingsApi } from '../households';

export const householdKeys = {
  cookbooks: ['households', 'cookbooks'] as const,
  cookbook: (key: string) => ['households', 'cookbooks', 'one', key] as const,
  exploreCookbooks: (groupSlug: string) => ['explore', groupSlug, 'cookbooks'] as const,
  exploreCookbook: (groupSlug: string, key: string) => ['explore', groupSlug, 'cookbooks', key] as const,
  exploreRecipes: (groupSlug: string, filters: RecipeListFilters) => ['explore', groupSlug, 'recipes', filters] as const,
  exploreOrganizers: (groupSlug: string, kind: string) => ['explore', groupSlug, 'organizers', kind] as const,
  household: ['households', 'self'] as const,
  preferences: ['households', 'preferences'] as const,
  statistics: ['households', 'statistics'] as const,
  invitations: ['households', 'invitations'] as const,
  group: ['groups', 'self'] as const,
  groupPreferences: ['groups', 'preferences'] as const,
  storage: ['groups', 'storage'] as const,
  groupHouseholds: ['groups', 'households', 'all'] as const,
  timeline: (ascending: boolean, types: string[]) => ['recipes', 'timeline', 'group', ascending, types] as const,
};

/** The group's cookbooks (members) or its public ones (visitors), in position order. */
export function useCookbooks(groupSlug: string, own: boolean) {
  return useQuery({
    queryKey: own ? householdKeys.cookbooks : householdKeys.exploreCookbooks(groupSlug),
    queryFn: async () => (await unwrap(own ? cookbookApi.list() : cookbookApi.exploreList(groupSlug))).items,
    retry: false,
  });
}

export function useCookbook(groupSlug: string, key: string, own: boolean) {
  return useQuery({
    queryKey: own ? householdKeys.cookbook(key) : householdKeys.exploreCookbook(groupSlug, key),
    queryFn: () => unwrap(own ? cookbookApi.get(key) : cookbookApi.exploreGet(groupSlug, key)),
    retry: false,
  });
}

function useInvalidateCookbooks() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: householdKeys.cookbooks });
}

export function useSaveCookbook() {
  const invalidate = useInvalidateCookbooks();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CookbookIn }) => unwrap(id ? cookbookApi.update(id, body) : cookbookApi.create(body)),
    onSettled: invalidate,
  });
}

export function useDeleteCookbook() {
  const invalidate = useInvalidateCookbooks();
  return useMutation({ mutationFn: (id: string) => unwrap(cookbookApi.remove(id)), onSettled: invalidate });
}

/** Saves a new order: every cookbook's position becomes its index plus 1 (spec §7), shown at once. */
export function useReorderCookbooks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ordered: CookbookOut[]) => unwrap(cookbookApi.updateMany(ordered.map((c, index) => ({ ...c, position: index + 1 })))),
    onMutate: async (ordered) => {
      await client.cancelQueries({ queryKey: householdKeys.cookbooks });
      const previous = client.getQueryData<CookbookOut[]>(householdKeys.cookbooks);
      const others = (previous ?? []).filter((c) => !ordered.some((o) => o.id === c.id));
      client.setQueryData(householdKeys.cookbooks, [...ordered.map((c, index) => ({ ...c, position: index + 1 })), ...others]);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) client.setQueryData(householdKeys.cookbooks, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: householdKeys.cookbooks }),
  });
}

/** How many recipes a cookbook filter selects, or null while it cannot be read. */
export function useFilterPreviewCount(queryFilter: string) {
  return useQuery({
    queryKey: ['recipes', 'preview-count', queryFilter],
    queryFn: async () => {
      const { data, error } = await cookbookApi.previewCount(queryFilter);
      if (error) return { count: null, error: error.message };
      return { count: data?.total ?? 0, error: null };
    },
    staleTime: 30_000,
  });
}

/** The public recipe list of a group, 30 at a time. */
export function useInfiniteExploreRecipes(groupSlug: string, filters: RecipeListFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: householdKeys.exploreRecipes(groupSlug, filters),
    queryFn: ({ pageParam }) => unwrap(exploreApi.recipes(groupSlug, recipeListQuery(filters, pageParam))),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    enabled,
    retry: false,
  });
}

export function useExploreOrganizers(groupSlug: string, kind: 'categories' | 'tags' | 'tools') {
  return useQuery({
    queryKey: householdKeys.exploreOrganizers(groupSlug, kind),
    queryFn: async () => (await unwrap(exploreApi.organizers(groupSlug, kind))).items,
    retry: false,
  });
}

export function useHouseholdSelf() {
  return useQuery({ queryKey: householdKeys.household, queryFn: () => unwrap(householdSettingsApi.self()) });
}

export function useHouseholdPreferences() {
  return useQuery({ queryKey: householdKeys.preferences, queryFn: () => unwrap(householdSettingsApi.preferences()) });
}

export function useSaveHouseholdPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Omit<HouseholdPreferences, 'id'>>) => unwrap(householdSettingsApi.savePreferences(body)),
    onSuccess: (saved) => client.setQueryData(householdKeys.preferences, saved),
    onSettled: () => client.invalidateQueries({ queryKey: householdKeys.household }),
  });
}

export function useHouseholdStatistics() {
  return useQuery({ queryKey: householdKeys.statistics, queryFn: () => unwrap(householdSettingsApi.statistics()) });
}

export function useCreateInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uses: number) => unwrap(householdSettingsApi.createInvitation(uses)),
    onSettled: () => client.invalidateQueries({ queryKey: householdKeys.invitations }),
  });
}

export function useEmailInvitation() {
  return useMutation({ mutationFn: ({ email, token }: { email: string; token: string }) => unwrap(householdSettingsApi.emailInvitation(email, token)) });
}

export function useGroupSelf() {
  return useQuery({ queryKey: householdKeys.group, queryFn: () => unwrap(groupSettingsApi.self()) });
}

export function useGroupPreferences() {
  return useQuery({ queryKey: householdKeys.groupPreferences, queryFn: () => unwrap(groupSettingsApi.preferences()) });
}

export function useSaveGroupPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { privateGroup?: boolean }) => unwrap(groupSettingsApi.savePreferences(body)),
    onSuccess: (saved) => client.setQueryData(householdKeys.groupPreferences, saved),
    onSettled: () => client.invalidateQueries({ queryKey: householdKeys.group }),
  });
}

export function useGroupStorage() {
  return useQuery({ queryKey: householdKeys.storage, queryFn: () => unwrap(groupSettingsApi.storage()) });
}

export function useAllGroupHouseholds(enabled = true) {
  return useQuery({
    queryKey: householdKeys.groupHouseholds,
    queryFn: async () => (await unwrap(groupSettingsApi.households())).items,
    enabled,
    staleTime: 5 * 60_000,
  });
}

const TIMELINE_PAGE = 20;

/** The group's timeline, 20 events at a time, each page with the recipes its events belong to. */
export function useGroupTimeline(ascending: boolean, types: string[]) {
  return useInfiniteQuery({
    queryKey: householdKeys.timeline(ascending, types),
    queryFn: async ({ pageParam }) => {
      if (types.length === 0) return { events: [], recipes: new Map(), page: 1, totalPages: 1, total: 0 };
      const page = await unwrap(groupTimelineApi.events(pageParam, TIMELINE_PAGE, ascending, types));
      const ids = [...new Set(page.items.map((e) => e.recipeId))];
      const recipes = ids.length ? (await unwrap(groupTimelineApi.recipes(ids))).items : [];
      return { events: page.items, recipes: new Map(recipes.map((r) => [r.id ?? '', r])), page: page.page, totalPages: page.total_pages, total: page.total };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });
}
