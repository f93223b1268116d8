/**
 * Recipe wire types. Recipe and RecipeSummary come from the shared contract (type-only imports);
 * ratings, comments, timeline, share tokens and recipe actions are the contract's answers under the web's names.
 */
import type { RecipeActionOut } from '../../../../contract/automation';
import type { RecipeCommentOut } from '../../../../contract/comments';
import type { UserRatingSummary as ContractUserRatingSummary } from '../../../../contract/ratings';
import type { RecipeShareTokenSummary } from '../../../../contract/shares';
import type { TimelineEventOut, TimelineEventType } from '../../../../contract/timeline';
export type {
  IngredientFoodOut,
  IngredientUnitOut,
  NutritionField,
  NutritionOut,
  RecipeIngredientOut,
  RecipeInput,
  RecipeOut,
  RecipeSettings,
  RecipeStepOut,
  RecipeSummary,
  SettingsField,
} from '../../../../contract/recipes';
export type { FoodOut, UnitOut } from '../../../../contract/foods';
export type { OrganizerOut, OrganizerKind, ToolOut } from '../../../../contract/organizers';

/** The recipe list filters (spec §3 "Recipe list query"); arrays are sent as repeated parameters. */
export interface RecipeListFilters {
  search?: string;
  categories?: string[];
  tags?: string[];
  tools?: string[];
  foods?: string[];
  households?: string[];
  requireAllCategories?: boolean;
  requireAllTags?: boolean;
  requireAllTools?: boolean;
  requireAllFoods?: boolean;
  orderBy?: string;
  orderDirection?: 'asc' | 'desc';
  orderByNullPosition?: 'first' | 'last';
  paginationSeed?: string;
  queryFilter?: string;
  cookbook?: string;
}

/** Mealie's UserRatingSummary (GET /api/users/self/ratings answers `{ ratings: [...] }`). */
export type UserRatingSummary = ContractUserRatingSummary;

export type RecipeComment = RecipeCommentOut;

export type { TimelineEventType };

export type TimelineEvent = TimelineEventOut;

export type RecipeShareToken = RecipeShareTokenSummary;

export type RecipeActionType = RecipeActionOut['actionType'];

export type RecipeAction = RecipeActionOut;

/** POST /api/recipes/{slug}/exports: Mealie answers `fileToken`; `token` is accepted too. */
export interface ExportTokenResponse {
  token: string;
}
