import type { Insertable } from 'kysely';
import type { ShoppingListItemsTable } from '../../db/schema.js';
import type { Converter } from './convert.js';
import { parseExtras } from './extras.js';

/**
 * Merging an added amount into an item of the same food written in another unit (issue 37), on the working
 * copies of createItems (items.ts): the item takes the total in the household's unit, its recipe references
 * are converted with it, and its extras say what was added ("1 cup + 200 g").
 */

export interface WorkingRef {
  id: string;
  recipe_id: string;
  recipe_quantity: number;
  recipe_scale: number;
  recipe_note: string | null;
  isNew: boolean;
  scaled: boolean;
  converted?: boolean;
}

/** An item as one write builds it: a row to insert, or a stored row with the changes to write back. */
export interface Working {
  row: Insertable<ShoppingListItemsTable> & { id: string; quantity: number };
  isNew: boolean;
  refs: WorkingRef[];
}

export const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Items merge by list, food and unit, or (without a food) by list, unit and note; an item with neither never merges. */
export function mergeKey(listId: string, foodId: string | null, unitId: string | null, note: string): string | null {
  if (foodId) return `${listId}|food:${foodId}|${unitId ?? ''}`;
  return note ? `${listId}|note:${note}|${unitId ?? ''}` : null;
}

/** Key of the unchecked items of one food on one list, whatever their unit. */
export const foodKey = (listId: string, foodId: string) => `${listId}|${foodId}`;

/** The extras key that says what an item was merged from across units. */
export const MERGED_FROM = 'hearth.mergedFrom';

/**
 * Merges `quantity` of the food in `unitId` into an unchecked item of the same food in another unit when
 * the amounts convert (convert.ts). Returns the item and the factor that converts the incoming amount, or
 * undefined (the lines stay apart). `byKey` follows the item to its new unit.
 */
export async function mergeConverted(
  converter: () => Promise<Converter>,
  same: Working[] | undefined,
  foodId: string,
  incoming: { quantity: number; unitId: string | null },
  byKey: Map<string, Working>,
): Promise<{ target: Working; factor: number } | undefined> {
  if (!same?.length) return undefined;
  const convert = await converter();
  for (const target of same) {
    const before = { quantity: target.row.quantity, unitId: target.row.unit_id ?? null };
    const merged = convert.merge(foodId, before, incoming);
    if (!merged) continue;
    const extras = parseExtras(target.row.extras);
    const from = typeof extras[MERGED_FROM] === 'string' && extras[MERGED_FROM] ? extras[MERGED_FROM] : convert.text(before);
    extras[MERGED_FROM] = `${from} + ${convert.text(incoming)}`;
    target.row.extras = JSON.stringify(extras);
    const oldKey = mergeKey(String(target.row.shopping_list_id), foodId, before.unitId, '');
    target.row.quantity = round(merged.quantity);
    target.row.unit_id = merged.unitId;
    for (const ref of target.refs) {
      ref.recipe_quantity = round(ref.recipe_quantity * merged.targetFactor);
      ref.converted = true;
    }
    if (oldKey && byKey.get(oldKey) === target) byKey.delete(oldKey);
    const newKey = mergeKey(String(target.row.shopping_list_id), foodId, merged.unitId, '');
    if (newKey && !byKey.has(newKey)) byKey.set(newKey, target);
    return { target, factor: merged.incomingFactor };
  }
  return undefined;
}

/** An item already merged across units adds what a same-unit merge brings to its "merged from" text. */
export async function noteSameUnitMerge(converter: () => Promise<Converter>, target: Working, incoming: { quantity: number; unitId: string | null }): Promise<void> {
  const extras = parseExtras(target.row.extras);
  if (typeof extras[MERGED_FROM] !== 'string' || !extras[MERGED_FROM]) return;
  extras[MERGED_FROM] = `${extras[MERGED_FROM]} + ${(await converter()).text(incoming)}`;
  target.row.extras = JSON.stringify(extras);
}
