import { api } from './client';
import type { QueryValue } from './client';
import type { FoodIn, FoodOut, UnitIn, UnitOut } from '../../../contract/foods';
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

const all = { page: 1, perPage: -1 } as const;
const enc = encodeURIComponent;

export const appApi = {
  about: () => api.get<AppInfo>('/api/app/about'),
  /** Theme colours; a failure is ignored (no toast). */
  theme: () => api.get<AppTheme>('/api/app/about/theme', { toasts: false }),
  startupInfo: () => api.get<StartupInfo>('/api/app/about/startup-info', { toasts: false }),
};

export const authApi = {
  login: (username: string, password: string, rememberMe: boolean) =>
    api.post<TokenResponse>('/api/auth/token', {
      form: { username, password, remember_me: String(rememberMe) },
    }),
  logout: () => api.post<SuccessResponse>('/api/auth/logout', { toasts: false }),
  oauthCallback: (search: string) => api.get<TokenResponse>(`/api/auth/oauth/callback${search}`),
};

export const userApi = {
  self: () => api.get<UserOut>('/api/users/self', { toasts: false }),
  update: (id: string, body: UserUpdateBody) => api.put<unknown>(`/api/users/${enc(id)}`, { json: body }),
  changePassword: (body: ChangePasswordBody) => api.put<SuccessResponse>('/api/users/password', { json: body }),
  register: (body: RegistrationBody) => api.post<UserOut>('/api/users/register', { json: body }),
  forgotPassword: (email: string) => api.post<unknown>('/api/users/forgot-password', { json: { email } }),
  resetPassword: (body: ResetPasswordBody) => api.post<unknown>('/api/users/reset-password', { json: body }),
  createApiToken: (name: string) => api.post<LongLiveTokenOut>('/api/users/api-tokens', { json: { name } }),
  deleteApiToken: (id: number) => api.delete<unknown>(`/api/users/api-tokens/${id}`),
};

export const validatorApi = {
  userName: (name: string) => api.get<ValidationResponse>('/api/validators/user/name', { query: { name }, toasts: false }),
  userEmail: (email: string) =>
    api.get<ValidationResponse>('/api/validators/user/email', { query: { email }, toasts: false }),
  groupName: (name: string) => api.get<ValidationResponse>('/api/validators/group', { query: { name }, toasts: false }),
};

export const householdApi = {
  members: () =>
    api.get<Paginated<UserOut>>('/api/households/members', {
      query: { ...all, orderBy: 'full_name', orderDirection: 'asc' },
    }),
  setPermissions: (body: SetPermissionsBody) => api.put<UserOut>('/api/households/permissions', { json: body }),
  cookbooks: () =>
    api.get<Paginated<CookbookLink>>('/api/households/cookbooks', {
      query: { ...all, orderBy: 'position', orderDirection: 'asc' },
      toasts: false,
    }),
};

export const adminApi = {
  about: () => api.get<AdminAboutInfo>('/api/admin/about'),
  check: () => api.get<CheckAppConfig>('/api/admin/about/check'),
  statistics: () => api.get<AppStatistics>('/api/admin/about/statistics'),

  users: () => api.get<Paginated<UserOut>>('/api/admin/users', { query: { ...all, orderBy: 'username', orderDirection: 'asc' } }),
  createUser: (body: UserInBody) => api.post<UserOut>('/api/admin/users', { json: body }),
  updateUser: (id: string, body: UserUpdateBody) => api.put<UserOut>(`/api/admin/users/${enc(id)}`, { json: body }),
  deleteUser: (id: string) => api.delete<unknown>(`/api/admin/users/${enc(id)}`),
  unlockUsers: (force = true) => api.post<{ unlocked: number }>('/api/admin/users/unlock', { query: { force } }),
  passwordResetToken: (email: string) =>
    api.post<{ token: string }>('/api/admin/users/password-reset-token', { json: { email } }),

  households: () =>
    api.get<Paginated<HouseholdOut>>('/api/admin/households', { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createHousehold: (body: HouseholdCreateBody) => api.post<HouseholdOut>('/api/admin/households', { json: body }),
  updateHousehold: (id: string, body: HouseholdUpdateBody) =>
    api.put<HouseholdOut>(`/api/admin/households/${enc(id)}`, { json: body }),
  deleteHousehold: (id: string) => api.delete<HouseholdOut>(`/api/admin/households/${enc(id)}`),

  groups: () => api.get<Paginated<GroupOut>>('/api/admin/groups', { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createGroup: (body: GroupCreateBody) => api.post<GroupOut>('/api/admin/groups', { json: body }),
  updateGroup: (id: string, body: GroupUpdateBody) => api.put<GroupOut>(`/api/admin/groups/${enc(id)}`, { json: body }),
  deleteGroup: (id: string) => api.delete<GroupOut>(`/api/admin/groups/${enc(id)}`),
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
  list: (search?: string) => api.get<Paginated<FoodOut>>('/api/foods', { query: dataQuery(search) }),
  create: (body: FoodIn) => api.post<FoodOut>('/api/foods', { json: body }),
  update: (id: string, body: FoodIn) => api.put<FoodOut>(`/api/foods/${enc(id)}`, { json: body }),
  remove: (id: string) => api.delete<FoodOut>(`/api/foods/${enc(id)}`),
  merge: (fromFood: string, toFood: string) => api.put<SuccessResponse>('/api/foods/merge', { json: { fromFood, toFood } }),
};

export const unitApi = {
  list: (search?: string) => api.get<Paginated<UnitOut>>('/api/units', { query: dataQuery(search) }),
  create: (body: UnitIn) => api.post<UnitOut>('/api/units', { json: body }),
  update: (id: string, body: UnitIn) => api.put<UnitOut>(`/api/units/${enc(id)}`, { json: body }),
  remove: (id: string) => api.delete<UnitOut>(`/api/units/${enc(id)}`),
  merge: (fromUnit: string, toUnit: string) => api.put<SuccessResponse>('/api/units/merge', { json: { fromUnit, toUnit } }),
};

export const labelApi = {
  list: (search?: string) => api.get<Paginated<LabelOut>>('/api/groups/labels', { query: dataQuery(search) }),
  create: (body: LabelIn) => api.post<LabelOut>('/api/groups/labels', { json: body }),
  update: (id: string, body: LabelIn) => api.put<LabelOut>(`/api/groups/labels/${enc(id)}`, { json: { ...body, id } }),
  remove: (id: string) => api.delete<LabelOut>(`/api/groups/labels/${enc(id)}`),
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
    api.get<Paginated<RecipeSummary>>('/api/recipes', { query, signal, toasts: false }),
  suggestions: (query: Record<string, QueryValue>) =>
    api.get<{ items: RecipeSuggestion[] }>('/api/recipes/suggestions', { query, toasts: false }),
  /** One recipe by slug or id. */
  get: (slugOrId: string) => api.get<RecipeOut>(`/api/recipes/${enc(slugOrId)}`, { toasts: false }),
  /** The public read of a share link: works signed out. */
  shared: (tokenId: string) => api.get<RecipeOut>(`/api/recipes/shared/${enc(tokenId)}`, { toasts: false }),
  favorites: (userId: string) => api.get<{ ratings: UserRatingOut[] }>(`/api/users/${enc(userId)}/favorites`, { toasts: false }),
  households: () => api.get<Paginated<HouseholdSummary>>('/api/groups/households', { query: byName, toasts: false }),
};

// ---- Recipes: the recipe screens (group home, recipe page, print, create) ----

export const recipeApi = {
  list: (query: Record<string, QueryValue>) => api.get<Paginated<RecipeSummary>>('/api/recipes', { query }),
  /** A missing recipe is the page's to show (not found), so no toast. */
  get: (slug: string) => api.get<RecipeOut>(`/api/recipes/${enc(slug)}`, { toasts: false }),
  /** The public read for visitors from outside the group. */
  exploreGet: (groupSlug: string, slug: string) =>
    api.get<RecipeOut>(`/api/explore/groups/${enc(groupSlug)}/recipes/${enc(slug)}`, { toasts: false }),
  /** POST /api/recipes {name} answers the new slug. */
  create: (name: string) => api.post<string>('/api/recipes', { json: { name } }),
  update: (slug: string, body: RecipeInput | Record<string, unknown>) => api.put<RecipeOut>(`/api/recipes/${enc(slug)}`, { json: body }),
  remove: (slug: string) => api.delete<RecipeOut>(`/api/recipes/${enc(slug)}`),
  duplicate: (slug: string, name: string) => api.post<RecipeOut>(`/api/recipes/${enc(slug)}/duplicate`, { json: { name } }),
  uploadImage: (slug: string, file: File) =>
    sendMultipart<{ image?: string }>('PUT', `/api/recipes/${enc(slug)}/image`, { image: file, extension: fileExtension(file) }),
  uploadAsset: (slug: string, asset: { name: string; icon: string; file: File }) =>
    sendMultipart<unknown>('POST', `/api/recipes/${enc(slug)}/assets`, {
      name: asset.name,
      icon: asset.icon,
      extension: fileExtension(asset.file),
      file: asset.file,
    }),
  /** The spec's POST exports; Mealie itself posts to exports/zip, so that is tried when the first is missing. */
  exportToken: async (slug: string) => {
    const first = await api.post<ExportTokenResponse>(`/api/recipes/${enc(slug)}/exports`, { toasts: false });
    if (first.error?.status !== 404 && first.error?.status !== 405) return first;
    return api.post<ExportTokenResponse>(`/api/recipes/${enc(slug)}/exports/zip`, { toasts: false });
  },
  exportZipUrl: (slug: string, token: string) => `/api/recipes/${enc(slug)}/exports/zip?token=${enc(token)}`,
  comments: (slug: string) => api.get<RecipeComment[]>(`/api/recipes/${enc(slug)}/comments`, { toasts: false }),
  addComment: (recipeId: string, text: string) => api.post<RecipeComment>('/api/comments', { json: { recipeId, text } }),
  deleteComment: (id: string) => api.delete<unknown>(`/api/comments/${enc(id)}`),
  timeline: (recipeId: string) =>
    api.get<Paginated<TimelineEvent>>('/api/recipes/timeline/events', {
      query: { ...all, queryFilter: `recipe_id="${recipeId}"`, orderBy: 'timestamp', orderDirection: 'desc' },
      toasts: false,
    }),
  shareTokens: (recipeId: string) =>
    api.get<RecipeShareToken[] | Paginated<RecipeShareToken>>('/api/shared/recipes', { query: { recipe_id: recipeId }, toasts: false }),
  createShare: (recipeId: string, expiresAt: string) =>
    api.post<RecipeShareToken>('/api/shared/recipes', { json: { recipeId, expiresAt } }),
  deleteShare: (id: string) => api.delete<unknown>(`/api/shared/recipes/${enc(id)}`),
  /** Another household of the group, for its lock-edits preference. */
  household: (idOrSlug: string) => api.get<HouseholdSummary>(`/api/groups/households/${enc(idOrSlug)}`, { toasts: false }),
};

export const ratingApi = {
  self: () => api.get<{ ratings: UserRatingSummary[] }>('/api/users/self/ratings', { toasts: false }),
  set: (userId: string, slug: string, body: { rating?: number | null; isFavorite?: boolean }) =>
    api.post<unknown>(`/api/users/${enc(userId)}/ratings/${enc(slug)}`, { json: body }),
  addFavorite: (userId: string, slug: string) => api.post<unknown>(`/api/users/${enc(userId)}/favorites/${enc(slug)}`),
  removeFavorite: (userId: string, slug: string) => api.delete<unknown>(`/api/users/${enc(userId)}/favorites/${enc(slug)}`),
};

export const recipeActionApi = {
  list: () =>
    api.get<Paginated<RecipeAction>>('/api/households/recipe-actions', {
      query: { ...all, orderBy: 'title', orderDirection: 'asc' },
      toasts: false,
    }),
  trigger: (id: string, slug: string, scaledAmount: number) =>
    api.post<unknown>(`/api/households/recipe-actions/${enc(id)}/trigger/${enc(slug)}`, { json: { scaledAmount }, toasts: false }),
};

// ---- Recipe import, group reports and the ingredient parser (failures are shown by the screens: no toasts) ----

export const recipeImportApi = {
  /** POST /api/recipes/create/url: 201 with the new slug. */
  fromUrl: (url: string, includeTags: boolean) =>
    api.post<string>('/api/recipes/create/url', { json: { url, includeTags }, toasts: false }),
  /** The recipe a URL would give, not saved. */
  testUrl: (url: string) => api.post<ScrapedRecipeOut>('/api/recipes/test-scrape-url', { json: { url }, toasts: false }),
  /** 202 with the id of the bulk_import report that follows the work. */
  bulk: (urls: readonly string[]) =>
    api.post<{ reportId: string }>('/api/recipes/create/url/bulk', { json: { imports: urls.map((url) => ({ url })) }, toasts: false }),
  fromHtmlOrJson: (data: string, includeTags: boolean, url?: string) =>
    api.post<string>('/api/recipes/create/html-or-json', { json: { data, includeTags, url: url || undefined }, toasts: false }),
  fromZip: (archive: File, onProgress?: UploadProgressHandler) =>
    sendMultipartWithProgress<string>('POST', '/api/recipes/create/zip', [['archive', archive]], { onProgress }),
  fromImages: (images: readonly File[], options: { translateLanguage?: string; onProgress?: UploadProgressHandler } = {}) =>
    sendMultipartWithProgress<string>(
      'POST',
      '/api/recipes/create/image',
      [...images.map((file) => ['images', file] as const), ['extension', images[0] ? fileExtension(images[0]) : '']],
      { query: { translateLanguage: options.translateLanguage }, onProgress: options.onProgress },
    ),
};

export const reportApi = {
  list: (reportType?: ReportCategory) =>
    api.get<ReportSummary[]>('/api/groups/reports', { query: { report_type: reportType }, toasts: false }),
  get: (id: string) => api.get<ReportOut>(`/api/groups/reports/${enc(id)}`, { toasts: false }),
};

export const parserApi = {
  ingredients: (parser: RegisteredParser, ingredients: readonly string[]) =>
    api.post<ParsedIngredientOut[]>('/api/parser/ingredients', { json: { parser, ingredients }, toasts: false }),
};

/** The avatar of a user (served publicly). */
export function avatarUrl(user: Pick<UserOut, 'id' | 'cacheKey'>): string {
  return `/api/media/users/${enc(user.id)}/profile.webp?cacheKey=${enc(user.cacheKey ?? '')}`;
}
