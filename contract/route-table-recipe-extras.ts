/**
 * Route table rows for what hangs off a recipe: comments, timeline, share links, ratings and favourites,
 * household recipe actions, suggestions and exports. Spread into ROUTES (contract/route-table.ts).
 */
import type { z } from 'zod';
import { route, type AnyQuery } from './route-table-row.js';
import type { recipeActionTrigger, RecipeActionOut } from './automation.js';
import type { RecipeCommentCreate, RecipeCommentOut } from './comments.js';
import type { Paginated, SuccessResponse } from './common.js';
import type { recipeZipTokenResponse } from './exports.js';
import type { UserRatingUpdate, userRatingsOut, userRatingSummaries } from './ratings.js';
import type { recipeSuggestionResponse } from './recipes.js';
import type { RecipeShareToken, RecipeShareTokenCreate, RecipeShareTokenSummary } from './shares.js';
import type { timelineEventIn, TimelineEventOut } from './timeline.js';
import type { RecipeOut } from './recipes.js';
import { API } from './routes.js';

export const recipeExtraRoutes = {
  recipeSuggestions: route('GET', API.recipesSuggestions).returns<z.infer<typeof recipeSuggestionResponse>, undefined, AnyQuery>(),
  recipeExport: route('POST', API.recipesBySlugExports).returns<z.infer<typeof recipeZipTokenResponse>>(),
  recipeComments: route('GET', API.recipesBySlugComments).returns<RecipeCommentOut[]>(),
  commentCreate: route('POST', API.comments).returns<RecipeCommentOut, RecipeCommentCreate>(),
  commentDelete: route('DELETE', API.commentsByItemId).returns<SuccessResponse>(),
  timelineEvents: route('GET', API.recipesTimelineEvents).returns<Paginated<TimelineEventOut>, undefined, AnyQuery>(),
  timelineEventCreate: route('POST', API.recipesTimelineEvents).returns<TimelineEventOut, z.input<typeof timelineEventIn>>(),
  recipeLastMade: route('PATCH', API.recipesBySlugLastMade).returns<RecipeOut, { timestamp: string }>(),
  shares: route('GET', API.sharedRecipes).returns<RecipeShareTokenSummary[], undefined, { recipe_id?: string }>(),
  shareCreate: route('POST', API.sharedRecipes).returns<RecipeShareToken, RecipeShareTokenCreate>(),
  shareDelete: route('DELETE', API.sharedRecipesByItemId).returns<RecipeShareTokenSummary>(),
  selfRatings: route('GET', API.usersSelfRatings).returns<z.infer<typeof userRatingSummaries>>(),
  userFavorites: route('GET', API.usersByItemIdFavorites).returns<z.infer<typeof userRatingsOut>>(),
  ratingSet: route('POST', API.usersByItemIdRatingsBySlug).returns<null, UserRatingUpdate>(),
  favoriteAdd: route('POST', API.usersByItemIdFavoritesBySlug).returns<null>(),
  favoriteRemove: route('DELETE', API.usersByItemIdFavoritesBySlug).returns<null>(),
  recipeActions: route('GET', API.householdsRecipeActions).returns<Paginated<RecipeActionOut>, undefined, AnyQuery>(),
  recipeActionTrigger: route('POST', API.householdsRecipeActionsByItemIdTriggerByRecipeSlug).returns<null, z.input<typeof recipeActionTrigger>>(),
} as const;
