/**
 * Route table rows of the cupboard loop (issue 37, Hearth-only): a meal plan's nutrition per day, "I made
 * this" with the foods it used up, and foods a household counts as interchangeable. Spread into ROUTES
 * (contract/route-table.ts).
 */
import type { FoodEquivalentsIn, FoodEquivalentsOut, MadeItIn, MadeItOptions, MadeItOut, PlanNutritionOut } from './cupboard.js';
import { route } from './route-table-row.js';
import { API } from './routes.js';

export const cupboardRoutes = {
  planNutrition: route('GET', API.householdsMealplansNutrition).returns<PlanNutritionOut, undefined, { start_date: string; end_date: string }>(),
  madeItOptions: route('GET', API.recipesBySlugMadeIt).returns<MadeItOptions>(),
  madeIt: route('POST', API.recipesBySlugMadeIt).returns<MadeItOut, MadeItIn>(),
  foodEquivalents: route('GET', API.foodsByItemIdEquivalents).returns<FoodEquivalentsOut>(),
  foodEquivalentsUpdate: route('PUT', API.foodsByItemIdEquivalents).returns<FoodEquivalentsOut, FoodEquivalentsIn>(),
} as const;
