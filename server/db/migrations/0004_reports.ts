import type { AnyDb, Engine } from './helpers.js';

/**
 * Group reports (Mealie's group_reports and report_entries): what a bulk import, a migration, a backup or
 * a restore did, one entry per item, read back by GET /api/groups/reports.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('group_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('update_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_reports_group_idx').on('group_reports').columns(['group_id', 'category']).execute();

  await db.schema
    .createTable('report_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('report_id', 'text', (c) => c.notNull().references('group_reports.id').onDelete('cascade'))
    .addColumn('success', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('exception', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_entries_report_idx').on('report_entries').columns(['report_id', 'position']).execute();
}
