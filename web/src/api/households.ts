import { call, type QueryValue } from './client';
import type { CookbookIn, CookbookUpdate } from '../../../contract/cookbooks';
import type { HouseholdPreferencesIn, HouseholdStatistics, InviteToken } from '../../../contract/route-table-households';
import { ROUTES } from '../../../contract/route-table';

export type { HouseholdStatistics, InviteToken };

/*
 * The households area's calls: cookbooks, household and group settings, invitations, the group timeline and
 * the public explore views of a group. Every call answers { response, error, data } and never throws.
 */

const all = { page: 1, perPage: -1 } as const;
const byName = { ...all, orderBy: 'name', orderDirection: 'asc' } as const;
const byPosition = { ...all, orderBy: 'position', orderDirection: 'asc' } as const;
const EXPLORE_ORGANIZERS = {
  categories: ROUTES.exploreCategories,
  tags: ROUTES.exploreTags,
  tools: ROUTES.exploreTools,
} as const;

export const cookbookApi = {
  list: () => call(ROUTES.householdCookbooks, { query: byPosition }),
  get: (idOrSlug: string) => call(ROUTES.cookbook, { params: { item_id: idOrSlug }, toasts: false }),
  create: (body: CookbookIn) => call(ROUTES.cookbookCreate, { json: body }),
  update: (id: string, body: CookbookIn) => call(ROUTES.cookbookUpdate, { params: { item_id: id }, json: body }),
  /** PUT on the base path: the reorder saves every cookbook's position at once. */
  updateMany: (items: CookbookUpdate[]) => call(ROUTES.cookbooksUpdateMany, { json: items }),
  remove: (id: string) => call(ROUTES.cookbookDelete, { params: { item_id: id } }),
  /** How many recipes a filter selects (the editor's live preview); no toast for a filter still being typed. */
  previewCount: (queryFilter: string) =>
    call(ROUTES.recipes, { query: { page: 1, perPage: 1, queryFilter: queryFilter || undefined }, toasts: false }),
  exploreList: (groupSlug: string) => call(ROUTES.exploreCookbooks, { params: { group_slug: groupSlug }, query: byPosition, toasts: false }),
  exploreGet: (groupSlug: string, idOrSlug: string) =>
    call(ROUTES.exploreCookbook, { params: { group_slug: groupSlug, item_id: idOrSlug }, toasts: false }),
};

export const exploreApi = {
  recipes: (groupSlug: string, query: Record<string, QueryValue>) =>
    call(ROUTES.exploreRecipes, { params: { group_slug: groupSlug }, query, toasts: false }),
  organizers: (groupSlug: string, kind: 'categories' | 'tags' | 'tools') =>
    call(EXPLORE_ORGANIZERS[kind], { params: { group_slug: groupSlug }, query: byName, toasts: false }),
  households: (groupSlug: string) => call(ROUTES.exploreHouseholds, { params: { group_slug: groupSlug }, query: byName, toasts: false }),
};

export const householdSettingsApi = {
  self: () => call(ROUTES.householdSelf),
  preferences: () => call(ROUTES.householdPreferences),
  savePreferences: (body: HouseholdPreferencesIn) => call(ROUTES.householdPreferencesUpdate, { json: body }),
  statistics: () => call(ROUTES.householdStatistics),
  invitations: () => call(ROUTES.invitations),
  createInvitation: (uses: number) => call(ROUTES.invitationCreate, { json: { uses } }),
  emailInvitation: (email: string, token: string) => call(ROUTES.invitationEmail, { json: { email, token } }),
};

export const groupSettingsApi = {
  self: () => call(ROUTES.groupSelf),
  preferences: () => call(ROUTES.groupPreferences),
  savePreferences: (body: { privateGroup?: boolean }) => call(ROUTES.groupPreferencesUpdate, { json: body }),
  storage: () => call(ROUTES.groupStorage),
  households: () => call(ROUTES.groupHouseholds, { query: byName, toasts: false }),
};

export const groupTimelineApi = {
  /** One page of the group's timeline, newest (or oldest) first, only the chosen event types. */
  events: (page: number, perPage: number, ascending: boolean, types: string[]) =>
    call(ROUTES.timelineEvents, {
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
    call(ROUTES.recipes, {
      query: { ...all, queryFilter: `id IN [${ids.map((id) => `"${id}"`).join(', ')}]` },
      toasts: false,
    }),
};
