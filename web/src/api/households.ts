import { api, type QueryValue } from './client';
import type { GroupPreferences, GroupSummary, HouseholdOut, HouseholdPreferences, HouseholdSummary } from '../../../contract/accounts';
import type { CookbookIn, CookbookOut, CookbookUpdate, RecipeCookbookOut } from '../../../contract/cookbooks';
import type { OrganizerOut, ToolOut } from '../../../contract/organizers';
import type { GroupStorage } from '../../../contract/recipe-media';
import type { RecipeSummary } from '../../../contract/recipes';
import type { TimelineEvent } from '../lib/recipe/types';
import type { Paginated } from './types';
import { API, apiPath } from '../../../contract/routes';

/*
 * The households area's calls: cookbooks, household and group settings, invitations, the group timeline and
 * the public explore views of a group. Every call answers { response, error, data } and never throws.
 */

const all = { page: 1, perPage: -1 } as const;
const EXPLORE_ORGANIZERS = {
  categories: API.exploreGroupsByGroupSlugOrganizersCategories,
  tags: API.exploreGroupsByGroupSlugOrganizersTags,
  tools: API.exploreGroupsByGroupSlugOrganizersTools,
} as const;

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
  list: () => api.get<Paginated<CookbookOut>>(API.householdsCookbooks, { query: { ...all, orderBy: 'position', orderDirection: 'asc' } }),
  get: (idOrSlug: string) => api.get<RecipeCookbookOut>(apiPath(API.householdsCookbooksByItemId, { item_id: idOrSlug }), { toasts: false }),
  create: (body: CookbookIn) => api.post<CookbookOut>(API.householdsCookbooks, { json: body }),
  update: (id: string, body: CookbookIn) => api.put<CookbookOut>(apiPath(API.householdsCookbooksByItemId, { item_id: id }), { json: body }),
  /** PUT on the base path: the reorder saves every cookbook's position at once. */
  updateMany: (items: CookbookUpdate[]) => api.put<CookbookOut[]>(API.householdsCookbooks, { json: items }),
  remove: (id: string) => api.delete<CookbookOut>(apiPath(API.householdsCookbooksByItemId, { item_id: id })),
  /** How many recipes a filter selects (the editor's live preview); no toast for a filter still being typed. */
  previewCount: (queryFilter: string) =>
    api.get<Paginated<RecipeSummary>>(API.recipes, { query: { page: 1, perPage: 1, queryFilter: queryFilter || undefined }, toasts: false }),
  exploreList: (groupSlug: string) =>
    api.get<Paginated<CookbookOut>>(apiPath(API.exploreGroupsByGroupSlugCookbooks, { group_slug: groupSlug }), { query: { ...all, orderBy: 'position', orderDirection: 'asc' }, toasts: false }),
  exploreGet: (groupSlug: string, idOrSlug: string) => api.get<RecipeCookbookOut>(apiPath(API.exploreGroupsByGroupSlugCookbooksByItemId, { group_slug: groupSlug, item_id: idOrSlug }), { toasts: false }),
};

export const exploreApi = {
  recipes: (groupSlug: string, query: Record<string, QueryValue>) =>
    api.get<Paginated<RecipeSummary>>(apiPath(API.exploreGroupsByGroupSlugRecipes, { group_slug: groupSlug }), { query, toasts: false }),
  organizers: (groupSlug: string, kind: 'categories' | 'tags' | 'tools') =>
    api.get<Paginated<OrganizerOut | ToolOut>>(apiPath(EXPLORE_ORGANIZERS[kind], { group_slug: groupSlug }), { query: { ...all, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
  households: (groupSlug: string) =>
    api.get<Paginated<HouseholdSummary>>(apiPath(API.exploreGroupsByGroupSlugHouseholds, { group_slug: groupSlug }), { query: { ...all, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
};

export const householdSettingsApi = {
  self: () => api.get<HouseholdOut>(API.householdsSelf),
  preferences: () => api.get<HouseholdPreferences>(API.householdsPreferences),
  savePreferences: (body: Partial<Omit<HouseholdPreferences, 'id'>>) => api.put<HouseholdPreferences>(API.householdsPreferences, { json: body }),
  statistics: () => api.get<HouseholdStatistics>(API.householdsStatistics),
  invitations: () => api.get<InviteToken[]>(API.householdsInvitations),
  createInvitation: (uses: number) => api.post<InviteToken>(API.householdsInvitations, { json: { uses } }),
  emailInvitation: (email: string, token: string) =>
    api.post<{ success: boolean; error: string | null }>(API.householdsInvitationsEmail, { json: { email, token } }),
};

export const groupSettingsApi = {
  self: () => api.get<GroupSummary>(API.groupsSelf),
  preferences: () => api.get<GroupPreferences>(API.groupsPreferences),
  savePreferences: (body: { privateGroup?: boolean }) => api.put<GroupPreferences>(API.groupsPreferences, { json: body }),
  storage: () => api.get<GroupStorage>(API.groupsStorage),
  households: () => api.get<Paginated<HouseholdSummary>>(API.groupsHouseholds, { query: { ...all, orderBy: 'name', orderDirection: 'asc' }, toasts: false }),
};

export const groupTimelineApi = {
  /** One page of the group's timeline, newest (or oldest) first, only the chosen event types. */
  events: (page: number, perPage: number, ascending: boolean, types: string[]) =>
    api.get<Paginated<TimelineEvent>>(API.recipesTimelineEvents, {
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
    api.get<Paginated<RecipeSummary>>(API.recipes, {
      query: { ...all, queryFilter: `id IN [${ids.map((id) => `"${id}"`).join(', ')}]` },
      toasts: false,
    }),
};
