import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ItemRecipeRefIn, ShoppingItemIn, ShoppingItemOut, ShoppingItemUpdateBulk } from '../../../contract/shopping.js';
import { loadConverter, type Converter } from './convert.js';
import { itemsOut } from './load.js';
import { foodKey, mergeConverted, mergeKey, noteSameUnitMerge, round, type Working } from './merge-converted.js';
import type { ShoppingItemRecipeRefTable } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import { fromMicros, microsOf } from '../../db/timestamps.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { normalizeText } from '../../platform/slug.js';
import {
  groupFoodsAndUnits,
  groupLabelIds,
  itemsByIds,
  itemsByIdsAnywhere,
  matchFoodsByText,
  markBoughtFoodsOnHand,
  maxPositions,
  mergeCandidates,
  noteMergeCandidates,
  refsOfItems,
  touchList,
  updateItemRefs,
  updateMergedItems,
  type Executor,
  type ItemRefChange,
  type MergedItemChange,
  type Scope,
} from './repo.js';

/**
 * The item rules, inside the caller's transaction:
 * - an added item merges into an unchecked item of the same list with the same food and unit, or, without a
 *   food, the same unit and the same note, as Mealie does (quantities add; a recipe reference for the same
 *   recipe adds its quantity and, once per write, its scale);
 * - a create naming an id that exists is a retry: the same content answers the item and writes nothing,
 *   another content (or an id of another household) is a 409 — never a 500 that loses the rest of a batch;
 * - a new item without a food takes the food whose name (plural, alias) is its whole note, by index lookup;
 *   its label comes from the food unless one is given;
 * - an update carrying an updatedAt older than the stored one is stale and changes nothing (last write by
 *   server time wins; a deleted item is never re-created by an update).
 */

/** What an item's event says of it (events.ts): known from the write itself, without reading the item again. */
export interface ItemStamp {
  id: string;
  shoppingListId: string;
  checked: boolean;
  updatedAt: string | null;
}

export interface WriteResult {
  created: string[];
  /** Ids of creates repeated with the same content (answered as created, nothing written). */
  repeated: string[];
  updated: string[];
  deleted: ShoppingItemOut[];
  /** Lists whose items changed (their change log rows are written). */
  lists: Set<string>;
  /** Created and merged-into items as createItems wrote them. */
  stamps: Map<string, ItemStamp>;
}

export const emptyResult = (): WriteResult => ({ created: [], repeated: [], updated: [], deleted: [], lists: new Set(), stamps: new Map() });

/** A server time strictly after `previous`, so every write to an item gets a newer updatedAt. */
export function nextStamp(previous: string | null | undefined, now = nowIso()): string {
  const last = previous ? microsOf(previous) : null;
  if (last !== null && (microsOf(now) ?? 0) <= last) return fromMicros(last + 1);
  return now;
}

const idOf = (direct: string | null | undefined, object: { id?: string | null } | null | undefined) =>
  direct !== undefined ? direct : object === undefined ? undefined : (object?.id ?? null);

/** The lists named, checked to be the household's; `known` are lists the caller has already read so. */
async function assertListsInHousehold(db: Executor, scope: Scope, listIds: string[], known: ReadonlyArray<{ id: string; household_id: string }> = []) {
  const ids = [...new Set(listIds)];
  const read = new Map(known.filter((list) => list.household_id === scope.householdId).map((list) => [list.id, list]));
  const missing = ids.filter((id) => !read.has(id));
  const rows = missing.length ? await db.selectFrom('shopping_lists').select(['id', 'household_id']).where('household_id', '=', scope.householdId).where('id', 'in', missing).execute() : [];
  if (rows.length !== missing.length) throw badRequest('shopping.shopping-list-not-found');
  for (const row of rows) read.set(row.id, row);
  return new Map(ids.map((id) => [id, read.get(id)!]));
}

/** Food, unit and label ids of the inputs, checked against the group; the foods with their label and physics. */
async function resolveReferences(db: Executor, scope: Scope, inputs: ShoppingItemIn[]) {
  const foodIds = inputs.flatMap((input) => idOf(input.foodId, input.food) ?? []);
  const unitIds = inputs.flatMap((input) => idOf(input.unitId, input.unit) ?? []);
  const labelIds = inputs.flatMap((input) => idOf(input.labelId, input.label) ?? []);
  const [{ foods, units }, labels] = await Promise.all([groupFoodsAndUnits(db, scope.groupId, foodIds, unitIds), groupLabelIds(db, scope.groupId, labelIds)]);
  for (const id of foodIds) if (!foods.has(id)) throw badRequest('common.food-not-found');
  for (const id of unitIds) if (!units.has(id)) throw badRequest('common.unit-not-found');
  for (const id of labelIds) if (!labels.has(id)) throw badRequest('common.label-not-found');
  return foods;
}

/**
 * Creates items (merging as above). Returns ids created and ids merged into. `lists`: lists the caller has
 * already read as the household's (adding a recipe), not read again.
 */
export async function createItems(
  db: Executor,
  scope: Scope,
  inputs: ShoppingItemIn[],
  result: WriteResult = emptyResult(),
  lists: ReadonlyArray<{ id: string; household_id: string }> = [],
): Promise<WriteResult> {
  if (inputs.length === 0) return result;
  const listsById = await assertListsInHousehold(db, scope, inputs.map((input) => input.shoppingListId), lists);
  const foods = await resolveReferences(db, scope, inputs);
  const unmatched = inputs.filter((input) => !idOf(input.foodId, input.food) && input.note?.trim());
  const matched = await matchFoodsByText(db, scope.groupId, unmatched.map((input) => input.note!.trim()));
  for (const food of matched.values()) foods.set(food.id, food);
  const positions = await maxPositions(db, [...listsById.keys()]);
  const now = nowIso();

  const prepared = inputs.map((input) => {
    let foodId = idOf(input.foodId, input.food) ?? null;
    let note = input.note?.trim() ?? '';
    let labelId = idOf(input.labelId, input.label) ?? null;
    if (!foodId && note) {
      const hit = matched.get(normalizeText(note));
      if (hit) {
        foodId = hit.id;
        labelId ??= hit.label_id;
        note = '';
      }
    }
    if (foodId && !labelId) labelId = foods.get(foodId)?.label_id ?? null;
    return { input, foodId, unitId: idOf(input.unitId, input.unit) ?? null, labelId, note };
  });

  const repeats = await repeatedIds(db, scope, prepared);
  const fresh = prepared.filter((p) => !repeats.skip.has(p));
  result.repeated.push(...repeats.stored);

  const open = fresh.filter((p) => !p.input.checked);
  const candidates = [
    ...(await mergeCandidates(db, [...listsById.keys()], open.flatMap((p) => (p.foodId ? [p.foodId] : [])))),
    ...(await noteMergeCandidates(db, [...listsById.keys()], open.flatMap((p) => (!p.foodId && p.note ? [p.note] : [])))),
  ];
  const candidateRefs = await refsOfItems(db, candidates.map((row) => row.id));
  const byKey = new Map<string, Working>();
  const byFood = new Map<string, Working[]>();
  const remember = (w: Working) => {
    if (!w.row.food_id) return;
    const key = foodKey(String(w.row.shopping_list_id), w.row.food_id);
    byFood.set(key, [...(byFood.get(key) ?? []), w]);
  };
  let converterPromise: Promise<Converter> | undefined;
  const converter = () => (converterPromise ??= loadConverter(db, scope, foods.values()));
  const refsByItem = new Map<string, typeof candidateRefs>();
  for (const ref of candidateRefs) refsByItem.set(ref.shopping_list_item_id, [...(refsByItem.get(ref.shopping_list_item_id) ?? []), ref]);
  for (const row of candidates) {
    const k = mergeKey(row.shopping_list_id, row.food_id, row.unit_id, row.note ?? '');
    if (!k || byKey.has(k)) continue;
    const refs = (refsByItem.get(row.id) ?? []).map((ref) => ({ ...ref, recipe_quantity: Number(ref.recipe_quantity), recipe_scale: Number(ref.recipe_scale), isNew: false, scaled: false }));
    const working: Working = { row: { ...row, quantity: Number(row.quantity) }, isNew: false, refs };
    byKey.set(k, working);
    remember(working);
  }

  const touched = new Set<Working>();
  for (const p of fresh) {
    const quantity = p.input.quantity ?? 1;
    const checked = Boolean(p.input.checked);
    const k = checked ? null : mergeKey(p.input.shoppingListId, p.foodId, p.unitId, p.note);
    let target = k ? byKey.get(k) : undefined;
    let factor = 1;
    const converted = !target && k && p.foodId ? await mergeConverted(converter, byFood.get(foodKey(p.input.shoppingListId, p.foodId)), p.foodId, { quantity, unitId: p.unitId }, byKey) : undefined;
    if (converted) {
      target = converted.target;
      factor = converted.factor;
      if (p.note && !String(target.row.note ?? '').includes(p.note)) target.row.note = [target.row.note, p.note].filter(Boolean).join(', ');
    } else if (target) {
      await noteSameUnitMerge(converter, target, { quantity, unitId: p.unitId });
      target.row.quantity = round(target.row.quantity + quantity);
      if (p.foodId && p.note && !String(target.row.note ?? '').includes(p.note)) target.row.note = [target.row.note, p.note].filter(Boolean).join(', ');
    } else {
      const position = p.input.position ?? (positions.get(p.input.shoppingListId) ?? -1) + 1;
      positions.set(p.input.shoppingListId, Math.max(position, positions.get(p.input.shoppingListId) ?? -1));
      target = {
        isNew: true,
        refs: [],
        row: {
          id: p.input.id ?? crypto.randomUUID(),
          shopping_list_id: p.input.shoppingListId,
          position,
          checked,
          quantity: round(quantity),
          note: p.note,
          is_food: Boolean(p.foodId) || Boolean(p.input.isFood),
          unit_id: p.unitId,
          food_id: p.foodId,
          label_id: p.labelId,
          extras: JSON.stringify(p.input.extras ?? {}),
          created_at: now,
          update_at: now,
        },
      };
      if (k) byKey.set(k, target);
      if (k) remember(target);
    }
    for (const ref of p.input.recipeReferences ?? []) addRef(target, factor === 1 ? ref : { ...ref, recipeQuantity: (ref.recipeQuantity ?? quantity) * factor }, quantity * factor);
    touched.add(target);
  }
  await writeTouched(db, [...touched], result);
  return result;
}

/**
 * Writes what createItems built in a fixed number of statements whatever the number of lines: new items, the
 * items merged into, new recipe references and changed ones, one statement each (inserts chunked).
 */
async function writeTouched(db: Executor, touched: Working[], result: WriteResult): Promise<void> {
  const newRows = touched.filter((item) => item.isNew).map((item) => item.row);
  for (let start = 0; start < newRows.length; start += 200) await db.insertInto('shopping_list_items').values(newRows.slice(start, start + 200)).execute();
  const merged: MergedItemChange[] = [];
  const newRefs: Array<Insertable<ShoppingItemRecipeRefTable>> = [];
  const changedRefs: ItemRefChange[] = [];
  for (const item of touched) {
    const listId = String(item.row.shopping_list_id);
    if (item.isNew) {
      result.created.push(item.row.id);
    } else {
      item.row.update_at = nextStamp(item.row.update_at);
      merged.push({ id: item.row.id, quantity: item.row.quantity, note: String(item.row.note ?? ''), unit_id: item.row.unit_id ?? null, extras: String(item.row.extras ?? '{}'), update_at: item.row.update_at });
      result.updated.push(item.row.id);
    }
    result.stamps.set(item.row.id, { id: item.row.id, shoppingListId: listId, checked: bool(item.row.checked ?? false), updatedAt: String(item.row.update_at) });
    for (const ref of item.refs) {
      const values = { recipe_quantity: ref.recipe_quantity, recipe_scale: ref.recipe_scale, recipe_note: ref.recipe_note };
      if (ref.isNew) newRefs.push({ id: ref.id, shopping_list_item_id: item.row.id, recipe_id: ref.recipe_id, ...values });
      else if (ref.scaled || ref.converted) changedRefs.push({ id: ref.id, ...values });
    }
    result.lists.add(listId);
  }
  await updateMergedItems(db, merged);
  await updateItemRefs(db, changedRefs);
  for (let start = 0; start < newRefs.length; start += 500) await db.insertInto('shopping_list_item_recipe_reference').values(newRefs.slice(start, start + 500)).execute();
}

type Prepared = { input: ShoppingItemIn; foodId: string | null; unitId: string | null; labelId: string | null; note: string };

/**
 * Creates that name an id already stored (or named twice in the batch): a retry after a lost answer. The same
 * content is answered as it is; another content, or an id used by another household, is a 409.
 */
async function repeatedIds(db: Executor, scope: Scope, prepared: Prepared[]): Promise<{ skip: Set<Prepared>; stored: string[] }> {
  const withIds = prepared.filter((p) => p.input.id);
  const repeats = { skip: new Set<Prepared>(), stored: [] as string[] };
  if (withIds.length === 0) return repeats;
  const EPSILON = 1e-9;
  const same = (a: { listId: string; foodId: string | null; unitId: string | null; note: string; quantity: number; checked: boolean }, p: Prepared) =>
    a.listId === p.input.shoppingListId &&
    a.foodId === p.foodId &&
    a.unitId === p.unitId &&
    a.note === p.note &&
    Math.abs(a.quantity - round(p.input.quantity ?? 1)) < EPSILON &&
    a.checked === Boolean(p.input.checked);
  const stored = new Map((await itemsByIdsAnywhere(db, withIds.map((p) => p.input.id!))).map((row) => [row.id, row]));
  const seen = new Map<string, Prepared>();
  for (const p of withIds) {
    const id = p.input.id!;
    const row = stored.get(id);
    if (row) {
      const own = row.household_id === scope.householdId;
      const current = { listId: row.shopping_list_id, foodId: row.food_id ?? null, unitId: row.unit_id ?? null, note: row.note ?? '', quantity: Number(row.quantity), checked: bool(row.checked) };
      if (!own || !same(current, p)) throw conflict('shopping.item-id-exists-with-other-content');
      repeats.skip.add(p);
      repeats.stored.push(id);
      continue;
    }
    const earlier = seen.get(id);
    if (earlier) {
      const first = { listId: earlier.input.shoppingListId, foodId: earlier.foodId, unitId: earlier.unitId, note: earlier.note, quantity: round(earlier.input.quantity ?? 1), checked: Boolean(earlier.input.checked) };
      if (!same(first, p)) throw conflict('shopping.item-id-exists-with-other-content');
      repeats.skip.add(p);
      continue;
    }
    seen.set(id, p);
  }
  return repeats;
}

function addRef(target: Working, ref: ItemRecipeRefIn, itemQuantity: number) {
  const quantity = ref.recipeQuantity ?? itemQuantity;
  const scale = ref.recipeScale ?? 1;
  const existing = target.refs.find((r) => r.recipe_id === ref.recipeId);
  if (existing) {
    existing.recipe_quantity = round(existing.recipe_quantity + quantity);
    // Two lines of one recipe merged in the same write add the scale once (`scaled` also marks the ref dirty).
    if (!existing.scaled) existing.recipe_scale = round(existing.recipe_scale + scale);
    existing.scaled = true;
    return;
  }
  target.refs.push({ id: crypto.randomUUID(), recipe_id: ref.recipeId, recipe_quantity: round(quantity), recipe_scale: scale, recipe_note: ref.recipeNote ?? null, isNew: true, scaled: true });
}

/** Applies updates; stale ones (older updatedAt) and ones for items that no longer exist change nothing. */
export async function updateItems(db: Executor, scope: Scope, inputs: ShoppingItemUpdateBulk[], result: WriteResult = emptyResult()): Promise<WriteResult> {
  if (inputs.length === 0) return result;
  const rows = new Map((await itemsByIds(db, scope, inputs.map((input) => input.id))).map((row) => [row.id, row]));
  const live = inputs.filter((input) => rows.has(input.id));
  await assertListsInHousehold(db, scope, live.map((input) => input.shoppingListId));
  await resolveReferences(db, scope, live);
  const bought: string[] = [];
  for (const input of live) {
    const row = rows.get(input.id)!;
    if (input.updatedAt && (microsOf(input.updatedAt) ?? 0) < (microsOf(row.update_at) ?? 0)) continue; // stale: a newer write wins
    const foodId = idOf(input.foodId, input.food);
    const unitId = idOf(input.unitId, input.unit);
    const labelId = idOf(input.labelId, input.label);
    const stamp = nextStamp(row.update_at);
    const changes = {
      shopping_list_id: input.shoppingListId,
      ...(input.quantity != null ? { quantity: round(input.quantity) } : {}),
      ...(input.note != null ? { note: input.note.trim() } : {}),
      ...(input.isFood != null ? { is_food: input.isFood } : {}),
      ...(input.checked != null ? { checked: input.checked } : {}),
      ...(input.position != null ? { position: input.position } : {}),
      ...(foodId !== undefined ? { food_id: foodId } : {}),
      ...(unitId !== undefined ? { unit_id: unitId } : {}),
      ...(labelId !== undefined ? { label_id: labelId } : {}),
      ...(input.extras != null ? { extras: JSON.stringify(input.extras) } : {}),
      update_at: stamp,
    };
    await db.updateTable('shopping_list_items').set(changes).where('id', '=', row.id).execute();
    const food = foodId !== undefined ? foodId : row.food_id;
    if (input.checked === true && !bool(row.checked) && food) bought.push(food);
    if (input.recipeReferences && input.recipeReferences.length > 0) {
      await db.deleteFrom('shopping_list_item_recipe_reference').where('shopping_list_item_id', '=', row.id).execute();
      await db
        .insertInto('shopping_list_item_recipe_reference')
        .values(
          input.recipeReferences.map((ref) => ({
            id: ref.id ?? crypto.randomUUID(),
            shopping_list_item_id: row.id,
            recipe_id: ref.recipeId,
            recipe_quantity: ref.recipeQuantity ?? 0,
            recipe_scale: ref.recipeScale ?? 1,
            recipe_note: ref.recipeNote ?? null,
          })),
        )
        .execute();
    }
    result.updated.push(row.id);
    result.lists.add(row.shopping_list_id);
    result.lists.add(input.shoppingListId);
  }
  await markBoughtFoodsOnHand(db, scope.householdId, bought);
  return result;
}

export async function deleteItems(db: Executor, scope: Scope, ids: string[], result: WriteResult = emptyResult()): Promise<WriteResult> {
  const rows = await itemsByIds(db, scope, ids);
  if (rows.length === 0) return result;
  result.deleted.push(...(await itemsOut(db, scope, rows)));
  await db.deleteFrom('shopping_list_items').where('id', 'in', rows.map((row) => row.id)).execute();
  for (const row of rows) result.lists.add(row.shopping_list_id);
  return result;
}

/** Touches the updatedAt of every list the write changed (its events are written by events.ts). */
export async function touchLists(db: Executor, result: WriteResult) {
  const now = nowIso();
  for (const listId of result.lists) await touchList(db, listId, now);
}
