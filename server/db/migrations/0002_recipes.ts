import type { AnyDb, Engine } from './helpers.js';
import { autoId, floatType, timestamps } from './helpers.js';

/** Recipes and everything hanging off them: organizers, foods, units, labels, ratings, comments, timeline, shares. */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const float = floatType(engine);

  await timestamps(
    db.schema
      .createTable('multi_purpose_labels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull().defaultTo('#959595'))
      .addUniqueConstraint('labels_group_name', ['group_id', 'name']),
  ).execute();

  for (const table of ['categories', 'tags', 'tools'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addUniqueConstraint(`${table}_group_slug`, ['group_id', 'slug']);
    if (table === 'tools') builder = builder.addColumn('on_hand', 'boolean', (c) => c.notNull().defaultTo(false));
    await timestamps(builder).execute();
  }

  await timestamps(
    db.schema
      .createTable('ingredient_units')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('plural_name', 'text')
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('abbreviation', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('plural_abbreviation', 'text', (c) => c.defaultTo(''))
      .addColumn('use_abbreviation', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('fraction', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('name_normalized', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('plural_name_normalized', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('abbreviation_normalized', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('plural_abbreviation_normalized', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema.createIndex('ingredient_units_group_idx').on('ingredient_units').columns(['group_id', 'name_normalized']).execute();
  await db.schema
    .createTable('ingredient_units_aliases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('ingredient_units.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_normalized', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await timestamps(
    db.schema
      .createTable('ingredient_foods')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('plural_name', 'text')
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('on_hand', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('label_id', 'text', (c) => c.references('multi_purpose_labels.id').onDelete('set null'))
      .addColumn('name_normalized', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('plural_name_normalized', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema.createIndex('ingredient_foods_group_idx').on('ingredient_foods').columns(['group_id', 'name_normalized']).execute();
  await db.schema
    .createTable('ingredient_foods_aliases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('food_id', 'text', (c) => c.notNull().references('ingredient_foods.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_normalized', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Which households have a food or a tool on hand (Mealie 2.x: householdsWithIngredientFood / householdsWithTool).
  await db.schema
    .createTable('households_to_ingredient_foods')
    .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('food_id', 'text', (c) => c.notNull().references('ingredient_foods.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('households_to_foods_pk', ['household_id', 'food_id'])
    .execute();
  await db.schema
    .createTable('households_to_tools')
    .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('tool_id', 'text', (c) => c.notNull().references('tools.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('households_to_tools_pk', ['household_id', 'tool_id'])
    .execute();

  await timestamps(
    db.schema
      .createTable('recipes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('image', 'text')
      .addColumn('rating', float)
      .addColumn('total_time', 'text')
      .addColumn('prep_time', 'text')
      .addColumn('cook_time', 'text')
      .addColumn('perform_time', 'text')
      .addColumn('recipe_yield', 'text')
      .addColumn('recipe_yield_quantity', float, (c) => c.notNull().defaultTo(0))
      .addColumn('recipe_servings', float, (c) => c.notNull().defaultTo(0))
      .addColumn('recipe_cuisine', 'text')
      .addColumn('org_url', 'text')
      .addColumn('is_ocr_recipe', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('date_added', 'text')
      .addColumn('date_updated', 'text')
      .addColumn('last_made', 'text')
      .addColumn('name_normalized', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description_normalized', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('settings_public', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('settings_show_nutrition', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('settings_show_assets', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('settings_landscape_view', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('settings_disable_comments', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('settings_disable_amount', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('settings_locked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addUniqueConstraint('recipes_group_slug', ['group_id', 'slug']),
  ).execute();
  await db.schema.createIndex('recipes_group_created_idx').on('recipes').columns(['group_id', 'created_at']).execute();
  await db.schema.createIndex('recipes_group_name_idx').on('recipes').columns(['group_id', 'name_normalized']).execute();
  await db.schema.createIndex('recipes_household_idx').on('recipes').columns(['household_id']).execute();
  await db.schema.createIndex('recipes_user_idx').on('recipes').columns(['user_id']).execute();

  await db.schema
    .createTable('recipe_nutrition')
    .addColumn('recipe_id', 'text', (c) => c.primaryKey().references('recipes.id').onDelete('cascade'))
    .addColumn('calories', 'text')
    .addColumn('carbohydrate_content', 'text')
    .addColumn('cholesterol_content', 'text')
    .addColumn('fat_content', 'text')
    .addColumn('fiber_content', 'text')
    .addColumn('protein_content', 'text')
    .addColumn('saturated_fat_content', 'text')
    .addColumn('sodium_content', 'text')
    .addColumn('sugar_content', 'text')
    .addColumn('trans_fat_content', 'text')
    .addColumn('unsaturated_fat_content', 'text')
    .execute();

  await autoId(engine, db.schema.createTable('recipes_ingredients'))
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_id', 'text', (c) => c.references('ingredient_units.id').onDelete('set null'))
    .addColumn('food_id', 'text', (c) => c.references('ingredient_foods.id').onDelete('set null'))
    .addColumn('quantity', float)
    .addColumn('original_text', 'text')
    .addColumn('reference_id', 'text', (c) => c.notNull())
    .addColumn('note_normalized', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('original_text_normalized', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('recipes_ingredients_recipe_idx').on('recipes_ingredients').columns(['recipe_id', 'position']).execute();
  await db.schema.createIndex('recipes_ingredients_food_idx').on('recipes_ingredients').columns(['food_id']).execute();
  await db.schema.createIndex('recipes_ingredients_unit_idx').on('recipes_ingredients').columns(['unit_id']).execute();

  await db.schema
    .createTable('recipe_instructions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('RecipeStep'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('recipe_instructions_recipe_idx').on('recipe_instructions').columns(['recipe_id', 'position']).execute();
  await autoId(engine, db.schema.createTable('recipe_ingredient_ref_link'))
    .addColumn('instruction_id', 'text', (c) => c.notNull().references('recipe_instructions.id').onDelete('cascade'))
    .addColumn('reference_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recipe_ref_link_instruction_idx').on('recipe_ingredient_ref_link').column('instruction_id').execute();

  await autoId(engine, db.schema.createTable('notes'))
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('notes_recipe_idx').on('notes').column('recipe_id').execute();

  await autoId(engine, db.schema.createTable('recipe_assets'))
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recipe_assets_recipe_idx').on('recipe_assets').column('recipe_id').execute();

  await autoId(engine, db.schema.createTable('recipe_extras'))
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('key_name', 'text', (c) => c.notNull())
    .addColumn('value', 'text')
    .execute();
  await db.schema.createIndex('recipe_extras_recipe_idx').on('recipe_extras').column('recipe_id').execute();

  for (const [table, column, target] of [
    ['recipes_to_categories', 'category_id', 'categories'],
    ['recipes_to_tags', 'tag_id', 'tags'],
    ['recipes_to_tools', 'tool_id', 'tools'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
      .addColumn(column, 'text', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['recipe_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).columns([column, 'recipe_id']).execute();
  }

  await timestamps(
    db.schema
      .createTable('users_to_recipes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
      .addColumn('rating', float)
      .addColumn('is_favorite', 'boolean', (c) => c.notNull().defaultTo(false))
      .addUniqueConstraint('users_to_recipes_user_recipe', ['user_id', 'recipe_id']),
  ).execute();
  await db.schema.createIndex('users_to_recipes_recipe_idx').on('users_to_recipes').column('recipe_id').execute();

  await timestamps(
    db.schema
      .createTable('recipe_comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('recipe_comments_recipe_idx').on('recipe_comments').column('recipe_id').execute();

  await timestamps(
    db.schema
      .createTable('recipe_timeline_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('event_type', 'text', (c) => c.notNull().defaultTo('info'))
      .addColumn('event_message', 'text')
      .addColumn('image', 'text', (c) => c.notNull().defaultTo('does not have image'))
      .addColumn('timestamp', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('recipe_timeline_recipe_idx').on('recipe_timeline_events').columns(['recipe_id', 'timestamp']).execute();

  await timestamps(
    db.schema
      .createTable('recipe_share_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('recipe_share_tokens_recipe_idx').on('recipe_share_tokens').column('recipe_id').execute();

}
