import type { ApiName, OperationId } from './client.js';

/**
 * Why the client operations that no row exercises are not exercised. An operation's own entry wins
 * over its class's. When an area lands, delete its line here and add its rows under areas/.
 */
export const UNCOVERED_AREAS: Partial<Record<ApiName, string>> = {
  AdminBackupsApi: 'area not built yet: backups',
  AdminDebugApi: 'area not built yet: OpenAI debug',
  AdminEmailApi: 'area not built yet: admin email check and test email',
  AdminMaintenanceApi: 'area not built yet: admin maintenance',
  ExploreCategoriesApi: 'area not built yet: public explore',
  ExploreCookbooksApi: 'area not built yet: public explore',
  ExploreFoodsApi: 'area not built yet: public explore',
  ExploreHouseholdsApi: 'area not built yet: public explore',
  ExploreRecipesApi: 'area not built yet: public explore',
  ExploreTagsApi: 'area not built yet: public explore',
  ExploreToolsApi: 'area not built yet: public explore',
  GroupsMigrationsApi: 'area not built yet: data migrations',
  HouseholdsCookbooksApi: 'area not built yet: cookbooks',
  HouseholdsEventNotificationsApi: 'area not built yet: event notifiers',
  HouseholdsRecipeActionsApi: 'area not built yet: recipe actions',
  HouseholdsShoppingListItemsApi: 'area not built yet: shopping lists',
  HouseholdsShoppingListsApi: 'area not built yet: shopping lists',
  HouseholdsWebhooksApi: 'area not built yet: webhooks',
};

export const UNCOVERED_OPERATIONS: Partial<Record<OperationId, string>> = {
  'UsersAuthenticationApi.oauthLoginApiAuthOauthGet': 'needs a configured OpenID provider: covered against a local one in server/modules/auth/oidc.test.ts',
  'UsersAuthenticationApi.oauthCallbackApiAuthOauthCallbackGet': 'needs a configured OpenID provider: covered against a local one in server/modules/auth/oidc.test.ts',
  'HouseholdsSelfServiceApi.getHouseholdRecipeApiHouseholdsSelfRecipesRecipeSlugGet': 'route not built yet: GET /api/households/self/recipes/{slug}',
  'RecipeCRUDApi.suggestRecipesApiRecipesSuggestionsGet': 'route not built yet: GET /api/recipes/suggestions',
};
