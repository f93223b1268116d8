import type { Deps } from '../../platform/deps.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import { searchIndexIsComplete } from '../../search/index.js';
import { ensureSearchIndex } from './search-index.js';

export const SEARCH_INDEX_JOB = 'search-index-rebuild';

/** Rebuilds the search index when a recipe has no index row; a durable job so one worker does it once. */
export const searchIndexJob: JobHandler<Record<string, never>> = {
  name: SEARCH_INDEX_JOB,
  maxAttempts: 3,
  async handle(_data, ctx) {
    const result = await ensureSearchIndex(ctx.deps, (message) => ctx.deps.log?.(message));
    return { rebuilt: result.rebuilt, recipes: result.recipes, milliseconds: Math.round(result.milliseconds) };
  },
};

/**
 * At start: one cheap check; only when recipes lack index rows (first start after the search migration, a
 * restored backup, rows written around the API) is a rebuild enqueued — once, however many processes start.
 */
export async function checkSearchIndexAtStart(deps: Deps): Promise<string | null> {
  if (await searchIndexIsComplete(deps)) return null;
  return deps.jobs.enqueue(SEARCH_INDEX_JOB, {}, { singletonKey: 'search-index' });
}
