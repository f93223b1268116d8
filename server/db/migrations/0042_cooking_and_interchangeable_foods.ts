import type { AnyDb, Engine } from './helpers.js';

/**
 * Issue 37, closing the loop from the cupboard: a household may let "I made this" clear the foods it used
 * (`on_hand_used_up_by_cooking`, off by default), and may say two foods are interchangeable for it
 * (`household_food_equivalents`: one row per pair, the smaller food id first, so the pair is stored once and
 * read both ways). Nothing is interchangeable until a household says so; another household never sees it.
 * The finder that reads the pairs is not a cached read, so the table needs no list-version trigger.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('household_preferences')
    .addColumn('on_hand_used_up_by_cooking', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('household_food_equivalents')
    .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('food_id', 'text', (c) => c.notNull().references('ingredient_foods.id').onDelete('cascade'))
    .addColumn('other_food_id', 'text', (c) => c.notNull().references('ingredient_foods.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('household_food_equivalents_pk', ['household_id', 'food_id', 'other_food_id'])
    .execute();
  await db.schema
    .createIndex('household_food_equivalents_other')
    .on('household_food_equivalents')
    .columns(['household_id', 'other_food_id'])
    .execute();
}
