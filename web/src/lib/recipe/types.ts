/**
 * Recipe wire types. Recipe and RecipeSummary come from the shared contract (type-only imports);
 * the shapes below are Mealie's for routes the contract does not describe yet (ratings, comments,
 * timeline, share tokens, recipe actions, exports).
 */
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
export interface UserRatingSummary {
  recipeId: string;
  rating?: number | null;
  isFavorite?: boolean;
}

export interface RecipeComment {
  id: string;
  recipeId: string;
  text: string;
  createdAt: string;
  updatedAt?: string;
  userId: string;
  user?: { id: string; username?: string | null; fullName?: string | null } | null;
}

export type TimelineEventType = 'system' | 'info' | 'comment';

export interface TimelineEvent {
  id: string;
  recipeId: string;
  userId: string;
  subject: string;
  eventType: TimelineEventType;
  eventMessage?: string | null;
  image?: string | null;
  timestamp?: string;
  createdAt: string;
}

export interface RecipeShareToken {
  id: string;
  recipeId: string;
  expiresAt?: string;
  createdAt?: string;
}

export type RecipeActionType = 'link' | 'post';

export interface RecipeAction {
  id: string;
  actionType: RecipeActionType;
  title: string;
  url: string;
}

/** POST /api/recipes/{slug}/exports: Mealie answers `fileToken`; `token` is accepted too. */
export interface ExportTokenResponse {
  fileToken?: string;
  token?: string;
}
