import type { Paginated } from '../../../contract/common.js';
import type { RecipeListQuery, RecipeSummary } from '../../../contract/recipes.js';
import type { DbEngine } from '../../db/connect.js';
import type { Deps } from '../../platform/deps.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { applyRecipeFilters, applyRecipeOrder, recipesQuery, type RecipeFilters } from './list-repo.js';
import { loadRecipeOrganizers, toRecipeSummary } from './relations.js';

export { applyRecipeFilters, applyRecipeOrder, recipesQuery, type RecipeFilters, type RecipeOrder, type RecipeQuery } from './list-repo.js';

/** Whose recipes are listed, and for whom (rating order and on-hand tools follow the viewer). */
export interface RecipeListScope {
  groupId: string;
  userId?: string | null;
  householdId?: string | null;
}

export interface ListLinks {
  routePath: string;
  rawQuery: Record<string, unknown>;
}

export function recipeFiltersFromQuery(scope: RecipeListScope, query: RecipeListQuery, engine?: DbEngine): RecipeFilters {
  return {
    groupId: scope.groupId,
    engine,
    categories: query.categories,
    requireAllCategories: query.requireAllCategories,
    tags: query.tags,
    requireAllTags: query.requireAllTags,
    tools: query.tools,
    requireAllTools: query.requireAllTools,
    foods: query.foods,
    requireAllFoods: query.requireAllFoods,
    households: query.households,
  };
}

/**
 * One page of RecipeSummary in Mealie's envelope. Always the same queries whatever perPage: a count, the
 * page, and one query each for the page's categories, tags and tools.
 */
export async function listRecipes(
  deps: Deps,
  scope: RecipeListScope,
  query: RecipeListQuery,
  links: ListLinks = { routePath: '/api/recipes', rawQuery: {} },
): Promise<Paginated<RecipeSummary>> {
  const filters = recipeFiltersFromQuery(scope, query, deps.engine);
  // Validates orderBy before touching the database, so a bad key costs no query.
  const ordered = applyRecipeOrder(applyRecipeFilters(recipesQuery(deps.db), filters), { ...query, userId: scope.userId });

  const counted = await applyRecipeFilters(recipesQuery(deps.db), filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const window = pageWindow(query, total);

  let page = ordered.selectAll('r');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const rows = await page.execute();
  const organizers = await loadRecipeOrganizers(deps.db, deps.engine, rows.map((r) => r.id), scope.householdId ?? null);
  return envelope(links.routePath, links.rawQuery, window, total, rows.map((row) => toRecipeSummary(row, organizers)));
}
