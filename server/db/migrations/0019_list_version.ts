import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * Every table a recipe list can read (the recipes, their organizers and links, ratings, ingredients' foods
 * and units, users, households, the search index) bumps one number, `hearth_list_version.version`, in the
 * transaction that changes it, whatever the path (the API, imports, restores, plain SQL). A served list page
 * is reused while that number has not moved (server/platform/read-cache.ts), so a repeated list costs one
 * lookup instead of six queries and a serialisation, and is never stale: the number and the rows commit
 * together. `hearth_` keeps it out of backups.
 */
export const LIST_SOURCE_TABLES = [
  'recipes', 'recipes_to_categories', 'recipes_to_tags', 'recipes_to_tools', 'categories', 'tags', 'tools', 'households_to_tools',
  'users_to_recipes', 'recipes_ingredients', 'ingredient_foods', 'ingredient_units', 'households_to_ingredient_foods', 'users', 'households',
  'household_preferences', 'groups', 'recipe_search_terms', 'recipe_search_term_variants',
] as const;

/** The search index's own tables differ by engine (SQLite's FTS table itself cannot carry triggers). */
export function listSourceTables(engine: Engine): string[] {
  return [...LIST_SOURCE_TABLES, ...(engine === 'sqlite' ? ['recipe_search_docs'] : ['recipe_search_documents', 'recipe_search_words'])];
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema.createTable('hearth_list_version').addColumn('version', 'bigint', (c) => c.notNull()).execute();
  await sql`insert into hearth_list_version (version) values (1)`.execute(db);

  if (engine === 'sqlite') return addVersionTriggers(db, engine, listSourceTables(engine));

  // PostgreSQL: the bump is deferred to commit, once per transaction, so the version row is locked only at
  // the very end of a writing transaction (after every other lock it takes: no deadlock through it), and a
  // bulk write of thousands of rows updates it once.
  await sql`create function hearth_list_changed() returns trigger language plpgsql as $$
    begin
      if current_setting('hearth.list_changed', true) is distinct from 'yes' then
        perform set_config('hearth.list_changed', 'yes', true);
        update hearth_list_version set version = version + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function hearth_list_truncated() returns trigger language plpgsql as $$
    begin
      update hearth_list_version set version = version + 1;
      return null;
    end $$`.execute(db);
  await addVersionTriggers(db, engine, listSourceTables(engine));
}

/**
 * Makes every write to `tables` move the version (on PostgreSQL through the functions `up` creates). Since
 * migration 0041 the version is per group: a later migration uses its `addGroupVersionTriggers` instead.
 */
export async function addVersionTriggers(db: AnyDb, engine: Engine, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (engine === 'sqlite') {
      // SQLite has one writer at a time: a row trigger's one-row update costs about a microsecond.
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.id(`hearth_lv_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
          update hearth_list_version set version = version + 1;
        end`.execute(db);
      }
      continue;
    }
    await sql`create constraint trigger ${sql.id(`hearth_lv_${table}`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute procedure hearth_list_changed()`.execute(db);
    await sql`create trigger ${sql.id(`hearth_lv_${table}_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute procedure hearth_list_truncated()`.execute(db);
  }
}
