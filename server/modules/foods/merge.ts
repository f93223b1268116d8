import crypto from 'node:crypto';
import { nowIso } from '../../db/schema.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { normalizeText } from '../../platform/slug.js';
import { indexRecipes, recipeIdsReferencing } from '../../search/index.js';
import { distinctAliases, type WriteDeps } from './service.js';

/**
 * Merges one food into another of the same group, in one transaction: every ingredient and on-hand
 * household of the source moves to the target, the source's names become aliases of the target (so a
 * parser still recognises them), the target takes the source's label if it has none, and the source is
 * deleted. Nothing is left pointing at it, and the recipes that used it are reindexed for search.
 */
export async function mergeFoods(deps: WriteDeps, groupId: string, fromId: string, toId: string): Promise<void> {
  if (fromId === toId) throw badRequest('foods.food-cannot-be-merged-into-itself');
  await deps.db.transaction().execute(async (trx) => {
    const foods = await trx
      .selectFrom('ingredient_foods')
      .select(['id', 'name', 'plural_name', 'label_id'])
      .where('group_id', '=', groupId)
      .where('id', 'in', [fromId, toId])
      .execute();
    const source = foods.find((food) => food.id === fromId);
    const target = foods.find((food) => food.id === toId);
    if (!source || !target) throw notFound('common.food-not-found');

    const search = { db: trx, engine: deps.engine };
    const movedRecipeIds = await recipeIdsReferencing(search, { foodIds: [fromId] });
    await trx.updateTable('recipes_ingredients').set({ food_id: toId }).where('food_id', '=', fromId).execute();

    const households = await trx.selectFrom('households_to_ingredient_foods').select(['food_id', 'household_id']).where('food_id', 'in', [fromId, toId]).execute();
    const targetHouseholds = new Set(households.filter((row) => row.food_id === toId).map((row) => row.household_id));
    const movedHouseholds = households.filter((row) => row.food_id === fromId && !targetHouseholds.has(row.household_id));
    if (movedHouseholds.length > 0) {
      await trx.insertInto('households_to_ingredient_foods').values(movedHouseholds.map((row) => ({ food_id: toId, household_id: row.household_id }))).execute();
    }
    await trx.deleteFrom('households_to_ingredient_foods').where('food_id', '=', fromId).execute();

    const aliases = await trx.selectFrom('ingredient_foods_aliases').select(['food_id', 'name', 'name_normalized']).where('food_id', 'in', [fromId, toId]).execute();
    const known = new Set([normalizeText(target.name), normalizeText(target.plural_name), ...aliases.filter((a) => a.food_id === toId).map((a) => a.name_normalized)]);
    const candidates = [source.name, source.plural_name, ...aliases.filter((a) => a.food_id === fromId).map((a) => a.name)]
      .filter((name): name is string => Boolean(name))
      .map((name) => ({ name }));
    const newAliases = distinctAliases(candidates).filter((alias) => !known.has(alias.name_normalized));
    if (newAliases.length > 0) {
      await trx.insertInto('ingredient_foods_aliases').values(newAliases.map((alias) => ({ id: crypto.randomUUID(), food_id: toId, ...alias }))).execute();
    }
    await trx.deleteFrom('ingredient_foods_aliases').where('food_id', '=', fromId).execute();

    await trx
      .updateTable('ingredient_foods')
      .set({ label_id: target.label_id ?? source.label_id, update_at: nowIso() })
      .where('id', '=', toId)
      .execute();
    await trx.deleteFrom('ingredient_foods').where('id', '=', fromId).execute();
    await indexRecipes(search, movedRecipeIds);
  });
}
