import crypto from 'node:crypto';
import type { AddRecipesEntry, RecipeIngredientPick, ShoppingItemIn, ShoppingListOut } from '../../../contract/shopping.js';
import { nowIso } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { createItems, deleteItems, emptyResult, nextStamp } from './items.js';
import { listOut } from './load.js';
import { refsOfItems, refsOfRecipeOnList, updateListRecipeRefs, type Executor, type Scope } from './repo.js';
import { announceCreated, collect, requireList, write, type ShoppingDeps } from './service.js';

/**
 * Adding and removing a recipe's ingredients (spec §5, issue 12):
 * - each ingredient becomes an item of quantity × scale with a recipe reference (its quantity and scale);
 *   food items merge into an unchecked item with the same food and unit; note-only lines stay separate;
 * - removing a recipe subtracts exactly what it added (its share of the reference for the scale removed)
 *   and deletes items that reach zero or lose their last reference with nothing left;
 * - the list keeps one reference per recipe whose quantity is the total scale added.
 */

const EPSILON = 1e-9;
const round = (value: number) => Math.round(value * 1e6) / 1e6;

async function recipeIngredients(db: Executor, groupId: string, recipeIds: string[]) {
  const recipes = recipeIds.length
    ? await db.selectFrom('recipes').select(['id']).where('group_id', '=', groupId).where('id', 'in', [...new Set(recipeIds)]).execute()
    : [];
  const known = new Set(recipes.map((recipe) => recipe.id));
  for (const id of recipeIds) if (!known.has(id)) throw notFound('common.recipe-not-found');
  const rows = recipeIds.length
    ? await db
        .selectFrom('recipes_ingredients')
        .select(['recipe_id', 'quantity', 'unit_id', 'food_id', 'note', 'title', 'original_text'])
        .where('recipe_id', 'in', [...known])
        .orderBy('recipe_id')
        .orderBy('position')
        .execute()
    : [];
  const byRecipe = new Map<string, RecipeIngredientPick[]>();
  for (const row of rows) {
    const list = byRecipe.get(row.recipe_id) ?? [];
    list.push({ quantity: row.quantity, unit: row.unit_id ? { id: row.unit_id } : null, food: row.food_id ? { id: row.food_id } : null, note: row.note || (!row.food_id ? row.original_text : null) || '', title: row.title });
    byRecipe.set(row.recipe_id, list);
  }
  return byRecipe;
}

function ingredientItems(listId: string, recipeId: string, scale: number, ingredients: RecipeIngredientPick[]): ShoppingItemIn[] {
  const items: ShoppingItemIn[] = [];
  for (const ingredient of ingredients) {
    const foodId = ingredient.food?.id ?? null;
    const unitId = ingredient.unit?.id ?? null;
    const note = (ingredient.note ?? '').trim() || (!foodId ? (ingredient.display ?? '').trim() : '');
    if (!foodId && !note && !ingredient.quantity) continue; // a heading or an empty line
    const quantity = round((ingredient.quantity ?? 0) * scale);
    items.push({
      shoppingListId: listId,
      quantity,
      foodId,
      unitId,
      note,
      isFood: Boolean(foodId),
      checked: false,
      recipeReferences: [{ recipeId, recipeQuantity: quantity, recipeScale: scale, recipeNote: note || null }],
    });
  }
  return items;
}

/** Adds recipes to a list (the dialog's bulk path and the single-recipe path share it). */
export async function addRecipesToList(deps: ShoppingDeps, scope: Scope, listId: string, entries: AddRecipesEntry[]): Promise<ShoppingListOut> {
  return write(deps, scope, async (trx) => {
    const list = await requireList(trx, scope, listId);
    const stored = await recipeIngredients(trx, scope.groupId, entries.map((entry) => entry.recipeId));
    const inputs = entries.flatMap((entry) =>
      ingredientItems(listId, entry.recipeId, entry.recipeIncrementQuantity, entry.recipeIngredients ?? stored.get(entry.recipeId) ?? []),
    );
    const result = await createItems(trx, scope, inputs, emptyResult(), [list]);
    result.lists.add(listId);
    await addListRecipeReferences(trx, listId, entries);
    await announceCreated(trx, scope, result);
    return await listOut(trx, deps.engine, scope, list);
  });
}

/** The list's own reference per recipe counts the scales added: one read and at most one insert and one update. */
async function addListRecipeReferences(trx: Executor, listId: string, entries: AddRecipesEntry[]): Promise<void> {
  const added = new Map<string, number>();
  for (const entry of entries) added.set(entry.recipeId, round((added.get(entry.recipeId) ?? 0) + entry.recipeIncrementQuantity));
  const existing = await trx
    .selectFrom('shopping_list_recipe_reference')
    .select(['id', 'recipe_id', 'recipe_quantity'])
    .where('shopping_list_id', '=', listId)
    .where('recipe_id', 'in', [...added.keys()])
    .execute();
  const changed = existing.map((row) => ({ id: row.id, recipe_quantity: round(Number(row.recipe_quantity) + added.get(row.recipe_id)!) }));
  await updateListRecipeRefs(trx, changed);
  const have = new Set(existing.map((row) => row.recipe_id));
  const fresh = [...added].filter(([recipeId]) => !have.has(recipeId));
  if (fresh.length > 0) {
    await trx
      .insertInto('shopping_list_recipe_reference')
      .values(fresh.map(([recipeId, quantity]) => ({ id: crypto.randomUUID(), shopping_list_id: listId, recipe_id: recipeId, recipe_quantity: quantity })))
      .execute();
  }
}

/** Removes `decrement` times a recipe's share from a list. */
export async function removeRecipeFromList(deps: ShoppingDeps, scope: Scope, listId: string, recipeId: string, decrement: number): Promise<ShoppingListOut> {
  return write(deps, scope, async (trx) => {
    const list = await requireList(trx, scope, listId);
    const refs = await refsOfRecipeOnList(trx, listId, recipeId);
    const allRefs = await refsOfItems(trx, refs.map((ref) => ref.shopping_list_item_id));
    const result = emptyResult();
    result.lists.add(listId);
    const toDelete: string[] = [];
    const now = nowIso();
    for (const ref of refs) {
      const scale = Number(ref.recipe_scale) > EPSILON ? Number(ref.recipe_scale) : 1;
      const share = Number(ref.recipe_quantity) * (Math.min(decrement, scale) / scale);
      const before = Number(ref.item_quantity);
      const quantity = round(before - share);
      const remainingScale = round(scale - decrement);
      const refGone = remainingScale <= EPSILON;
      if (refGone) await trx.deleteFrom('shopping_list_item_recipe_reference').where('id', '=', ref.id).execute();
      else await trx.updateTable('shopping_list_item_recipe_reference').set({ recipe_quantity: round(Number(ref.recipe_quantity) - share), recipe_scale: remainingScale }).where('id', '=', ref.id).execute();
      const othersLeft = allRefs.some((other) => other.shopping_list_item_id === ref.shopping_list_item_id && other.id !== ref.id) || !refGone;
      if (quantity <= EPSILON && (before > EPSILON || !othersLeft)) {
        toDelete.push(ref.shopping_list_item_id);
      } else {
        const row = await trx.selectFrom('shopping_list_items').select('update_at').where('id', '=', ref.shopping_list_item_id).executeTakeFirstOrThrow();
        await trx.updateTable('shopping_list_items').set({ quantity: Math.max(0, quantity), update_at: nextStamp(row.update_at, now) }).where('id', '=', ref.shopping_list_item_id).execute();
        result.updated.push(ref.shopping_list_item_id);
      }
    }
    await deleteItems(trx, scope, toDelete, result);
    const listRef = await trx.selectFrom('shopping_list_recipe_reference').select(['id', 'recipe_quantity']).where('shopping_list_id', '=', listId).where('recipe_id', '=', recipeId).executeTakeFirst();
    if (listRef) {
      const left = round(Number(listRef.recipe_quantity) - decrement);
      if (left <= EPSILON) await trx.deleteFrom('shopping_list_recipe_reference').where('id', '=', listRef.id).execute();
      else await trx.updateTable('shopping_list_recipe_reference').set({ recipe_quantity: left }).where('id', '=', listRef.id).execute();
    }
    await collect(trx, scope, result);
    return await listOut(trx, deps.engine, scope, list);
  });
}
