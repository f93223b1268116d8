import { api } from './client';
import type { QueryValue } from './client';
import type { FoodIn, FoodOut, ReferenceSuggestions, UnitIn, UnitOut } from '../../../contract/foods';

export type { ReferenceSuggestions };
import type { LabelIn, LabelOut, SeederKind } from '../../../contract/labels';
import type { OrganizerIn, OrganizerKind, OrganizerOut, ToolIn, ToolOut } from '../../../contract/organizers';
import type { RecipeOut, RecipeSummary } from '../../../contract/recipes';
import type { HouseholdSummary } from '../../../contract/accounts';
import type { RecipeInput } from '../../../contract/recipes';
import { fileExtension, sendMultipart } from '../lib/recipe/upload';
import type { ScrapedRecipeOut } from '../../../contract/import';
import type { ParsedIngredientOut, RegisteredParser } from '../../../contract/parser';
import type { ReportCategory, ReportOut, ReportSummary } from '../../../contract/reports';
import { sendMultipartWithProgress, type UploadProgressHandler } from './multipart';
import type {
  ExportTokenResponse,
  RecipeAction,
  RecipeComment,
  RecipeShareToken,
  TimelineEvent,
  UserRatingSummary,
} from '../lib/recipe/types';
import type {
  AdminAboutInfo,
  AppInfo,
  AppStatistics,
  AppTheme,
  ChangePasswordBody,
  CheckAppConfig,
  CookbookLink,
  GroupCreateBody,
  GroupOut,
  GroupUpdateBody,
  HouseholdCreateBody,
  HouseholdOut,
  HouseholdUpdateBody,
  LongLiveTokenOut,
  Paginated,
  RegistrationBody,
  ResetPasswordBody,
  SetPermissionsBody,
  StartupInfo,
  SuccessResponse,
  TokenResponse,
  UserInBody,
  UserOut,
  UserUpdateBody,
  ValidationResponse,
} from './types';
import { API, apiPath } from '../../../contract/routes';

const all = { page: 1, perPage: -1 } as const;
const enc = encodeURIComponent;

export const appApi = {
  about: () => api.get<AppInfo>(API.appAbout),
  /** Theme colours; a failure is ignored (no toast). */
  theme: () => api.get<AppTheme>(API.appAboutTheme, { toasts: false }),
  startupInfo: () => api.get<StartupInfo>(API.appAboutStartupInfo, { toasts: false }),
};

export const authApi = {
  login: (username: string, password: string, rememberMe: boolean) =>
    api.post<TokenResponse>(API.authToken, {
      form: { username, password, remember_me: String(rememberMe) },
    }),
  logout: () => api.post<SuccessResponse>(API.authLogout, { toasts: false }),
  oauthCallback: (search: string) => api.get<TokenResponse>(`/api/auth/oauth/callback${search}`),
};

export const userApi = {
  self: () => api.get<UserOut>(API.usersSelf, { toasts: false }),
  update: (id: string, body: UserUpdateBody) => api.put<UserOut>(apiPath(API.usersByItemId, { item_id: id }), { json: body }),
  // The form confirms a change itself (in the user's language) and shows a wrong current password at its field.
  changePassword: (body: ChangePasswordBody) => api.put<SuccessResponse>(API.usersPassword, { json: body, toasts: false }),
  register: (body: RegistrationBody) => api.post<UserOut>(API.usersRegister, { json: body }),
  forgotPassword: (email: string) => api.post<null>(API.usersForgotPassword, { json: { email } }),
  resetPassword: (body: ResetPasswordBody) => api.post<SuccessResponse>(API.usersResetPassword, { json: body }),
  createApiToken: (name: string) => api.post<LongLiveTokenOut>(API.usersApiTokens, { json: { name } }),
  deleteApiToken: (id: number) => api.delete<unknown>(apiPath(API.usersApiTokensByTokenId, { token_id: id })),
};

export const validatorApi = {
  userName: (name: string) => api.get<ValidationResponse>(API.validatorsUserName, { query: { name }, toasts: false }),
  userEmail: (email: string) =>
    api.get<ValidationResponse>(API.validatorsUserEmail, { query: { email }, toasts: false }),
  groupName: (name: string) => api.get<ValidationResponse>(API.validatorsGroup, { query: { name }, toasts: false }),
};

export const householdApi = {
  members: () =>
    api.get<Paginated<UserOut>>(API.householdsMembers, {
      query: { ...all, orderBy: 'full_name', orderDirection: 'asc' },
    }),
  setPermissions: (body: SetPermissionsBody) => api.put<UserOut>(API.householdsPermissions, { json: body }),
  cookbooks: () =>
    api.get<Paginated<CookbookLink>>(API.householdsCookbooks, {
      query: { ...all, orderBy: 'position', orderDirection: 'asc' },
      toasts: false,
    }),
};

export const adminApi = {
  about: () => api.get<AdminAboutInfo>(API.adminAbout),
  check: () => api.get<CheckAppConfig>(API.adminAboutCheck),
  statistics: () => api.get<AppStatistics>(API.adminAboutStatistics),

  users: () => api.get<Paginated<UserOut>>(API.adminUsers, { query: { ...all, orderBy: 'username', orderDirection: 'asc' } }),
  createUser: (body: UserInBody) => api.post<UserOut>(API.adminUsers, { json: body }),
  updateUser: (id: string, body: UserUpdateBody) => api.put<UserOut>(apiPath(API.adminUsersByItemId, { item_id: id }), { json: body }),
  deleteUser: (id: string) => api.delete<UserOut>(apiPath(API.adminUsersByItemId, { item_id: id })),
  unlockUsers: (force = true) => api.post<{ unlocked: number }>(API.adminUsersUnlock, { query: { force } }),
  passwordResetToken: (email: string) =>
    api.post<{ token: string }>(API.adminUsersPasswordResetToken, { json: { email } }),

  households: () =>
    api.get<Paginated<HouseholdOut>>(API.adminHouseholds, { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createHousehold: (body: HouseholdCreateBody) => api.post<HouseholdOut>(API.adminHouseholds, { json: body }),
  updateHousehold: (id: string, body: HouseholdUpdateBody) =>
    api.put<HouseholdOut>(apiPath(API.adminHouseholdsByItemId, { item_id: id }), { json: body }),
  deleteHousehold: (id: string) => api.delete<HouseholdOut>(apiPath(API.adminHouseholdsByItemId, { item_id: id })),

  groups: () => api.get<Paginated<GroupOut>>(API.adminGroups, { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createGroup: (body: GroupCreateBody) => api.post<GroupOut>(API.adminGroups, { json: body }),
  updateGroup: (id: string, body: GroupUpdateBody) => api.put<GroupOut>(apiPath(API.adminGroupsByItemId, { item_id: id }), { json: body }),
  deleteGroup: (id: string) => api.delete<GroupOut>(apiPath(API.adminGroupsByItemId, { item_id: id })),
};

// ---- Organizers, data pages (foods, units, labels, seeders) and recipe search ----

/** Organizer lists: the whole group's, by name (the screens filter on the client). */
const byName = { ...all, orderBy: 'name', orderDirection: 'asc' } as const;

export const organizerApi = {
  list: <K extends OrganizerKind>(kind: K) =>
    api.get<Paginated<K extends 'tools' ? ToolOut : OrganizerOut>>(`/api/organizers/${kind}`, { query: byName }),
  bySlug: <K extends OrganizerKind>(kind: K, slug: string) =>
    api.get<K extends 'tools' ? ToolOut : OrganizerOut>(`/api/organizers/${kind}/slug/${enc(slug)}`, { toasts: false }),
  create: (kind: OrganizerKind, body: OrganizerIn | ToolIn) => api.post<OrganizerOut>(`/api/organizers/${kind}`, { json: body }),
  update: (kind: OrganizerKind, id: string, body: OrganizerIn | ToolIn) =>
    api.put<OrganizerOut>(`/api/organizers/${kind}/${enc(id)}`, { json: body }),
  remove: (kind: OrganizerKind, id: string) => api.delete<OrganizerOut>(`/api/organizers/${kind}/${enc(id)}`),
};

/** Data-page lists: server-side `search`, by name. */
const dataQuery = (search?: string) => ({ ...byName, search: search?.trim() || undefined });

export const foodApi = {
  list: (search?: string) => api.get<Paginated<FoodOut>>(API.foods, { query: dataQuery(search) }),
  create: (body: FoodIn) => api.post<FoodOut>(API.foods, { json: body }),
  update: (id: string, body: FoodIn) => api.put<FoodOut>(apiPath(API.foodsByItemId, { item_id: id }), { json: body }),
  remove: (id: string) => api.delete<FoodOut>(apiPath(API.foodsByItemId, { item_id: id })),
  merge: (fromFood: string, toFood: string) => api.put<SuccessResponse>(API.foodsMerge, { json: { fromFood, toFood } }),
  /** USDA SR26 reference foods by name, and what a food's name suggests (Hearth). */
  referenceFoods: (search: string) => api.get<ReferenceSuggestions>(API.foodsReferenceFoods, { query: { search }, toasts: false }),
  referenceSuggestions: (id: string) => api.get<ReferenceSuggestions>(apiPath(API.foodsByItemIdReferenceSuggestions, { item_id: id }), { toasts: false }),
};

export const unitApi = {
  list: (search?: string) => api.get<Paginated<UnitOut>>(API.units, { query: dataQuery(search) }),
  create: (body: UnitIn) => api.post<UnitOut>(API.units, { json: body }),
  update: (id: string, body: UnitIn) => api.put<UnitOut>(apiPath(API.unitsByItemId, { item_id: id }), { json: body }),
  remove: (id: string) => api.delete<UnitOut>(apiPath(API.unitsByItemId, { item_id: id })),
  merge: (fromUnit: string, toUnit: string) => api.put<SuccessResponse>(API.unitsMerge, { json: { fromUnit, toUnit } }),
};

export const labelApi = {
  list: (search?: string) => api.get<Paginated<LabelOut>>(API.groupsLabels, { query: dataQuery(search) }),
  create: (body: LabelIn) => api.post<LabelOut>(API.groupsLabels, { json: body }),
  update: (id: string, body: LabelIn) => api.put<LabelOut>(apiPath(API.groupsLabelsByItemId, { item_id: id }), { json: { ...body, id } }),
  remove: (id: string) => api.delete<LabelOut>(apiPath(API.groupsLabelsByItemId, { item_id: id })),
};

export const seederApi = {
  seed: (kind: SeederKind, locale: string) => api.post<SuccessResponse>(`/api/groups/seeders/${kind}`, { json: { locale } }),
};

/** GET /api/recipes/suggestions (a later Mealie): each recipe with the foods and tools still missing. */
export interface RecipeSuggestion {
  recipe: RecipeSummary;
  missingFoods: FoodOut[];
  missingTools: ToolOut[];
}

/** One entry of Mealie's UserRatings: the favourites list names recipes by id. */
export interface UserRatingOut {
  recipeId: string;
  rating: number | null;
  isFavorite: boolean;
}

export const recipeSearchApi = {
  /** GET /api/recipes with any list query (search, filters, order); failures are the caller's to show. */
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<Paginated<RecipeSummary>>(API.recipes, { query, signal, toasts: false }),
  suggestions: (query: Record<string, QueryValue>) =>
    api.get<{ items: RecipeSuggestion[] }>(API.recipesSuggestions, { query, toasts: false }),
  /** One recipe by slug or id. */
  get: (slugOrId: string) => api.get<RecipeOut>(apiPath(API.recipesBySlug, { slug: slugOrId }), { toasts: false }),
  /** The public read of a share link: works signed out. */
  shared: (tokenId: string) => api.get<RecipeOut>(apiPath(API.recipesSharedByTokenId, { token_id: tokenId }), { toasts: false }),
  favorites: (userId: string) => api.get<{ ratings: UserRatingOut[] }>(apiPath(API.usersByItemIdFavorites, { item_id: userId }), { toasts: false }),
  households: () => api.get<Paginated<HouseholdSummary>>(API.groupsHouseholds, { query: byName, toasts: false }),
};

// ---- Recipes: the recipe screens (group home, recipe page, print, create) ----

export const recipeApi = {
  list: (query: Record<string, QueryValue>) => api.get<Paginated<RecipeSummary>>(API.recipes, { query }),
  /** A missing recipe is the page's to show (not found), so no toast. */
  get: (slug: string) => api.get<RecipeOut>(apiPath(API.recipesBySlug, { slug }), { toasts: false }),
  /** The public read for visitors from outside the group. */
  exploreGet: (groupSlug: string, slug: string) =>
    api.get<RecipeOut>(apiPath(API.exploreGroupsByGroupSlugRecipesByRecipeSlug, { group_slug: groupSlug, recipe_slug: slug }), { toasts: false }),
  /** POST /api/recipes {name} answers the new slug. */
  create: (name: string) => api.post<string>(API.recipes, { json: { name } }),
  update: (slug: string, body: RecipeInput | Record<string, unknown>) => api.put<RecipeOut>(apiPath(API.recipesBySlug, { slug }), { json: body }),
  remove: (slug: string) => api.delete<RecipeOut>(apiPath(API.recipesBySlug, { slug })),
  duplicate: (slug: string, name: string) => api.post<RecipeOut>(apiPath(API.recipesBySlugDuplicate, { slug }), { json: { name } }),
  uploadImage: (slug: string, file: File) =>
    sendMultipart<{ image?: string }>('PUT', apiPath(API.recipesBySlugImage, { slug }), { image: file, extension: fileExtension(file) }),
  uploadAsset: (slug: string, asset: { name: string; icon: string; file: File }) =>
    sendMultipart<unknown>('POST', apiPath(API.recipesBySlugAssets, { slug }), {
      name: asset.name,
      icon: asset.icon,
      extension: fileExtension(asset.file),
      file: asset.file,
    }),
  /** The spec's POST exports; Mealie itself posts to exports/zip, so that is tried when the first is missing. */
  exportToken: async (slug: string) => {
    const first = await api.post<ExportTokenResponse>(apiPath(API.recipesBySlugExports, { slug }), { toasts: false });
    if (first.error?.status !== 404 && first.error?.status !== 405) return first;
    return api.post<ExportTokenResponse>(apiPath(API.recipesBySlugExportsZip, { slug }), { toasts: false });
  },
  exportZipUrl: (slug: string, token: string) => `/api/recipes/${enc(slug)}/exports/zip?token=${enc(token)}`,
  comments: (slug: string) => api.get<RecipeComment[]>(apiPath(API.recipesBySlugComments, { slug }), { toasts: false }),
  addComment: (recipeId: string, text: string) => api.post<RecipeComment>(API.comments, { json: { recipeId, text } }),
  deleteComment: (id: string) => api.delete<SuccessResponse>(apiPath(API.commentsByItemId, { item_id: id })),
  timeline: (recipeId: string) =>
    api.get<Paginated<TimelineEvent>>(API.recipesTimelineEvents, {
      query: { ...all, queryFilter: `recipe_id="${recipeId}"`, orderBy: 'timestamp', orderDirection: 'desc' },
      toasts: false,
    }),
  shareTokens: (recipeId: string) =>
    api.get<RecipeShareToken[] | Paginated<RecipeShareToken>>(API.sharedRecipes, { query: { recipe_id: recipeId }, toasts: false }),
  createShare: (recipeId: string, expiresAt: string) =>
    api.post<RecipeShareToken>(API.sharedRecipes, { json: { recipeId, expiresAt } }),
  deleteShare: (id: string) => api.delete<RecipeShareToken>(apiPath(API.sharedRecipesByItemId, { item_id: id })),
  /** Another household of the group, for its lock-edits preference. */
  household: (idOrSlug: string) => api.get<HouseholdSummary>(apiPath(API.groupsHouseholdsByHouseholdSlug, { household_slug: idOrSlug }), { toasts: false }),
};

export const ratingApi = {
  self: () => api.get<{ ratings: UserRatingSummary[] }>(API.usersSelfRatings, { toasts: false }),
  set: (userId: string, slug: string, body: { rating?: number | null; isFavorite?: boolean }) =>
    api.post<unknown>(apiPath(API.usersByItemIdRatingsBySlug, { item_id: userId, slug }), { json: body }),
  addFavorite: (userId: string, slug: string) => api.post<null>(apiPath(API.usersByItemIdFavoritesBySlug, { item_id: userId, slug })),
  removeFavorite: (userId: string, slug: string) => api.delete<null>(apiPath(API.usersByItemIdFavoritesBySlug, { item_id: userId, slug })),
};

export const recipeActionApi = {
  list: () =>
    api.get<Paginated<RecipeAction>>(API.householdsRecipeActions, {
      query: { ...all, orderBy: 'title', orderDirection: 'asc' },
      toasts: false,
    }),
  trigger: (id: string, slug: string, scaledAmount: number) =>
    api.post<unknown>(apiPath(API.householdsRecipeActionsByItemIdTriggerByRecipeSlug, { item_id: id, recipe_slug: slug }), { json: { scaledAmount }, toasts: false }),
};

// ---- Recipe import, group reports and the ingredient parser (failures are shown by the screens: no toasts) ----

export const recipeImportApi = {
  /** POST /api/recipes/create/url: 201 with the new slug. */
  fromUrl: (url: string, includeTags: boolean) =>
    api.post<string>(API.recipesCreateUrl, { json: { url, includeTags }, toasts: false }),
  /** The recipe a URL would give, not saved. */
  testUrl: (url: string) => api.post<ScrapedRecipeOut>(API.recipesTestScrapeUrl, { json: { url }, toasts: false }),
  /** 202 with the id of the bulk_import report that follows the work. */
  bulk: (urls: readonly string[]) =>
    api.post<{ reportId: string }>(API.recipesCreateUrlBulk, { json: { imports: urls.map((url) => ({ url })) }, toasts: false }),
  fromHtmlOrJson: (data: string, includeTags: boolean, url?: string) =>
    api.post<string>(API.recipesCreateHtmlOrJson, { json: { data, includeTags, url: url || undefined }, toasts: false }),
  fromZip: (archive: File, onProgress?: UploadProgressHandler) =>
    sendMultipartWithProgress<string>('POST', API.recipesCreateZip, [['archive', archive]], { onProgress }),
  fromImages: (images: readonly File[], options: { translateLanguage?: string; onProgress?: UploadProgressHandler } = {}) =>
    sendMultipartWithProgress<string>(
      'POST',
      API.recipesCreateImage,
      [...images.map((file) => ['images', file] as const), ['extension', images[0] ? fileExtension(images[0]) : '']],
      { query: { translateLanguage: options.translateLanguage }, onProgress: options.onProgress },
    ),
};

export const reportApi = {
  list: (reportType?: ReportCategory) =>
    api.get<ReportSummary[]>(API.groupsReports, { query: { report_type: reportType }, toasts: false }),
  get: (id: string) => api.get<ReportOut>(apiPath(API.groupsReportsByItemId, { item_id: id }), { toasts: false }),
};

export const parserApi = {
  ingredients: (parser: RegisteredParser, ingredients: readonly string[]) =>
    api.post<ParsedIngredientOut[]>(API.parserIngredients, { json: { parser, ingredients }, toasts: false }),
};

/** The avatar of a user (served publicly). */
export function avatarUrl(user: Pick<UserOut, 'id' | 'cacheKey'>): string {
  return `/api/media/users/${enc(user.id)}/profile.webp?cacheKey=${enc(user.cacheKey ?? '')}`;
}
