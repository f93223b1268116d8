import { sql, type SqlBool } from 'kysely';
import type { FoodOut } from '../../../contract/foods.js';
import type { RecipeSuggestionQuery, RecipeSuggestionResponse } from '../../../contract/recipes.js';
import type { Deps } from '../../platform/deps.js';
import { withEquivalents } from '../cupboard/equivalents.js';
import { loadFoodsOut } from '../foods/repo.js';
import { applyRecipeFilters, applyRecipeOrder, recipeQueryFilter, recipesQuery, type RecipeOrder, type RecipeQuery } from './list-repo.js';
import type { RecipeListScope } from './list.js';
import { loadRecipeOrganizers, toRecipeSummary } from './relations.js';
import { groupBy, inIds } from './sql.js';

/*
 * GET /api/recipes/suggestions (the recipe finder), after Mealie 3.x: recipes ranked by how few of their
 * foods, then tools, the caller lacks, then by how many of the caller's foods they use. "Has" means given
 * in the query or, unless told otherwise, on hand in the caller's household.
 *
 * Unlike Mealie, recipes with settings.disableAmount are not left out: Hearth creates recipes with that
 * setting on by default, yet their ingredients still link foods, which is all the ranking needs.
 */

/** The foods and tools the household has on hand (one query; none without a household). */
async function onHandItems(deps: Deps, householdId: string | null | undefined, query: RecipeSuggestionQuery) {
  const wanted = { foods: query.includeFoodsOnHand, tools: query.includeToolsOnHand };
  if (!householdId || (!wanted.foods && !wanted.tools)) return { foods: [], tools: [] };
  const rows = await deps.db
    .selectFrom('households_to_ingredient_foods')
    .select([sql<string>`'food'`.as('kind'), 'food_id as id'])
    .where('household_id', '=', householdId)
    .unionAll(deps.db.selectFrom('households_to_tools').select([sql<string>`'tool'`.as('kind'), 'tool_id as id']).where('household_id', '=', householdId))
    .execute();
  return {
    foods: wanted.foods ? rows.filter((r) => r.kind === 'food').map((r) => r.id) : [],
    tools: wanted.tools ? rows.filter((r) => r.kind === 'tool').map((r) => r.id) : [],
  };
}

/**
 * Narrows and ranks the list query by the missing foods and tools (a dimension counts only when the caller
 * has items in it); a suggested recipe uses at least one of the caller's foods, or with tools alone one of the tools.
 */
function rankBySuggestion(deps: Deps, base: RecipeQuery, foodIds: string[], toolIds: string[], query: RecipeSuggestionQuery): RecipeQuery {
  const { engine } = deps;
  let ranked = base;
  const hasFood = inIds(engine, 'i.food_id', foodIds);
  const missingFoods = sql<number>`(select count(distinct i.food_id) from recipes_ingredients i
    where i.recipe_id = r.id and i.food_id is not null and not ${hasFood})`;
  const usedFoods = sql<number>`(select count(distinct i.food_id) from recipes_ingredients i where i.recipe_id = r.id and ${hasFood})`;
  const missingTools = sql<number>`(select count(*) from recipes_to_tools t where t.recipe_id = r.id and not ${inIds(engine, 't.tool_id', toolIds)})`;
  if (foodIds.length) {
    ranked = ranked
      .where(sql<SqlBool>`r.id in (select i.recipe_id from recipes_ingredients i where ${hasFood})`)
      .where(sql<SqlBool>`${missingFoods} <= ${query.maxMissingFoods}`);
  }
  if (toolIds.length) ranked = ranked.where(sql<SqlBool>`${missingTools} <= ${query.maxMissingTools}`);
  // With tools alone, a recipe must use one of them: one with no foods and no tools in common is not
  // something "you have everything for".
  if (toolIds.length && !foodIds.length) {
    ranked = ranked.where(sql<SqlBool>`r.id in (select t.recipe_id from recipes_to_tools t where ${inIds(engine, 't.tool_id', toolIds)})`);
  }
  if (foodIds.length) ranked = ranked.orderBy(missingFoods, 'asc');
  if (toolIds.length) ranked = ranked.orderBy(missingTools, 'asc');
  if (foodIds.length) ranked = ranked.orderBy(usedFoods, 'desc');
  return ranked;
}

/** The foods of each recipe's ingredients that are not in `has`, distinct, in ingredient order (four queries). */
async function missingFoodsOf(deps: Deps, groupId: string, householdId: string, recipeIds: string[], has: Set<string>): Promise<Map<string, FoodOut[]>> {
  if (recipeIds.length === 0) return new Map();
  const links = await deps.db
    .selectFrom('recipes_ingredients')
    .select(['recipe_id', 'food_id'])
    .where(inIds(deps.engine, 'recipe_id', recipeIds))
    .where('food_id', 'is not', null)
    .orderBy('recipe_id')
    .orderBy('position')
    .execute();
  const missing = links.filter((link): link is { recipe_id: string; food_id: string } => link.food_id !== null && !has.has(link.food_id));
  const foods = new Map((await loadFoodsOut(deps.db, groupId, [...new Set(missing.map((l) => l.food_id))], householdId)).map((f) => [f.id, f]));
  const out = new Map<string, FoodOut[]>();
  for (const [recipeId, list] of groupBy(missing, (l) => l.recipe_id)) {
    out.set(recipeId, [...new Set(list.map((l) => l.food_id))].flatMap((id) => foods.get(id) ?? []));
  }
  return out;
}

/**
 * Suggestions for a scope (the caller's group, or a public group for explore). A fixed number of queries
 * whatever the limit: the household's on-hand items, its interchangeable foods, the ranked page, its categories, tags and tools, its
 * ingredient foods, and the missing foods with their aliases and households.
 */
export async function suggestRecipes(deps: Deps, scope: RecipeListScope, query: RecipeSuggestionQuery): Promise<RecipeSuggestionResponse> {
  const filters = {
    groupId: scope.groupId,
    engine: deps.engine,
    queryFilter: recipeQueryFilter(query.queryFilter, scope.filterAttributes),
    publicOnly: scope.publicOnly,
  };
  const order: RecipeOrder = {
    orderBy: query.orderBy,
    orderDirection: query.orderDirection,
    orderByNullPosition: query.orderByNullPosition,
    paginationSeed: query.paginationSeed,
    userId: scope.userId,
    engine: deps.engine,
  };
  // Checks the order before any query runs (a bad key is a 400 that costs nothing).
  applyRecipeOrder(recipesQuery(deps.db), order);

  const onHand = await onHandItems(deps, scope.householdId, query);
  // Foods the household counts as interchangeable (issue 37) count as had: unsalted butter on hand satisfies
  // salted butter only once the household says so.
  const foodIds = await withEquivalents(deps.db, deps.engine, scope.householdId, [...new Set([...(query.foods ?? []), ...onHand.foods])]);
  const toolIds = [...new Set([...(query.tools ?? []), ...onHand.tools])];
  const ranked = rankBySuggestion(deps, applyRecipeFilters(recipesQuery(deps.db), filters), foodIds, toolIds, query);
  const rows = await applyRecipeOrder(ranked, order).selectAll('r').limit(query.limit).execute();

  const recipeIds = rows.map((r) => r.id);
  const householdId = scope.householdId ?? '';
  const organizers = await loadRecipeOrganizers(deps.db, deps.engine, recipeIds, scope.householdId ?? null);
  const missingFoods = await missingFoodsOf(deps, scope.groupId, householdId, recipeIds, new Set(foodIds));
  const hasTool = new Set(toolIds);
  return {
    items: rows.map((row) => {
      const recipe = toRecipeSummary(row, organizers);
      return { recipe, missingFoods: missingFoods.get(row.id) ?? [], missingTools: recipe.tools.filter((tool) => !hasTool.has(tool.id)) };
    }),
  };
}
