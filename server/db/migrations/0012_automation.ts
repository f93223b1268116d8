import type { AnyDb, Engine } from './helpers.js';
import { timestamps } from './helpers.js';

/** The 22 switches of Mealie's GroupEventNotifierOptions, as columns of group_events_notifier_options. */
export const NOTIFIER_OPTION_COLUMNS = [
  'test_message', 'webhook_task',
  'recipe_created', 'recipe_updated', 'recipe_deleted',
  'user_signup', 'data_migrations', 'data_export', 'data_import',
  'mealplan_entry_created',
  'shopping_list_created', 'shopping_list_updated', 'shopping_list_deleted',
  'cookbook_created', 'cookbook_updated', 'cookbook_deleted',
  'tag_created', 'tag_updated', 'tag_deleted',
  'category_created', 'category_updated', 'category_deleted',
] as const;

/**
 * Recipe actions, scheduled webhooks and event notifiers (Mealie's recipe_actions, webhook_urls,
 * group_events_notifiers and group_events_notifier_options), plus a delivery log of our own.
 * webhook_urls.last_run_on is ours too: the UTC date of the last scheduled send, claimed with a conditional
 * UPDATE so one process sends each day's run however many processes share the database.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await timestamps(
    db.schema
      .createTable('recipe_actions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('action_type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('recipe_actions_household_idx').on('recipe_actions').columns(['household_id', 'title']).execute();

  await timestamps(
    db.schema
      .createTable('webhook_urls')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('webhook_type', 'text', (c) => c.notNull().defaultTo('mealplan'))
      .addColumn('scheduled_time', 'text', (c) => c.notNull())
      .addColumn('time', 'text')
      .addColumn('last_run_on', 'text'),
  ).execute();
  await db.schema.createIndex('webhook_urls_household_idx').on('webhook_urls').columns(['household_id']).execute();
  await db.schema.createIndex('webhook_urls_enabled_idx').on('webhook_urls').columns(['enabled', 'scheduled_time']).execute();

  await timestamps(
    db.schema
      .createTable('group_events_notifiers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('apprise_url', 'text', (c) => c.notNull())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade')),
  ).execute();
  await db.schema.createIndex('group_events_notifiers_household_idx').on('group_events_notifiers').columns(['household_id']).execute();

  let options = db.schema
    .createTable('group_events_notifier_options')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_notifier_id', 'text', (c) => c.notNull().unique().references('group_events_notifiers.id').onDelete('cascade'));
  for (const column of NOTIFIER_OPTION_COLUMNS) options = options.addColumn(column, 'boolean', (c) => c.notNull().defaultTo(false));
  await timestamps(options).execute();

  await db.schema
    .createTable('notifier_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notifier_id', 'text', (c) => c.notNull().references('group_events_notifiers.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifier_deliveries_notifier_idx').on('notifier_deliveries').columns(['notifier_id', 'created_at']).execute();
}
