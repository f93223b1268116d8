import type { AnyDb, Engine } from './helpers.js';

/**
 * Scheduled backups (issue 15): one row holding the daily time, how many scheduled backups to keep, the
 * last run (claimed with a compare-and-set, so one process runs each day's backup) and the last verified
 * backup. Not instance data: a backup neither carries nor restores it.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('backup_schedule')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time', 'text', (c) => c.notNull().defaultTo('03:00'))
    .addColumn('keep', 'integer', (c) => c.notNull().defaultTo(7))
    .addColumn('last_run_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_verified_name', 'text')
    .addColumn('last_verified_at', 'text')
    .addColumn('last_verified_tables', 'integer')
    .addColumn('last_verified_rows', 'integer')
    .addColumn('last_error', 'text')
    .execute();
  await db.insertInto('backup_schedule').values({ id: 1 }).execute();
}
