import type { MadeItIn } from './cupboard';
import type { ReadPlanEntry, UpdatePlanEntry } from './mealplans';
import { queryClient } from './queryClient';
import { shoppingQueue } from './shoppingQueue';

/**
 * Putting recipe and meal-plan changes on the device's one change queue (shoppingQueue.ts; the rules are in
 * offlineChanges.ts), and what the screens show while they wait.
 */

/** The browser says it is offline, or the queue's last attempt found no network. */
export function isOffline(): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || shoppingQueue.state().offline;
}

/** A fresh idempotency key (made once, when the user acts; every resend carries the same one). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function queueMadeThis(recipe: { id: string; slug: string; name: string }, body: MadeItIn) {
  shoppingQueue.push({ listId: '', kind: 'made', recipeId: recipe.id, slug: recipe.slug, what: recipe.name, key: newIdempotencyKey(), body });
}

export function queueRating(recipe: { id: string; slug: string; name: string }, userId: string, rating: number) {
  shoppingQueue.push({ listId: '', kind: 'rating', recipeId: recipe.id, slug: recipe.slug, what: recipe.name, userId, rating });
}

export function queuePlanMove(entry: ReadPlanEntry, changes: Pick<UpdatePlanEntry, 'date' | 'entryType'>) {
  shoppingQueue.push({ listId: '', kind: 'plan-move', what: entry.title || entry.recipe?.name || entry.date, entry, changes });
}

/** The user's ratings with those still waiting on top (the last one of each recipe counts). */
export function pendingRatings(): Map<string, number> {
  const byRecipe = new Map<string, number>();
  for (const op of shoppingQueue.pendingRecipeChanges()) if (op.kind === 'rating') byRecipe.set(op.recipeId, op.rating);
  return byRecipe;
}

/** A range of the planner with the moves still waiting applied (moved out of or into the range). */
export function withPendingMoves(entries: ReadPlanEntry[], start: string, end: string): ReadPlanEntry[] {
  let result = entries;
  for (const op of shoppingQueue.pendingRecipeChanges()) {
    if (op.kind !== 'plan-move') continue;
    const known = result.find((e) => e.id === op.entry.id) ?? op.entry;
    const moved = { ...known, ...op.changes };
    result = result.filter((e) => e.id !== op.entry.id);
    if (moved.date >= start && moved.date <= end) result = [...result, moved];
  }
  return result;
}

// Once a waiting change is applied or refused, what the screens show of it is read again.
if (typeof window !== 'undefined') {
  shoppingQueue.onApplied((listId) => {
    if (listId !== '') return;
    void queryClient.invalidateQueries({ queryKey: ['mealplans'] });
    void queryClient.invalidateQueries({ queryKey: ['users', 'self', 'ratings'] });
    void queryClient.invalidateQueries({ queryKey: ['recipes'] });
    void queryClient.invalidateQueries({ queryKey: ['foods'] }); // "I made this" clears on-hand marks
  });
}
