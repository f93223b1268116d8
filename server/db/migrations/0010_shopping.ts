import { floatType, type AnyDb, type Engine } from './helpers.js';

/**
 * Shopping lists (Mealie's shopping_lists, shopping_list_items, their recipe references and label settings)
 * Lists carry their household directly (Mealie derives it through
 * the owner), so a household's lists are one indexed lookup.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('shopping_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('update_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shopping_lists_household_idx').on('shopping_lists').columns(['household_id', 'name']).execute();

  await db.schema
    .createTable('shopping_list_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopping_list_id', 'text', (c) => c.notNull().references('shopping_lists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('quantity', floatType(engine), (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_food', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('unit_id', 'text', (c) => c.references('ingredient_units.id').onDelete('set null'))
    .addColumn('food_id', 'text', (c) => c.references('ingredient_foods.id').onDelete('set null'))
    .addColumn('label_id', 'text', (c) => c.references('multi_purpose_labels.id').onDelete('set null'))
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('update_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shopping_list_items_list_idx').on('shopping_list_items').columns(['shopping_list_id', 'position']).execute();
  await db.schema.createIndex('shopping_list_items_food_idx').on('shopping_list_items').columns(['shopping_list_id', 'food_id']).execute();

  await db.schema
    .createTable('shopping_list_item_recipe_reference')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopping_list_item_id', 'text', (c) => c.notNull().references('shopping_list_items.id').onDelete('cascade'))
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('recipe_quantity', floatType(engine), (c) => c.notNull().defaultTo(0))
    .addColumn('recipe_scale', floatType(engine), (c) => c.notNull().defaultTo(1))
    .addColumn('recipe_note', 'text')
    .execute();
  await db.schema.createIndex('shopping_item_refs_item_idx').on('shopping_list_item_recipe_reference').column('shopping_list_item_id').execute();
  await db.schema.createIndex('shopping_item_refs_recipe_idx').on('shopping_list_item_recipe_reference').column('recipe_id').execute();

  await db.schema
    .createTable('shopping_list_recipe_reference')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopping_list_id', 'text', (c) => c.notNull().references('shopping_lists.id').onDelete('cascade'))
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('recipe_quantity', floatType(engine), (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('shopping_list_refs_list_idx').on('shopping_list_recipe_reference').columns(['shopping_list_id', 'recipe_id']).execute();

  await db.schema
    .createTable('shopping_lists_multi_purpose_labels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopping_list_id', 'text', (c) => c.notNull().references('shopping_lists.id').onDelete('cascade'))
    .addColumn('label_id', 'text', (c) => c.notNull().references('multi_purpose_labels.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('shopping_list_label_unique', ['shopping_list_id', 'label_id'])
    .execute();

  // The per-list change log this migration once created is gone (0035_one_change_stream drops it where it
  // exists): live updates come from the outbox alone, so a fresh install never makes it.

  // Matching a typed item to a food must stay an index lookup with thousands of foods.
  await db.schema.createIndex('ingredient_foods_group_plural_idx').on('ingredient_foods').columns(['group_id', 'plural_name_normalized']).execute();
  await db.schema.createIndex('ingredient_foods_aliases_name_idx').on('ingredient_foods_aliases').columns(['name_normalized']).execute();
}
