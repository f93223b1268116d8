import type { AnyDb, Engine } from './helpers.js';

/**
 * Issue 40:
 * - a webhook's or notifier's "test" is delivered in the background (Mealie answers at once); its outcome is
 *   kept on the row (`last_test_at`, `last_test_status`: sending | sent | failed, `last_test_error`) and shown
 *   on the page;
 * - a food keeps its `extras` (Mealie's IngredientFood.extras, a JSON object of strings).
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  for (const table of ['webhook_urls', 'group_events_notifiers']) {
    await db.schema.alterTable(table).addColumn('last_test_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('last_test_status', 'text').execute();
    await db.schema.alterTable(table).addColumn('last_test_error', 'text').execute();
  }
  await db.schema.alterTable('ingredient_foods').addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}
