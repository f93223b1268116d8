import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * Issue 40 item 7: timestamps are stored and served with microseconds, as Mealie's (`…T03:04:05.123456Z`,
 * server/db/timestamps.ts). Rows written before held milliseconds (`…T03:04:05.123Z`); they are rewritten to the
 * same moment in the new form, so every stored time has one width and text order stays time order (lists
 * ordered by date, query filters comparing dates). Only values in exactly the old form change.
 */
const TIMESTAMP_COLUMNS: Record<string, string[]> = {
  groups: ['created_at', 'update_at'],
  group_preferences: ['created_at', 'update_at'],
  households: ['created_at', 'update_at'],
  household_preferences: ['created_at', 'update_at'],
  users: ['created_at', 'update_at', 'locked_at'],
  long_live_tokens: ['created_at'],
  multi_purpose_labels: ['created_at', 'update_at'],
  categories: ['created_at', 'update_at'],
  tags: ['created_at', 'update_at'],
  tools: ['created_at', 'update_at'],
  ingredient_units: ['created_at', 'update_at'],
  ingredient_foods: ['created_at', 'update_at'],
  recipes: ['created_at', 'update_at', 'date_updated', 'last_made'],
  users_to_recipes: ['created_at', 'update_at'],
  recipe_comments: ['created_at', 'update_at'],
  recipe_timeline_events: ['created_at', 'update_at', 'timestamp'],
  recipe_share_tokens: ['created_at', 'update_at', 'expires_at'],
  group_meal_plans: ['created_at', 'update_at'],
  group_meal_plan_rules: ['created_at', 'update_at'],
  shopping_lists: ['created_at', 'update_at'],
  shopping_list_items: ['created_at', 'update_at'],
  cookbooks: ['created_at', 'update_at'],
  recipe_actions: ['created_at', 'update_at'],
  webhook_urls: ['created_at', 'update_at', 'last_test_at'],
  group_events_notifiers: ['created_at', 'update_at', 'last_test_at'],
};

/** `2024-01-02T03:04:05.123Z` (24 characters); LIKE's `_` is one character on both engines. */
const OLD_FORM = '____-__-__T__:__:__.___Z';

export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  for (const [table, columns] of Object.entries(TIMESTAMP_COLUMNS)) {
    for (const column of columns) {
      const c = sql.ref(column);
      await sql`UPDATE ${sql.table(table)} SET ${c} = substr(${c}, 1, 23) || '000Z' WHERE ${c} LIKE ${OLD_FORM}`.execute(db);
    }
  }
}
