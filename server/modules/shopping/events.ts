import { emitEvent, emitEvents } from '../../platform/events/emit.js';
import type { Executor, Scope } from './repo.js';

/** What an item's event carries (the item itself is read by whoever receives it). */
type ItemStamp = { id: string; shoppingListId: string; checked: boolean; updatedAt: string | null };
type Announced = { createdItems: readonly ItemStamp[]; updatedItems: readonly ItemStamp[]; deletedItems: readonly ItemStamp[] };

/**
 * The platform's events for shopping writes (notifiers, webhooks, the household live stream), written in the
 * write's own transaction: one per item changed, and shopping_list_updated once per list whose items changed.
 */
export async function announceItems(trx: Executor, scope: Scope, out: Announced, lists: Iterable<string>): Promise<void> {
  const base = { groupId: scope.groupId, householdId: scope.householdId, userId: scope.userId };
  const each = [
    ['shopping_list_item_created', out.createdItems],
    ['shopping_list_item_updated', out.updatedItems],
    ['shopping_list_item_deleted', out.deletedItems],
  ] as const;
  // One statement for all of them: adding a recipe announces one event per line it touched.
  await emitEvents(trx, [
    ...each.flatMap(([type, items]) => items.map((item) => ({ ...base, type, data: { id: item.id, shoppingListId: item.shoppingListId, checked: item.checked, updatedAt: item.updatedAt } }))),
    ...[...new Set(lists)].map((listId) => ({ ...base, type: 'shopping_list_updated' as const, data: { id: listId } })),
  ]);
}

export async function announceList(trx: Executor, scope: Scope, type: 'shopping_list_created' | 'shopping_list_updated' | 'shopping_list_deleted', list: { id: string; name: string | null }) {
  await emitEvent(trx, { type, groupId: scope.groupId, householdId: scope.householdId, userId: scope.userId, data: { id: list.id, name: list.name ?? undefined } });
}
