import type { AnyDb } from './helpers.js';

/**
 * Every backup's own verification (manual, scheduled, weekly, uploaded) — not only the last scheduled one —
 * with the archive's SHA-256, and whether its copy to S3 (BACKUP_COPY_TO_S3) was made; and a weekly schedule
 * beside the daily one. Operational tables: never written into a backup (backups/introspect.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('backup_verifications')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull())
    .addColumn('tables', 'integer')
    .addColumn('rows', 'integer')
    .addColumn('files', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('error', 'text')
    .addColumn('copied_at', 'text')
    .addColumn('copy_error', 'text')
    .execute();
  await db.schema.alterTable('backup_schedule').addColumn('weekly_enabled', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('backup_schedule').addColumn('weekly_day', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('backup_schedule').addColumn('weekly_keep', 'integer', (c) => c.notNull().defaultTo(4)).execute();
  await db.schema.alterTable('backup_schedule').addColumn('last_weekly_run_at', 'text', (c) => c.notNull().defaultTo('')).execute();
}
