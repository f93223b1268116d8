import type { AnyDb, Engine } from './helpers.js';
import { timestamps } from './helpers.js';

/**
 * Cookbooks (Mealie's `cookbooks`): a household's named, ordered view of the group's recipes, selected by a
 * queryFilter. The require_all_* columns exist only so Mealie backups map one to one (the filter string
 * superseded them). Invite tokens get an index on their creation time for the daily purge of expired ones.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await timestamps(
    db.schema
      .createTable('cookbooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('query_filter_string', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('require_all_categories', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('require_all_tags', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('require_all_tools', 'boolean', (c) => c.notNull().defaultTo(true))
      .addUniqueConstraint('cookbooks_slug_group', ['slug', 'group_id']),
  ).execute();
  await db.schema.createIndex('cookbooks_group_position_idx').on('cookbooks').columns(['group_id', 'position']).execute();
  await db.schema.createIndex('cookbooks_household_idx').on('cookbooks').columns(['household_id']).execute();
  await db.schema.createIndex('invite_tokens_created_idx').on('invite_tokens').columns(['created_at']).execute();
}
