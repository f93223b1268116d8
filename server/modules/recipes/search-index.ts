import type { Transaction } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { indexRecipes, rebuildSearchIndex, searchIndexIsComplete } from '../../search/index.js';

/**
 * Brings the search index in step with recipes just written (created, changed or deleted) inside the
 * write's own transaction: if indexing fails the write rolls back, and a failed write leaves no index row.
 * Every recipe write path calls it (this module's service, bulk actions; imports go through the service).
 */
export async function indexRecipesInTransaction(trx: Transaction<Database>, engine: DbEngine, recipeIds: readonly string[]): Promise<void> {
  await indexRecipes({ db: trx, engine }, recipeIds);
}

export interface SearchIndexCheck {
  rebuilt: boolean;
  recipes: number;
  milliseconds: number;
}

/**
 * At start-up: rebuilds the search index when a recipe has no index row (first start after the search
 * migration, a restored backup, rows written around the API) and logs how many recipes and how long.
 */
export async function ensureSearchIndex(deps: Pick<Deps, 'db' | 'engine'>, log: (message: string) => void): Promise<SearchIndexCheck> {
  const started = performance.now();
  if (await searchIndexIsComplete(deps)) return { rebuilt: false, recipes: 0, milliseconds: performance.now() - started };
  const { recipes } = await rebuildSearchIndex(deps);
  const milliseconds = performance.now() - started;
  log(`Search index rebuilt: ${recipes} recipes in ${Math.round(milliseconds)} ms`);
  return { rebuilt: true, recipes, milliseconds };
}
