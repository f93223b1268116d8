/**
 * Route table rows of the households area: cookbooks, household and group settings, invitations and the
 * public explore views of a group. Spread into ROUTES (contract/route-table.ts).
 */
import type { z } from 'zod';
import { route, type AnyQuery } from './route-table-row.js';
import type {
  emailInvitationResponse, GroupPreferences, GroupSummary, HouseholdOut, HouseholdPreferences, householdStatistics, HouseholdSummary, inviteTokenOut,
} from './accounts.js';
import type { Paginated } from './common.js';
import type { CookbookIn, CookbookOut, CookbookUpdate, RecipeCookbookOut } from './cookbooks.js';
import type { OrganizerOut, ToolOut } from './organizers.js';
import type { GroupStorage } from './recipe-media.js';
import type { RecipeSummary } from './recipes.js';
import { API } from './routes.js';

export type HouseholdStatistics = z.infer<typeof householdStatistics>;
export type InviteToken = z.infer<typeof inviteTokenOut>;
export type EmailInvitationResponse = z.infer<typeof emailInvitationResponse>;
/** PUT /api/households/preferences takes any of the preferences (Mealie's UpdateHouseholdPreferences). */
export type HouseholdPreferencesIn = Partial<Omit<HouseholdPreferences, 'id'>>;

export const householdRoutes = {
  cookbook: route('GET', API.householdsCookbooksByItemId).returns<RecipeCookbookOut>(),
  cookbookCreate: route('POST', API.householdsCookbooks).returns<CookbookOut, CookbookIn>(),
  cookbookUpdate: route('PUT', API.householdsCookbooksByItemId).returns<CookbookOut, CookbookIn>(),
  /** PUT on the base path: the reorder saves every cookbook's position at once. */
  cookbooksUpdateMany: route('PUT', API.householdsCookbooks).returns<CookbookOut[], CookbookUpdate[]>(),
  cookbookDelete: route('DELETE', API.householdsCookbooksByItemId).returns<CookbookOut>(),

  exploreCookbooks: route('GET', API.exploreGroupsByGroupSlugCookbooks).returns<Paginated<CookbookOut>, undefined, AnyQuery>(),
  exploreCookbook: route('GET', API.exploreGroupsByGroupSlugCookbooksByItemId).returns<RecipeCookbookOut>(),
  exploreRecipes: route('GET', API.exploreGroupsByGroupSlugRecipes).returns<Paginated<RecipeSummary>, undefined, AnyQuery>(),
  exploreCategories: route('GET', API.exploreGroupsByGroupSlugOrganizersCategories).returns<Paginated<OrganizerOut>, undefined, AnyQuery>(),
  exploreTags: route('GET', API.exploreGroupsByGroupSlugOrganizersTags).returns<Paginated<OrganizerOut>, undefined, AnyQuery>(),
  exploreTools: route('GET', API.exploreGroupsByGroupSlugOrganizersTools).returns<Paginated<ToolOut>, undefined, AnyQuery>(),
  exploreHouseholds: route('GET', API.exploreGroupsByGroupSlugHouseholds).returns<Paginated<HouseholdSummary>, undefined, AnyQuery>(),

  householdSelf: route('GET', API.householdsSelf).returns<HouseholdOut>(),
  householdPreferences: route('GET', API.householdsPreferences).returns<HouseholdPreferences>(),
  householdPreferencesUpdate: route('PUT', API.householdsPreferences).returns<HouseholdPreferences, HouseholdPreferencesIn>(),
  householdStatistics: route('GET', API.householdsStatistics).returns<HouseholdStatistics>(),
  invitations: route('GET', API.householdsInvitations).returns<InviteToken[]>(),
  invitationCreate: route('POST', API.householdsInvitations).returns<InviteToken, { uses: number }>(),
  invitationEmail: route('POST', API.householdsInvitationsEmail).returns<EmailInvitationResponse, { email: string; token: string }>(),

  groupSelf: route('GET', API.groupsSelf).returns<GroupSummary>(),
  groupPreferences: route('GET', API.groupsPreferences).returns<GroupPreferences>(),
  groupPreferencesUpdate: route('PUT', API.groupsPreferences).returns<GroupPreferences, { privateGroup?: boolean }>(),
  groupStorage: route('GET', API.groupsStorage).returns<GroupStorage>(),
} as const;
