/**
 * The route table: each row names a route's method and path (from API, so its :params are known) and, as
 * types only, the query it takes, the JSON body it takes and the body it answers. The web client derives its
 * calls from these rows (web/src/api/client.ts `call`): the path's params, the body and the query are
 * checked, and the answer has the row's type, so a call that expects another type does not compile.
 * server/test/routes-registry.test.ts checks that the server serves every row with its method.
 *
 * Every call of the web app is a row here (rows of an area live in route-table-<area>.ts and are spread in), so
 * contract/routes.ts is the only place that writes an API path; eslint.config.js refuses an '/api/' literal in web/src.
 */
import type { z } from 'zod';
import type {
  changePassword, GroupOut, groupAdminUpdate, groupCreate, HouseholdOut, householdAdminUpdate, householdCreate, HouseholdSummary,
  LongLiveTokenOut, registration, resetPassword, setPermissions, userIn, UserOut, userUpdate,
} from './accounts.js';
import type { adminAboutInfo, AppInfo, appStatistics, AppTheme, checkAppConfig, StartupInfo } from './app.js';
import type { Paginated, SuccessResponse, ValidationResponse } from './common.js';
import type { CookbookOut } from './cookbooks.js';
import type { FoodIn, FoodOut, UnitIn, UnitOut } from './foods.js';
import type { ScrapedRecipeOut } from './import.js';
import type { LabelIn, LabelOut } from './labels.js';
import type { OrganizerIn, OrganizerOut, OrganizerWithRecipesOut, ToolIn, ToolOut, ToolWithRecipesOut } from './organizers.js';
import type { ocrLanguageList } from './ocr.js';
import type { ParseRecipesResult, UnparsedRecipes } from './parse-ingredients.js';
import type { ParsedIngredientOut, RegisteredParser } from './parser.js';
import type { RecipeInput, RecipeOut, RecipeSummary } from './recipes.js';
import type { ReportCategory, ReportOut, ReportSummary } from './reports.js';
import { API } from './routes.js';
import { adminRoutes } from './route-table-admin.js';
import { cupboardRoutes } from './route-table-cupboard.js';
import { householdRoutes } from './route-table-households.js';
import { mediaRoutes } from './route-table-media.js';
import { recipeExtraRoutes } from './route-table-recipe-extras.js';
import { shoppingRoutes } from './route-table-shopping.js';
import { route, type AnyQuery, type AnyRoute } from './route-table-row.js';

export {
  route, type AnyQuery, type AnyRoute, type BodyOf, type Method, type Multipart, type MultipartFields, type QueryOf, type QueryValue, type ResponseOf, type Route,
} from './route-table-row.js';

/** POST /api/auth/token answers the bearer token (the cookie carries it for the web app). */
export interface TokenResponse {
  access_token: string;
  token_type: string;
}

type Organizers = 'Categories' | 'Tags' | 'Tools';
type OrganizerAnswer<K extends Organizers> = K extends 'Tools' ? ToolOut : OrganizerOut;
type OrganizerBySlugAnswer<K extends Organizers> = K extends 'Tools' ? ToolWithRecipesOut : OrganizerWithRecipesOut;
type OrganizerBody<K extends Organizers> = K extends 'Tools' ? ToolIn : OrganizerIn;

function organizerRoutes<K extends Organizers, L extends string, I extends string, S extends string>(kind: K, list: L, item: I, slug: S) {
  type Out = OrganizerAnswer<K>;
  return {
    list: route('GET', list).returns<Paginated<Out>, undefined, AnyQuery>(),
    create: route('POST', list).returns<OrganizerOut, OrganizerBody<K>>(),
    update: route('PUT', item).returns<OrganizerOut, OrganizerBody<K>>(),
    remove: route('DELETE', item).returns<OrganizerOut>(),
    bySlug: route('GET', slug).returns<OrganizerBySlugAnswer<K>>(),
    kind,
  };
}

export const ROUTES = {
  // ---- app, sign-in, the signed-in user ----
  appAbout: route('GET', API.appAbout).returns<AppInfo>(),
  appTheme: route('GET', API.appAboutTheme).returns<AppTheme>(),
  appStartupInfo: route('GET', API.appAboutStartupInfo).returns<StartupInfo>(),
  authToken: route('POST', API.authToken).returns<TokenResponse>(),
  authLogout: route('POST', API.authLogout).returns<SuccessResponse>(),
  authLogoutEverywhere: route('POST', API.authLogoutEverywhere).returns<SuccessResponse>(),
  authOauthCallback: route('GET', API.authOauthCallback).returns<TokenResponse, undefined, AnyQuery>(),
  usersSelf: route('GET', API.usersSelf).returns<UserOut>(),
  userUpdate: route('PUT', API.usersByItemId).returns<UserOut, z.input<typeof userUpdate>>(),
  userPassword: route('PUT', API.usersPassword).returns<SuccessResponse, z.input<typeof changePassword>>(),
  userRegister: route('POST', API.usersRegister).returns<UserOut, z.input<typeof registration>>(),
  userForgotPassword: route('POST', API.usersForgotPassword).returns<null, { email: string }>(),
  userResetPassword: route('POST', API.usersResetPassword).returns<SuccessResponse, z.input<typeof resetPassword>>(),
  userApiTokenCreate: route('POST', API.usersApiTokens).returns<LongLiveTokenOut, { name: string }>(),
  userApiTokenDelete: route('DELETE', API.usersApiTokensByTokenId).returns<unknown>(),

  // ---- uniqueness checks ----
  validateUserName: route('GET', API.validatorsUserName).returns<ValidationResponse, undefined, { name: string }>(),
  validateUserEmail: route('GET', API.validatorsUserEmail).returns<ValidationResponse, undefined, { email: string }>(),
  validateGroup: route('GET', API.validatorsGroup).returns<ValidationResponse, undefined, { name: string }>(),

  // ---- the household ----
  householdMembers: route('GET', API.householdsMembers).returns<Paginated<UserOut>, undefined, AnyQuery>(),
  householdPermissions: route('PUT', API.householdsPermissions).returns<UserOut, z.input<typeof setPermissions>>(),
  householdCookbooks: route('GET', API.householdsCookbooks).returns<Paginated<CookbookOut>, undefined, AnyQuery>(),

  // ---- admin ----
  adminAbout: route('GET', API.adminAbout).returns<z.infer<typeof adminAboutInfo>>(),
  adminCheck: route('GET', API.adminAboutCheck).returns<z.infer<typeof checkAppConfig>>(),
  adminStatistics: route('GET', API.adminAboutStatistics).returns<z.infer<typeof appStatistics>>(),
  adminUsers: route('GET', API.adminUsers).returns<Paginated<UserOut>, undefined, AnyQuery>(),
  adminUserCreate: route('POST', API.adminUsers).returns<UserOut, z.input<typeof userIn>>(),
  adminUserUpdate: route('PUT', API.adminUsersByItemId).returns<UserOut, z.input<typeof userUpdate>>(),
  adminUserDelete: route('DELETE', API.adminUsersByItemId).returns<UserOut>(),
  adminUsersUnlock: route('POST', API.adminUsersUnlock).returns<{ unlocked: number }, undefined, { force: boolean }>(),
  adminPasswordResetToken: route('POST', API.adminUsersPasswordResetToken).returns<{ token: string }, { email: string }>(),
  adminHouseholds: route('GET', API.adminHouseholds).returns<Paginated<HouseholdOut>, undefined, AnyQuery>(),
  adminHouseholdCreate: route('POST', API.adminHouseholds).returns<HouseholdOut, z.input<typeof householdCreate>>(),
  adminHouseholdUpdate: route('PUT', API.adminHouseholdsByItemId).returns<HouseholdOut, z.input<typeof householdAdminUpdate>>(),
  adminHouseholdDelete: route('DELETE', API.adminHouseholdsByItemId).returns<HouseholdOut>(),
  adminGroups: route('GET', API.adminGroups).returns<Paginated<GroupOut>, undefined, AnyQuery>(),
  adminGroupCreate: route('POST', API.adminGroups).returns<GroupOut, z.input<typeof groupCreate>>(),
  adminGroupUpdate: route('PUT', API.adminGroupsByItemId).returns<GroupOut, z.input<typeof groupAdminUpdate>>(),
  adminGroupDelete: route('DELETE', API.adminGroupsByItemId).returns<GroupOut>(),

  // ---- data pages ----
  foods: route('GET', API.foods).returns<Paginated<FoodOut>, undefined, AnyQuery>(),
  foodCreate: route('POST', API.foods).returns<FoodOut, FoodIn>(),
  foodUpdate: route('PUT', API.foodsByItemId).returns<FoodOut, FoodIn>(),
  foodDelete: route('DELETE', API.foodsByItemId).returns<FoodOut>(),
  foodsMerge: route('PUT', API.foodsMerge).returns<SuccessResponse, { fromFood: string; toFood: string }>(),
  units: route('GET', API.units).returns<Paginated<UnitOut>, undefined, AnyQuery>(),
  unitCreate: route('POST', API.units).returns<UnitOut, UnitIn>(),
  unitUpdate: route('PUT', API.unitsByItemId).returns<UnitOut, UnitIn>(),
  unitDelete: route('DELETE', API.unitsByItemId).returns<UnitOut>(),
  unitsMerge: route('PUT', API.unitsMerge).returns<SuccessResponse, { fromUnit: string; toUnit: string }>(),
  labels: route('GET', API.groupsLabels).returns<Paginated<LabelOut>, undefined, AnyQuery>(),
  labelCreate: route('POST', API.groupsLabels).returns<LabelOut, LabelIn>(),
  labelUpdate: route('PUT', API.groupsLabelsByItemId).returns<LabelOut, LabelIn & { id: string }>(),
  labelDelete: route('DELETE', API.groupsLabelsByItemId).returns<LabelOut>(),
  seedFoods: route('POST', API.groupsSeedersFoods).returns<SuccessResponse, { locale: string }>(),
  seedUnits: route('POST', API.groupsSeedersUnits).returns<SuccessResponse, { locale: string }>(),
  seedLabels: route('POST', API.groupsSeedersLabels).returns<SuccessResponse, { locale: string }>(),
  categories: organizerRoutes('Categories', API.organizersCategories, API.organizersCategoriesByItemId, API.organizersCategoriesSlugBySlug),
  tags: organizerRoutes('Tags', API.organizersTags, API.organizersTagsByItemId, API.organizersTagsSlugBySlug),
  tools: organizerRoutes('Tools', API.organizersTools, API.organizersToolsByItemId, API.organizersToolsSlugBySlug),

  // ---- recipes ----
  recipes: route('GET', API.recipes).returns<Paginated<RecipeSummary>, undefined, AnyQuery>(),
  recipe: route('GET', API.recipesBySlug).returns<RecipeOut>(),
  recipeCreate: route('POST', API.recipes).returns<string, { name: string }>(),
  recipeUpdate: route('PUT', API.recipesBySlug).returns<RecipeOut, RecipeInput | Record<string, unknown>>(),
  recipePatch: route('PATCH', API.recipesBySlug).returns<RecipeOut, Partial<RecipeInput> | Record<string, unknown>>(),
  recipeDelete: route('DELETE', API.recipesBySlug).returns<RecipeOut>(),
  recipeDuplicate: route('POST', API.recipesBySlugDuplicate).returns<RecipeOut, { name: string }>(),
  recipeShared: route('GET', API.recipesSharedByTokenId).returns<RecipeOut>(),
  exploreRecipe: route('GET', API.exploreGroupsByGroupSlugRecipesByRecipeSlug).returns<RecipeOut>(),
  groupHouseholds: route('GET', API.groupsHouseholds).returns<Paginated<HouseholdSummary>, undefined, AnyQuery>(),
  groupHousehold: route('GET', API.groupsHouseholdsByHouseholdSlug).returns<HouseholdSummary>(),

  // ---- recipe import, reports, the ingredient parser ----
  importUrl: route('POST', API.recipesCreateUrl).returns<string, { url: string; includeTags: boolean }>(),
  importTestUrl: route('POST', API.recipesTestScrapeUrl).returns<ScrapedRecipeOut, { url: string }>(),
  importUrlBulk: route('POST', API.recipesCreateUrlBulk).returns<{ reportId: string }, { imports: { url: string }[] }>(),
  importHtmlOrJson: route('POST', API.recipesCreateHtmlOrJson).returns<string, { data: string; includeTags: boolean; url?: string }>(),
  reports: route('GET', API.groupsReports).returns<ReportSummary[], undefined, { report_type?: ReportCategory }>(),
  report: route('GET', API.groupsReportsByItemId).returns<ReportOut>(),
  ...recipeExtraRoutes,
  unparsedRecipes: route('GET', API.recipesBulkActionsParseIngredients).returns<UnparsedRecipes>(),
  parseRecipes: route('POST', API.recipesBulkActionsParseIngredients).returns<ParseRecipesResult, { recipes: string[] }>(),
  ocrLanguages: route('GET', API.ocrLanguages).returns<z.infer<typeof ocrLanguageList>>(),

  parseIngredients: route('POST', API.parserIngredients).returns<ParsedIngredientOut[], { parser: RegisteredParser; ingredients: readonly string[] }>(),

  ...householdRoutes,
  ...shoppingRoutes,
  ...adminRoutes,
  ...mediaRoutes,
  ...cupboardRoutes,
} as const;

/** Every row of ROUTES, nested groups (organizers) included: for the server's check that each is served. */
export function allRoutes(): AnyRoute[] {
  const out: AnyRoute[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if ('method' in value && 'path' in value) out.push(value as AnyRoute);
    else Object.values(value).forEach(walk);
  };
  walk(ROUTES);
  return out;
}
