import type { ReadPlanEntry, UpdatePlanEntry } from './mealplans';
import { mealplanApi } from './mealplans';
import { cupboardApi, type MadeItIn } from './cupboard';
import { ratingApi } from './endpoints';
import type { ApiResult } from './client';

/**
 * The recipe and meal-plan changes that make sense offline (issue 41), carried by the device's one change
 * queue (shoppingQueue.ts) beside the shopping list's: in order, kept across reloads, replayed when the
 * browser is back online, refused changes shown with the server's reason. The rule for each, when a change
 * is sent twice or someone else changed the same thing meanwhile:
 * - "I made this": carries an Idempotency-Key made when it was saved; the server records it (timeline event,
 *   last made, the foods used up) once per key, so a retry after a lost answer never doubles it.
 * - a rating is the user's own (per user and recipe): the last change of that user wins, in queue order.
 * - a meal-plan move carries the entry's updatedAt as the device read it: applied only if the entry has not
 *   changed since, else the server keeps the other member's newer entry and answers 409, which the queue
 *   shows as not saved (with the server's reason) and the planner reloads. A later move of the same entry
 *   queued on this device is based on what the earlier one wrote.
 */
export type RecipeChange =
  | { kind: 'made'; recipeId: string; slug: string; what: string; key: string; body: MadeItIn }
  | { kind: 'rating'; recipeId: string; slug: string; what: string; userId: string; rating: number }
  | { kind: 'plan-move'; what: string; entry: ReadPlanEntry; changes: Pick<UpdatePlanEntry, 'date' | 'entryType'> };

export const RECIPE_CHANGE_KINDS: ReadonlySet<string> = new Set(['made', 'rating', 'plan-move']);

/** The whole body of a meal-plan update, based on the entry as read (its updatedAt says which version). */
export function planEntryBody(entry: ReadPlanEntry, changes: Partial<UpdatePlanEntry>): UpdatePlanEntry {
  return {
    id: entry.id,
    groupId: entry.groupId,
    userId: entry.userId,
    date: entry.date,
    entryType: entry.entryType,
    title: entry.title,
    text: entry.text,
    recipeId: entry.recipeId,
    updatedAt: entry.updatedAt ?? null,
    ...changes,
  };
}

/** Sends one change; its answer decides whether the queue moves on, retries or shows it as refused. */
export async function sendRecipeChange(change: RecipeChange): Promise<ApiResult<unknown>> {
  if (change.kind === 'made') return cupboardApi.madeIt(change.slug, change.body, change.key);
  if (change.kind === 'rating') return ratingApi.set(change.userId, change.slug, { rating: change.rating }, false);
  return mealplanApi.update(change.entry.id, planEntryBody(change.entry, change.changes), false);
}
