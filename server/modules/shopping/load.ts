import type { ShoppingItemOut, ShoppingListOut, ShoppingListSummary } from '../../../contract/shopping.js';
import type { DbEngine } from '../../db/connect.js';
import { bool } from '../../db/schema.js';
import { loadFoodsOut } from '../foods/repo.js';
import { loadLabelsByIds } from '../labels/repo.js';
import { ingredientDisplay } from '../recipes/display.js';
import { loadRecipeOrganizers, toRecipeSummary } from '../recipes/relations.js';
import { loadUnitsOut } from '../units/repo.js';
import { parseExtras } from './extras.js';
import { ensureLabelSettings, itemsOfList, refsOfItems, type Executor, type ItemRow, type ListRow, type Scope } from './repo.js';

/** Output shaping: a fixed number of queries whatever the number of lists or items. */

/** Items as ShoppingListItemOut: references, foods, units and labels in six queries at most. */
export async function itemsOut(db: Executor, scope: Scope, rows: ItemRow[]): Promise<ShoppingItemOut[]> {
  if (rows.length === 0) return [];
  const refs = await refsOfItems(db, rows.map((row) => row.id));
  const foodIds = rows.flatMap((row) => (row.food_id ? [row.food_id] : []));
  const unitIds = rows.flatMap((row) => (row.unit_id ? [row.unit_id] : []));
  const labelIds = rows.flatMap((row) => (row.label_id ? [row.label_id] : []));
  const [foods, units, labels] = await Promise.all([
    loadFoodsOut(db, scope.groupId, [...new Set(foodIds)], scope.householdId),
    loadUnitsOut(db, scope.groupId, [...new Set(unitIds)]),
    loadLabelsByIds(db, labelIds),
  ]);
  const foodById = new Map(foods.map((food) => [food.id, food]));
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const refsByItem = new Map<string, typeof refs>();
  for (const ref of refs) refsByItem.set(ref.shopping_list_item_id, [...(refsByItem.get(ref.shopping_list_item_id) ?? []), ref]);
  return rows.map((row) => {
    const food = row.food_id ? (foodById.get(row.food_id) ?? null) : null;
    const unit = row.unit_id ? (unitById.get(row.unit_id) ?? null) : null;
    const quantity = Number(row.quantity);
    return {
      id: row.id,
      shoppingListId: row.shopping_list_id,
      groupId: scope.groupId,
      householdId: scope.householdId,
      quantity,
      unit,
      food,
      note: row.note,
      isFood: bool(row.is_food),
      disableAmount: null,
      display: ingredientDisplay({ quantity, unit, food, note: row.note }, false),
      checked: bool(row.checked),
      position: row.position,
      foodId: food ? row.food_id : null,
      labelId: row.label_id,
      unitId: unit ? row.unit_id : null,
      label: row.label_id ? (labels.get(row.label_id) ?? null) : null,
      extras: parseExtras(row.extras),
      recipeReferences: (refsByItem.get(row.id) ?? []).map((ref) => ({
        id: ref.id,
        shoppingListItemId: ref.shopping_list_item_id,
        recipeId: ref.recipe_id,
        recipeQuantity: Number(ref.recipe_quantity),
        recipeScale: Number(ref.recipe_scale),
        recipeNote: ref.recipe_note,
      })),
      createdAt: row.created_at,
      updatedAt: row.update_at,
    };
  });
}

/** Lists as ShoppingListSummary (recipe references with their recipes, label settings). */
export async function listsSummary(db: Executor, engine: DbEngine, scope: Scope, lists: ListRow[]): Promise<ShoppingListSummary[]> {
  if (lists.length === 0) return [];
  const listIds = lists.map((list) => list.id);
  const refs = await db
    .selectFrom('shopping_list_recipe_reference as ref')
    .innerJoin('recipes as r', 'r.id', 'ref.recipe_id')
    .selectAll('r')
    .select(['ref.id as ref_id', 'ref.shopping_list_id', 'ref.recipe_quantity'])
    .where('ref.shopping_list_id', 'in', listIds)
    .orderBy('r.name')
    .execute();
  const organizers = await loadRecipeOrganizers(db, engine, [...new Set(refs.map((ref) => ref.id))], scope.householdId);
  const settings = await ensureLabelSettings(db, scope.groupId, listIds);
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    extras: parseExtras(list.extras),
    groupId: list.group_id,
    householdId: list.household_id,
    userId: list.user_id,
    createdAt: list.created_at,
    updatedAt: list.update_at,
    recipeReferences: refs
      .filter((ref) => ref.shopping_list_id === list.id)
      .map((ref) => {
        const { ref_id, shopping_list_id, recipe_quantity, ...recipe } = ref;
        return { id: ref_id, shoppingListId: shopping_list_id, recipeId: recipe.id, recipeQuantity: Number(recipe_quantity), recipe: toRecipeSummary(recipe, organizers) };
      }),
    labelSettings: settings
      .filter((row) => row.shopping_list_id === list.id)
      .sort((a, b) => a.position - b.position)
      .map((row) => ({ id: row.id, shoppingListId: row.shopping_list_id, labelId: row.label_id, position: row.position, label: row.label })),
  }));
}

export async function listOut(db: Executor, engine: DbEngine, scope: Scope, list: ListRow): Promise<ShoppingListOut> {
  const [summary] = await listsSummary(db, engine, scope, [list]);
  const items = await itemsOut(db, scope, await itemsOfList(db, list.id));
  return { ...summary, listItems: items };
}
