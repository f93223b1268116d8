import { api, type QueryValue } from './client';
import type { GroupPreferences, GroupSummary, HouseholdOut, HouseholdPreferences, HouseholdSummary } from '../../../contract/accounts';
import type { CookbookIn, CookbookOut, CookbookUpdate, RecipeCookbookOut } from '../../../contract/cookbooks';
import type { OrganizerOut, ToolOut } from '../../../contract/organizers';
import type { GroupStorage } from '../../../contract/recipe-media';
import type { RecipeSummary } from '../../../contract/recipes';
import type { TimelineEvent } from '../lib/recipe/types';
import type { Paginated } from './types';

/*
 * The households area's calls: cookbooks, household and group settings, invitations, the group timeline and
 * the public explore views of a group. Every call answers { response, error, data } and never throws.
 */

const enc = encodeURIComponent;
const all = { page: 1, perPage: -1 } as const;
const explore = (groupSlug: string, rest: string) => `/api/explore/groups/${enc(groupSlug)}${rest}`;

export interface InviteToken {
  token: string;
  usesLeft: number;
  groupId: string;
  householdId: string;
}

export interface HouseholdStatistics {
  totalRecipes: number;
  totalUsers: number;
  totalCategories: number;
  totalTags: number;
  totalTools: number;
}

export const cookbookApi = {
  list: () => api.get<Paginated<CookbookOut>>('/api/households/cookbooks', { query: { ...all, orderBy: 'position', orderDirection: 'asc' } }),
  get: (idOrSlug: string) => api.get<RecipeCookbookOut>(`/api/households/cookbooks/${enc(idOrSlug)}`, { toasts: false }),
  create: (body: CookbookIn) => api.post<CookbookOut>('/api/households/cookbooks', { json: body }),
  update: (id: string, body: CookbookIn) => api.put<CookbookOut>(`/api/households/cookbooks/${enc(id)}`, { json: body }),
  /** PUT on the base path: the reorder saves every cookbook's position at once. */
  updateMany: (items: CookbookUpdate[]) => api.put<CookbookOut[]>('/api/households/cookbooks', { json: items }),
  remove: (id: string) => api.delete<CookbookOut>(`/api/households/cookbooks/${enc(id)}`),
  /** How many recipes a filter selects (the editor's live preview); no toast for a filter still being typed. */
  previewCount: (queryFilter: string) =>
    api.get<Paginated<RecipeSummary>>('/api/recipes', { query: { page: 1, perPage: 1, queryFilter: queryFilter || undefined }, toasts: false }),
  exploreList: (groupSlug: string) =>
    api.get<Paginated<CookbookOut>>(explore(groupSlug, '/cookbooks'), { query: { ...all, orderBy: 'position', orderDirection: 'asc' }, toasts: false }),
  exploreGet: (groupSlug: string, idOrSlug: string) => api.get<RecipeCookbookOut>(explore(groupSlug, `/cookbooks/${enc(idOrSlug)}`), { toasts: false }),
};

export const exploreApi = {
  recipes: (groupSlug: string, query: Record<string, QueryValue>) =>
    api.get<Paginated<RecipeSummary>>(explore(groupSlug, '/recipes'), { query, toasts: false }),
  organizers: (groupSlug: string, kind: 'categories' | 'tags' | 'tools') =>
    api.get<Paginated<OrganizerOut | ToolOut>>(explore(groupSlug, `/organizers/${kind}`), { query: { ...all, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
  households: (groupSlug: string) =>
    api.get<Paginated<HouseholdSummary>>(explore(groupSlug, '/households'), { query: { ...all, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
};

export const householdSettingsApi = {
  self: () => api.get<HouseholdOut>('/api/households/self'),
  preferences: () => api.get<HouseholdPreferences>('/api/households/preferences'),
  savePreferences: (body: Partial<Omit<HouseholdPreferences, 'id'>>) => api.put<HouseholdPreferences>('/api/households/preferences', { json: body }),
  statistics: () => api.get<HouseholdStatistics>('/api/households/statistics'),
  invitations: () => api.get<InviteToken[]>('/api/households/invitations'),
  createInvitation: (uses: number) => api.post<InviteToken>('/api/households/invitations', { json: { uses } }),
  emailInvitation: (email: string, token: string) =>
    api.post<{ success: boolean; error: string | null }>('/api/households/invitations/email', { json: { email, token } }),
};

export const groupSettingsApi = {
  self: () => api.get<GroupSummary>('/api/groups/self'),
  preferences: () => api.get<GroupPreferences>('/api/groups/preferences'),
  savePreferences: (body: { privateGroup?: boolean }) => api.put<GroupPreferences>('/api/groups/preferences', { json: body }),
  storage: () => api.get<GroupStorage>('/api/groups/storage'),
  households: () => api.get<Paginated<HouseholdSummary>>('/api/groups/households', { query: { ...all, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
};

export const groupTimelineApi = {
  /** One page of the group's timeline, newest (or oldest) first, only the chosen event types. */
  events: (page: number, perPage: number, ascending: boolean, types: string[]) =>
    api.get<Paginated<TimelineEvent>>('/api/recipes/timeline/events', {
      query: {
        page,
        perPage,
        orderBy: 'timestamp',
        orderDirection: ascending ? 'asc' : 'desc',
        queryFilter: `event_type IN [${types.map((t) => `"${t}"`).join(', ')}]`,
      },
    }),
  /** The recipes the events of a page belong to (names, slugs, images). */
  recipes: (ids: string[]) =>
    api.get<Paginated<RecipeSummary>>('/api/recipes', {
      query: { ...all, queryFilter: `id IN [${ids.map((id) => `"${id}"`).join(', ')}]` },
      toasts: false,
    }),
};
