import type { AnyDb } from './helpers.js';

/**
 * One change stream (issue 39): the outbox (hearth_events) is the only source of live updates, so the shopping
 * area's own change log, which every shopping write filled beside its events, goes. A list page follows the
 * household stream (GET /api/households/events/stream) and replays from Last-Event-ID like every other screen.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('shopping_list_changes_list_idx').ifExists().execute();
  await db.schema.dropTable('shopping_list_changes').ifExists().execute();
}
