import type { AnyDb, Engine } from './helpers.js';
import { floatType } from './helpers.js';

/**
 * Food knowledge (server/food/): a food may be linked to a USDA reference food and carry the user's own
 * density, piece weight and values per 100 g; a recipe says which nutrition it shows (typed or computed);
 * a household says which unit system its shopping list merges into and whether ticking marks on hand.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema.alterTable('ingredient_foods').addColumn('reference_food_id', 'text').execute();
  await db.schema.alterTable('ingredient_foods').addColumn('density', floatType(engine)).execute();
  await db.schema.alterTable('ingredient_foods').addColumn('piece_grams', floatType(engine)).execute();
  await db.schema.alterTable('ingredient_foods').addColumn('nutrition_per_100g', 'text').execute();
  await db.schema.alterTable('recipes').addColumn('nutrition_source', 'text').execute();
  await db.schema.alterTable('household_preferences').addColumn('unit_system', 'text').execute();
  await db.schema
    .alterTable('household_preferences')
    .addColumn('on_hand_from_shopping', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
