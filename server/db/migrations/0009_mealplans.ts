import type { AnyDb, Engine } from './helpers.js';
import { autoId, timestamps } from './helpers.js';

/**
 * Meal plans (Mealie's group_meal_plans, integer ids on the wire) and meal-plan rules
 * (group_meal_plan_rules, filtering recipes with a queryFilterString). Dates are stored as yyyy-MM-dd text,
 * so they compare and sort as calendar dates on both engines and no time zone moves them.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await timestamps(
    autoId(engine, db.schema.createTable('group_meal_plans'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('entry_type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      // A deleted recipe takes its plan entries with it, as in Mealie.
      .addColumn('recipe_id', 'text', (c) => c.references('recipes.id').onDelete('cascade')),
  ).execute();
  await db.schema.createIndex('group_meal_plans_household_date_idx').on('group_meal_plans').columns(['household_id', 'date']).execute();
  await db.schema.createIndex('group_meal_plans_recipe_idx').on('group_meal_plans').columns(['recipe_id']).execute();

  await timestamps(
    db.schema
      .createTable('group_meal_plan_rules')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull().defaultTo('unset'))
      .addColumn('entry_type', 'text', (c) => c.notNull().defaultTo('unset'))
      .addColumn('query_filter_string', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema.createIndex('group_meal_plan_rules_household_idx').on('group_meal_plan_rules').columns(['household_id']).execute();
}
