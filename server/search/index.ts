/**
 * Recipe search: one module, FTS5 on SQLite and a weighted tsvector on PostgreSQL, with the same folding,
 * prefix matching, one-typo correction and field tiers on both. Write side: indexRecipes after a recipe
 * changes. Read side: prepareRecipeSearch, then either its `page` (search alone) or its `matches` and
 * `tier` expressions inside the recipe list query (search with other filters).
 */
export {
  indexRecipes,
  rebuildSearchIndex,
  recipeIdsReferencing,
  reindexRecipesReferencing,
  searchIndexIsComplete,
  type ReferencedItems,
} from './indexer.js';
export { prepareRecipeSearch, searchOrderFor, searchRecipeIds } from './query.js';
export type { RecipeSearch, RecipeSearchPage, SearchOrder, SearchPageOptions, SearchScope } from './model.js';
export type { SearchDeps } from './tables.js';
export { foldText, searchTerms } from './text.js';
