import type { AnyDb, Engine } from './helpers.js';
import { autoId, timestamps } from './helpers.js';

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await timestamps(
    db.schema
      .createTable('groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('slug', 'text', (c) => c.notNull().unique()),
  ).execute();

  await timestamps(
    db.schema
      .createTable('group_preferences')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().unique().references('groups.id').onDelete('cascade'))
      .addColumn('private_group', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();

  await timestamps(
    db.schema
      .createTable('households')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addUniqueConstraint('households_group_name', ['group_id', 'name'])
      .addUniqueConstraint('households_group_slug', ['group_id', 'slug']),
  ).execute();

  await timestamps(
    db.schema
      .createTable('household_preferences')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('household_id', 'text', (c) => c.notNull().unique().references('households.id').onDelete('cascade'))
      .addColumn('private_household', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('lock_recipe_edits_from_other_households', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('first_day_of_week', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('recipe_public', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('recipe_show_nutrition', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('recipe_show_assets', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('recipe_landscape_view', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('recipe_disable_comments', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('recipe_disable_amount', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();

  await timestamps(
    db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('full_name', 'text')
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password', 'text', (c) => c.notNull())
      .addColumn('auth_method', 'text', (c) => c.notNull().defaultTo('Mealie'))
      .addColumn('admin', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('advanced', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id'))
      .addColumn('cache_key', 'text', (c) => c.notNull())
      .addColumn('login_attemps', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_at', 'text')
      .addColumn('can_manage_household', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('can_manage', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('can_invite', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('can_organize', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute();
  await db.schema.createIndex('users_group_idx').on('users').column('group_id').execute();
  await db.schema.createIndex('users_household_idx').on('users').column('household_id').execute();

  await autoId(engine, db.schema.createTable('long_live_tokens'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await autoId(engine, db.schema.createTable('invite_tokens'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('uses_left', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await autoId(engine, db.schema.createTable('password_reset_tokens'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
