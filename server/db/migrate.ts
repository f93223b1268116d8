import { sql } from 'kysely';
import type { DbHandle } from './connect.js';
import type { AnyDb, Engine } from './migrations/helpers.js';
import * as m0001 from './migrations/0001_accounts.js';
import * as m0002 from './migrations/0002_recipes.js';
import * as m0003 from './migrations/0003_search.js';
import * as m0004reports from './migrations/0004_reports.js';
import * as m0005groupExports from './migrations/0005_group_exports.js';
import * as m0006 from './migrations/0006_recipe_order_index.js';
import * as m0009mealplans from './migrations/0009_mealplans.js';
import * as m0010shopping from './migrations/0010_shopping.js';
import * as m0011households from './migrations/0011_households.js';
import * as m0012automation from './migrations/0012_automation.js';
import * as m0013backups from './migrations/0013_backups.js';
import * as m0014recipeCounts from './migrations/0014_recipe_counts.js';
import * as m0015searchGroup from './migrations/0015_search_group.js';
import * as m0016recipeTrigrams from './migrations/0016_recipe_trigrams.js';
import * as m0017organizerNames from './migrations/0017_organizer_name_index.js';
import * as m0018searchFilterSpeed from './migrations/0018_search_filter_speed.js';
import * as m0019listVersion from './migrations/0019_list_version.js';
import * as m0020searchCount from './migrations/0020_search_count.js';
import * as m0021searchCountOneGroup from './migrations/0021_search_count_one_group.js';
import * as m0022recipeListKeys from './migrations/0022_recipe_list_keys.js';
import * as m0023recipeVersionSources from './migrations/0023_recipe_version_sources.js';
import * as m0033foodKnowledge from './migrations/0033_food_knowledge.js';
import * as m0035oneChangeStream from './migrations/0035_one_change_stream.js';
import * as m0034backupVerifications from './migrations/0034_backup_verifications.js';
import * as m0037automationTestsFoodExtras from './migrations/0037_automation_tests_food_extras.js';
import * as m0039microsecondTimestamps from './migrations/0039_microsecond_timestamps.js';
import * as m0041groupVersions from './migrations/0041_group_versions.js';
import * as m0042cookingFoods from './migrations/0042_cooking_and_interchangeable_foods.js';
import * as m0043recipeImages from './migrations/0043_recipe_images.js';
import * as m0044idempotencyKeys from './migrations/0044_idempotency_keys.js';
import * as m0045ratingVersions from './migrations/0045_rating_versions.js';
import * as m0046foodLookups from './migrations/0046_food_lookups.js';
import * as m0047recipeStamps from './migrations/0047_recipe_stamps.js';
import * as m0007platform from './migrations/0007_platform.js';
import * as m0008sessions from './migrations/0008_hardening_sessions.js';
import * as m0008uniqueNames from './migrations/0008_hardening_unique_names.js';

type Migration = { up(db: AnyDb, engine: Engine): Promise<void> };

/** Ordered list of migrations; a name is never reused or edited once landed. */
export const MIGRATIONS: Array<[string, Migration]> = [
  ['0001_accounts', m0001],
  ['0002_recipes', m0002],
  ['0003_search', m0003],
  ['0004_reports', m0004reports],
  ['0005_group_exports', m0005groupExports],
  ['0006_recipe_order_index', m0006],
  ['0007_platform', m0007platform],
  ['0008_hardening_sessions', m0008sessions],
  ['0008_hardening_unique_names', m0008uniqueNames],
  ['0009_mealplans', m0009mealplans],
  ['0010_shopping', m0010shopping],
  ['0011_households', m0011households],
  ['0012_automation', m0012automation],
  ['0013_backups', m0013backups],
  ['0014_recipe_counts', m0014recipeCounts],
  ['0015_search_group', m0015searchGroup],
  ['0016_recipe_trigrams', m0016recipeTrigrams],
  ['0017_organizer_name_index', m0017organizerNames],
  ['0018_search_filter_speed', m0018searchFilterSpeed],
  ['0019_list_version', m0019listVersion],
  ['0020_search_count', m0020searchCount],
  ['0021_search_count_one_group', m0021searchCountOneGroup],
  ['0022_recipe_list_keys', m0022recipeListKeys],
  ['0023_recipe_version_sources', m0023recipeVersionSources],
  ['0033_food_knowledge', m0033foodKnowledge],
  ['0034_backup_verifications', m0034backupVerifications],
  ['0035_one_change_stream', m0035oneChangeStream],
  ['0037_automation_tests_food_extras', m0037automationTestsFoodExtras],
  ['0039_microsecond_timestamps', m0039microsecondTimestamps],
  ['0041_group_versions', m0041groupVersions],
  ['0042_cooking_and_interchangeable_foods', m0042cookingFoods],
  ['0043_recipe_images', m0043recipeImages],
  ['0044_idempotency_keys', m0044idempotencyKeys],
  ['0045_rating_versions', m0045ratingVersions],
  ['0046_food_lookups', m0046foodLookups],
  ['0047_recipe_stamps', m0047recipeStamps],
];

/** Held while migrating and seeding on PostgreSQL, so processes started together take turns. */
export const MIGRATION_LOCK = 7_307_000;

/**
 * Runs pending migrations, each in its own transaction, recording them in `hearth_migrations`.
 * Written once for both dialects: the schema builder emits each engine's DDL. On PostgreSQL the whole run
 * holds a session advisory lock: a second process started at the same moment waits, then finds nothing to do.
 */
export async function migrate(handle: DbHandle, options: { until?: string } = {}): Promise<string[]> {
  if (handle.engine !== 'postgres') return runMigrations(handle.db as unknown as AnyDb, handle.engine, options.until);
  return withMigrationLock(handle, (db) => runMigrations(db, handle.engine, options.until));
}

/** Runs `fn` on one connection holding the PostgreSQL migration lock (released even when fn throws). */
export async function withMigrationLock<T>(handle: DbHandle, fn: (db: AnyDb) => Promise<T>): Promise<T> {
  return (handle.db as unknown as AnyDb).connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/** Runs the pending migrations in order; with `until`, stops after that one (an older release's schema, for tests). */
async function runMigrations(db: AnyDb, engine: DbHandle['engine'], until?: string): Promise<string[]> {
  if (until !== undefined && !MIGRATIONS.some(([name]) => name === until)) throw new Error(`No migration is named ${until}`);
  await db.schema
    .createTable('hearth_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const done = new Set(
    (await db.selectFrom('hearth_migrations').select('name').execute()).map((r: { name: string }) => r.name),
  );
  const applied: string[] = [];
  for (const [name, migration] of MIGRATIONS) {
    if (!done.has(name)) {
      await db.transaction().execute(async (trx) => {
        if (engine === 'postgres') await sql`SET LOCAL lock_timeout = '30s'`.execute(trx);
        await migration.up(trx, engine);
        await trx.insertInto('hearth_migrations').values({ name, applied_at: new Date().toISOString() }).execute();
      });
      applied.push(name);
    }
    if (name === until) break;
  }
  return applied;
}
