/**
 * Route table rows of shopping lists and their items, and of the meal planner and its rules.
 * Spread into ROUTES (contract/route-table.ts).
 */
import { route, type AnyQuery } from './route-table-row.js';
import type { Paginated } from './common.js';
import type { CreatePlanEntry, CreateRandomEntry, PlanRulesCreate, PlanRulesOut, ReadPlanEntry, UpdatePlanEntry } from './mealplans.js';
import type { AddRecipesEntry, ItemsCollectionOut, LabelSettingOut, ShoppingItemIn, ShoppingListOut, ShoppingListSummary } from './shopping.js';
import { API } from './routes.js';

/** PUT …/label-settings: each label's place in the list. */
export type LabelSettingIn = Pick<LabelSettingOut, 'id' | 'labelId' | 'shoppingListId' | 'position'>;

export const shoppingRoutes = {
  shoppingLists: route('GET', API.householdsShoppingLists).returns<Paginated<ShoppingListSummary>, undefined, AnyQuery>(),
  shoppingList: route('GET', API.householdsShoppingListsByItemId).returns<ShoppingListOut>(),
  shoppingListCreate: route('POST', API.householdsShoppingLists).returns<ShoppingListOut, { name: string }>(),
  shoppingListUpdate: route('PUT', API.householdsShoppingListsByItemId).returns<ShoppingListOut, ShoppingListSummary>(),
  shoppingListDelete: route('DELETE', API.householdsShoppingListsByItemId).returns<ShoppingListOut>(),
  shoppingListLabelSettings: route('PUT', API.householdsShoppingListsByItemIdLabelSettings).returns<ShoppingListOut, LabelSettingIn[]>(),
  shoppingListAddRecipes: route('POST', API.householdsShoppingListsByItemIdRecipe).returns<ShoppingListOut, AddRecipesEntry[]>(),
  shoppingListRemoveRecipe: route('POST', API.householdsShoppingListsByItemIdRecipeByRecipeIdDelete)
    .returns<ShoppingListOut, { recipeDecrementQuantity: number }>(),
  shoppingItemsCreate: route('POST', API.householdsShoppingItemsCreateBulk).returns<ItemsCollectionOut, ShoppingItemIn[]>(),
  shoppingItemsUpdate: route('PUT', API.householdsShoppingItems).returns<ItemsCollectionOut, Array<ShoppingItemIn & { id: string }>>(),
  shoppingItemsDelete: route('DELETE', API.householdsShoppingItems).returns<{ message: string }, undefined, { ids: string[] }>(),

  mealplans: route('GET', API.householdsMealplans).returns<Paginated<ReadPlanEntry>, undefined, { start_date: string; end_date: string; perPage?: number }>(),
  mealplansToday: route('GET', API.householdsMealplansToday).returns<ReadPlanEntry[]>(),
  mealplanCreate: route('POST', API.householdsMealplans).returns<ReadPlanEntry, Partial<CreatePlanEntry> & { date: string }>(),
  mealplanUpdate: route('PUT', API.householdsMealplansByItemId).returns<ReadPlanEntry, UpdatePlanEntry>(),
  mealplanDelete: route('DELETE', API.householdsMealplansByItemId).returns<ReadPlanEntry>(),
  mealplanRandom: route('POST', API.householdsMealplansRandom).returns<ReadPlanEntry, CreateRandomEntry>(),
  mealplanRules: route('GET', API.householdsMealplansRules).returns<Paginated<PlanRulesOut>, undefined, AnyQuery>(),
  mealplanRuleCreate: route('POST', API.householdsMealplansRules).returns<PlanRulesOut, PlanRulesCreate>(),
  mealplanRuleUpdate: route('PUT', API.householdsMealplansRulesByItemId).returns<PlanRulesOut, PlanRulesCreate>(),
  mealplanRuleDelete: route('DELETE', API.householdsMealplansRulesByItemId).returns<PlanRulesOut>(),
} as const;
