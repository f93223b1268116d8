import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { emitEvent } from '../../platform/events/emit.js';

export interface ChangedRecipe {
  id: string;
  slug: string;
  name: string;
  household_id: string;
}

/**
 * Announces recipe writes (created, updated, deleted) inside the write's transaction: subscribers (search,
 * notifiers, webhooks) and the household stream get them after commit. Replaces the in-process
 * onRecipeChanged callback. Call it last in the transaction (on PostgreSQL it serialises event writers).
 */
export async function emitRecipeEvents(
  trx: Transaction<Database>,
  type: 'recipe_created' | 'recipe_updated' | 'recipe_deleted',
  actor: { id: string; groupId: string },
  recipes: readonly ChangedRecipe[],
): Promise<void> {
  for (const r of recipes) {
    await emitEvent(trx, { type, groupId: actor.groupId, householdId: r.household_id, userId: actor.id, data: { id: r.id, slug: r.slug, name: r.name } });
  }
}
