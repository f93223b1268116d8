import type { z } from 'zod';
import { buildUrl, call, type ApiResult } from './client';
import type { recipeSuggestionItem } from '../../../contract/recipes';
import type { QueryValue } from './client';
import type { FoodIn, ReferenceSuggestions, UnitIn } from '../../../contract/foods';

export type { ReferenceSuggestions };
import type { LabelIn, SeederKind } from '../../../contract/labels';
import type { OrganizerIn, OrganizerKind, OrganizerOut, ToolIn, ToolOut } from '../../../contract/organizers';
import type { RecipeInput } from '../../../contract/recipes';
import { fileExtension } from '../lib/recipe/upload';
import type { RegisteredParser } from '../../../contract/parser';
import type { ReportCategory } from '../../../contract/reports';
import { sendMultipart, type UploadProgressHandler } from './multipart';
import type {
  ChangePasswordBody,
  GroupCreateBody,
  GroupUpdateBody,
  HouseholdCreateBody,
  HouseholdUpdateBody,
  Paginated,
  RegistrationBody,
  ResetPasswordBody,
  SetPermissionsBody,
  UserInBody,
  UserOut,
  UserUpdateBody,
} from './types';
import { API, apiPath } from '../../../contract/routes';
import { ROUTES } from '../../../contract/route-table';

const all = { page: 1, perPage: -1 } as const;

export const appApi = {
  about: () => call(ROUTES.appAbout),
  /** Theme colours; a failure is ignored (no toast). */
  theme: () => call(ROUTES.appTheme, { toasts: false }),
  startupInfo: () => call(ROUTES.appStartupInfo, { toasts: false }),
};

export const authApi = {
  login: (username: string, password: string, rememberMe: boolean) =>
    // The login form shows every failure itself (wrong password, locked, too many attempts): no toast besides.
    call(ROUTES.authToken, {
      form: { username, password, remember_me: String(rememberMe) },
      toasts: false,
    }),
  logout: () => call(ROUTES.authLogout, { toasts: false }),
  /** `search`: the provider's redirect query (code, state…), passed on as it came. */
  oauthCallback: (search: string) => call(ROUTES.authOauthCallback, { query: Object.fromEntries(new URLSearchParams(search)) }),
};

export const userApi = {
  self: () => call(ROUTES.usersSelf, { toasts: false }),
  update: (id: string, body: UserUpdateBody) => call(ROUTES.userUpdate, { params: { item_id: id }, json: body }),
  // The form confirms a change itself (in the user's language) and shows a wrong current password at its field.
  changePassword: (body: ChangePasswordBody) => call(ROUTES.userPassword, { json: body, toasts: false }),
  register: (body: RegistrationBody) => call(ROUTES.userRegister, { json: body }),
  forgotPassword: (email: string) => call(ROUTES.userForgotPassword, { json: { email } }),
  resetPassword: (body: ResetPasswordBody) => call(ROUTES.userResetPassword, { json: body }),
  createApiToken: (name: string) => call(ROUTES.userApiTokenCreate, { json: { name } }),
  deleteApiToken: (id: number) => call(ROUTES.userApiTokenDelete, { params: { token_id: id } }),
};

export const validatorApi = {
  userName: (name: string) => call(ROUTES.validateUserName, { query: { name }, toasts: false }),
  userEmail: (email: string) =>
    call(ROUTES.validateUserEmail, { query: { email }, toasts: false }),
  groupName: (name: string) => call(ROUTES.validateGroup, { query: { name }, toasts: false }),
};

export const householdApi = {
  members: () =>
    call(ROUTES.householdMembers, {
      query: { ...all, orderBy: 'full_name', orderDirection: 'asc' },
    }),
  setPermissions: (body: SetPermissionsBody) => call(ROUTES.householdPermissions, { json: body }),
  cookbooks: () =>
    call(ROUTES.householdCookbooks, {
      query: { ...all, orderBy: 'position', orderDirection: 'asc' },
      toasts: false,
    }),
};

export const adminApi = {
  about: () => call(ROUTES.adminAbout),
  check: () => call(ROUTES.adminCheck),
  statistics: () => call(ROUTES.adminStatistics),

  users: () => call(ROUTES.adminUsers, { query: { ...all, orderBy: 'username', orderDirection: 'asc' } }),
  createUser: (body: UserInBody) => call(ROUTES.adminUserCreate, { json: body }),
  updateUser: (id: string, body: UserUpdateBody) => call(ROUTES.adminUserUpdate, { params: { item_id: id }, json: body }),
  deleteUser: (id: string) => call(ROUTES.adminUserDelete, { params: { item_id: id } }),
  unlockUsers: (force = true) => call(ROUTES.adminUsersUnlock, { query: { force } }),
  passwordResetToken: (email: string) =>
    call(ROUTES.adminPasswordResetToken, { json: { email } }),

  households: () =>
    call(ROUTES.adminHouseholds, { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createHousehold: (body: HouseholdCreateBody) => call(ROUTES.adminHouseholdCreate, { json: body }),
  updateHousehold: (id: string, body: HouseholdUpdateBody) =>
    call(ROUTES.adminHouseholdUpdate, { params: { item_id: id }, json: body }),
  deleteHousehold: (id: string) => call(ROUTES.adminHouseholdDelete, { params: { item_id: id } }),

  groups: () => call(ROUTES.adminGroups, { query: { ...all, orderBy: 'name', orderDirection: 'asc' } }),
  createGroup: (body: GroupCreateBody) => call(ROUTES.adminGroupCreate, { json: body }),
  updateGroup: (id: string, body: GroupUpdateBody) => call(ROUTES.adminGroupUpdate, { params: { item_id: id }, json: body }),
  deleteGroup: (id: string) => call(ROUTES.adminGroupDelete, { params: { item_id: id } }),
};

// ---- Organizers, data pages (foods, units, labels, seeders) and recipe search ----

/** Organizer lists: the whole group's, by name (the screens filter on the client). */
const byName = { ...all, orderBy: 'name', orderDirection: 'asc' } as const;

/** The route table's rows of each organizer kind. */
const ORGANIZER_ROUTES = { categories: ROUTES.categories, tags: ROUTES.tags, tools: ROUTES.tools } as const satisfies Record<OrganizerKind, unknown>;

export const organizerApi = {
  list: <K extends OrganizerKind>(kind: K) =>
    call(ORGANIZER_ROUTES[kind].list, { query: byName }) as Promise<ApiResult<Paginated<K extends 'tools' ? ToolOut : OrganizerOut>>>,
  bySlug: <K extends OrganizerKind>(kind: K, slug: string) =>
    call(ORGANIZER_ROUTES[kind].bySlug, { params: { slug }, toasts: false }) as Promise<ApiResult<K extends 'tools' ? ToolOut : OrganizerOut>>,
  create: (kind: OrganizerKind, body: OrganizerIn | ToolIn) => call(ORGANIZER_ROUTES[kind].create, { json: body }),
  update: (kind: OrganizerKind, id: string, body: OrganizerIn | ToolIn) => call(ORGANIZER_ROUTES[kind].update, { params: { item_id: id }, json: body }),
  remove: (kind: OrganizerKind, id: string) => call(ORGANIZER_ROUTES[kind].remove, { params: { item_id: id } }),
};

/** Data-page lists: server-side `search`, by name. */
const dataQuery = (search?: string) => ({ ...byName, search: search?.trim() || undefined });

export const foodApi = {
  list: (search?: string) => call(ROUTES.foods, { query: dataQuery(search) }),
  create: (body: FoodIn) => call(ROUTES.foodCreate, { json: body }),
  update: (id: string, body: FoodIn) => call(ROUTES.foodUpdate, { params: { item_id: id }, json: body }),
  remove: (id: string) => call(ROUTES.foodDelete, { params: { item_id: id } }),
  merge: (fromFood: string, toFood: string) => call(ROUTES.foodsMerge, { json: { fromFood, toFood } }),
  /** USDA SR26 reference foods by name, and what a food's name suggests (Hearth). */
  referenceFoods: (search: string) => call(ROUTES.referenceFoods, { query: { search }, toasts: false }),
  referenceSuggestions: (id: string) => call(ROUTES.referenceSuggestions, { params: { item_id: id }, toasts: false }),
};

export const unitApi = {
  list: (search?: string) => call(ROUTES.units, { query: dataQuery(search) }),
  create: (body: UnitIn) => call(ROUTES.unitCreate, { json: body }),
  update: (id: string, body: UnitIn) => call(ROUTES.unitUpdate, { params: { item_id: id }, json: body }),
  remove: (id: string) => call(ROUTES.unitDelete, { params: { item_id: id } }),
  merge: (fromUnit: string, toUnit: string) => call(ROUTES.unitsMerge, { json: { fromUnit, toUnit } }),
};

export const labelApi = {
  list: (search?: string) => call(ROUTES.labels, { query: dataQuery(search) }),
  create: (body: LabelIn) => call(ROUTES.labelCreate, { json: body }),
  update: (id: string, body: LabelIn) => call(ROUTES.labelUpdate, { params: { item_id: id }, json: { ...body, id } }),
  remove: (id: string) => call(ROUTES.labelDelete, { params: { item_id: id } }),
};

const SEEDER_ROUTES = { foods: ROUTES.seedFoods, units: ROUTES.seedUnits, labels: ROUTES.seedLabels } as const satisfies Record<SeederKind, unknown>;

export const seederApi = {
  seed: (kind: SeederKind, locale: string) => call(SEEDER_ROUTES[kind], { json: { locale } }),
};

/** GET /api/recipes/suggestions (a later Mealie): each recipe with the foods and tools still missing. */
export type RecipeSuggestion = z.infer<typeof recipeSuggestionItem>;

export const recipeSearchApi = {
  /** GET /api/recipes with any list query (search, filters, order); failures are the caller's to show. */
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    call(ROUTES.recipes, { query, signal, toasts: false }),
  suggestions: (query: Record<string, QueryValue>) =>
    call(ROUTES.recipeSuggestions, { query, toasts: false }),
  /** One recipe by slug or id. */
  get: (slugOrId: string) => call(ROUTES.recipe, { params: { slug: slugOrId }, toasts: false }),
  /** The public read of a share link: works signed out. */
  shared: (tokenId: string) => call(ROUTES.recipeShared, { params: { token_id: tokenId }, toasts: false }),
  favorites: (userId: string) => call(ROUTES.userFavorites, { params: { item_id: userId }, toasts: false }),
  households: () => call(ROUTES.groupHouseholds, { query: byName, toasts: false }),
};

// ---- Recipes: the recipe screens (group home, recipe page, print, create) ----

export const recipeApi = {
  list: (query: Record<string, QueryValue>) => call(ROUTES.recipes, { query }),
  /** A missing recipe is the page's to show (not found), so no toast. */
  get: (slug: string) => call(ROUTES.recipe, { params: { slug }, toasts: false }),
  /** The public read for visitors from outside the group. */
  exploreGet: (groupSlug: string, slug: string) =>
    call(ROUTES.exploreRecipe, { params: { group_slug: groupSlug, recipe_slug: slug }, toasts: false }),
  /** POST /api/recipes {name} answers the new slug. */
  create: (name: string) => call(ROUTES.recipeCreate, { json: { name } }),
  update: (slug: string, body: RecipeInput | Record<string, unknown>) => call(ROUTES.recipeUpdate, { params: { slug }, json: body }),
  /** PATCH: only the fields given change. */
  patch: (slug: string, body: Partial<RecipeInput> | Record<string, unknown>) => call(ROUTES.recipePatch, { params: { slug }, json: body }),
  remove: (slug: string) => call(ROUTES.recipeDelete, { params: { slug } }),
  duplicate: (slug: string, name: string) => call(ROUTES.recipeDuplicate, { params: { slug }, json: { name } }),
  uploadImage: (slug: string, file: File) =>
    sendMultipart(ROUTES.recipeImageUpload, [['image', file], ['extension', fileExtension(file)]], { params: { slug }, toasts: true }),
  uploadAsset: (slug: string, asset: { name: string; icon: string; file: File }) =>
    sendMultipart(ROUTES.recipeAssetUpload, [
      ['name', asset.name],
      ['icon', asset.icon],
      ['extension', fileExtension(asset.file)],
      ['file', asset.file],
    ], { params: { slug }, toasts: true }),
  /** Hearth's gallery and step images (issue 41); a server without them answers 404, shown as none. */
  images: (slug: string) => call(ROUTES.recipeImages, { params: { slug }, toasts: false }),
  addImage: (slug: string, file: File, stepId: string | null) =>
    sendMultipart(ROUTES.recipeImageAdd, stepId ? [['image', file], ['stepId', stepId]] : [['image', file]], { params: { slug }, toasts: true }),
  orderImages: (slug: string, order: string[]) => call(ROUTES.recipeImagesOrder, { params: { slug }, json: { order } }),
  deleteImage: (slug: string, imageId: string) => call(ROUTES.recipeImageDelete, { params: { slug, image_id: imageId } }),
  mainImage: (slug: string, imageId: string) => call(ROUTES.recipeImageMain, { params: { slug, image_id: imageId } }),
  /** POST exports answers the token the zip download takes. */
  exportToken: (slug: string) => call(ROUTES.recipeExport, { params: { slug }, toasts: false }),
  /** A stored asset's bytes (the OCR editor reads a recipe's own photos). */
  assetFile: (recipeId: string, fileName: string) =>
    call(ROUTES.recipeAssetFile, { params: { recipe_id: recipeId, file_name: fileName }, as: 'blob', toasts: false }),
  exportZipUrl: (slug: string, token: string) => buildUrl(apiPath(API.recipesBySlugExportsZip, { slug }), { token }),
  comments: (slug: string) => call(ROUTES.recipeComments, { params: { slug }, toasts: false }),
  addComment: (recipeId: string, text: string) => call(ROUTES.commentCreate, { json: { recipeId, text } }),
  deleteComment: (id: string) => call(ROUTES.commentDelete, { params: { item_id: id } }),
  timeline: (recipeId: string) =>
    call(ROUTES.timelineEvents, {
      query: { ...all, queryFilter: `recipe_id="${recipeId}"`, orderBy: 'timestamp', orderDirection: 'desc' },
      toasts: false,
    }),
  shareTokens: (recipeId: string) =>
    call(ROUTES.shares, { query: { recipe_id: recipeId }, toasts: false }),
  createShare: (recipeId: string, expiresAt: string) =>
    call(ROUTES.shareCreate, { json: { recipeId, expiresAt } }),
  deleteShare: (id: string) => call(ROUTES.shareDelete, { params: { item_id: id } }),
  /** Another household of the group, for its lock-edits preference. */
  household: (idOrSlug: string) => call(ROUTES.groupHousehold, { params: { household_slug: idOrSlug }, toasts: false }),
};

export const ratingApi = {
  self: () => call(ROUTES.selfRatings, { toasts: false }),
  set: (userId: string, slug: string, body: { rating?: number | null; isFavorite?: boolean }, toasts = true) =>
    call(ROUTES.ratingSet, { params: { item_id: userId, slug }, json: body, toasts }),
  addFavorite: (userId: string, slug: string) => call(ROUTES.favoriteAdd, { params: { item_id: userId, slug } }),
  removeFavorite: (userId: string, slug: string) => call(ROUTES.favoriteRemove, { params: { item_id: userId, slug } }),
};

/** "I made this": a timeline event (done once per Idempotency-Key) and the recipe's last-made date. */
export const timelineApi = {
  create: (body: { recipeId: string; subject: string; eventType: 'info'; timestamp: string }, idempotencyKey: string) =>
    call(ROUTES.timelineEventCreate, { json: body, headers: { 'Idempotency-Key': idempotencyKey }, toasts: false }),
  lastMade: (slug: string, timestamp: string) => call(ROUTES.recipeLastMade, { params: { slug }, json: { timestamp }, toasts: false }),
};

export const recipeActionApi = {
  list: () =>
    call(ROUTES.recipeActions, {
      query: { ...all, orderBy: 'title', orderDirection: 'asc' },
      toasts: false,
    }),
  trigger: (id: string, slug: string, scaledAmount: number) =>
    call(ROUTES.recipeActionTrigger, { params: { item_id: id, recipe_slug: slug }, json: { scaledAmount }, toasts: false }),
};

// ---- Recipe import, group reports and the ingredient parser (failures are shown by the screens: no toasts) ----

export const recipeImportApi = {
  /** POST /api/recipes/create/url: 201 with the new slug. */
  fromUrl: (url: string, includeTags: boolean) =>
    call(ROUTES.importUrl, { json: { url, includeTags }, toasts: false }),
  /** The recipe a URL would give, not saved. */
  testUrl: (url: string) => call(ROUTES.importTestUrl, { json: { url }, toasts: false }),
  /** 202 with the id of the bulk_import report that follows the work. */
  bulk: (urls: readonly string[]) =>
    call(ROUTES.importUrlBulk, { json: { imports: urls.map((url) => ({ url })) }, toasts: false }),
  fromHtmlOrJson: (data: string, includeTags: boolean, url?: string) =>
    call(ROUTES.importHtmlOrJson, { json: { data, includeTags, url: url || undefined }, toasts: false }),
  fromZip: (archive: File, onProgress?: UploadProgressHandler) =>
    sendMultipart(ROUTES.importZip, [['archive', archive]], { onProgress }),
  fromImages: (images: readonly File[], options: { translateLanguage?: string; onProgress?: UploadProgressHandler } = {}) =>
    sendMultipart(
      ROUTES.importImages,
      [...images.map((file) => ['images', file] as const), ['extension', images[0] ? fileExtension(images[0]) : '']],
      { query: { translateLanguage: options.translateLanguage }, onProgress: options.onProgress },
    ),
};

export const reportApi = {
  list: (reportType?: ReportCategory) =>
    call(ROUTES.reports, { query: { report_type: reportType }, toasts: false }),
  get: (id: string) => call(ROUTES.report, { params: { item_id: id }, toasts: false }),
};

export const parserApi = {
  ingredients: (parser: RegisteredParser, ingredients: readonly string[]) =>
    call(ROUTES.parseIngredients, { json: { parser, ingredients }, toasts: false }),
};

/** The avatar of a user (served publicly). */
export function avatarUrl(user: Pick<UserOut, 'id' | 'cacheKey'>): string {
  return buildUrl(apiPath(API.mediaUsersByUserIdByFileName, { user_id: user.id, file_name: 'profile.webp' }), { cacheKey: user.cacheKey ?? '' });
}
