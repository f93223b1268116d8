import type { AnyDb, Engine } from './helpers.js';
import { timestamps } from './helpers.js';

/**
 * Group data exports (Mealie's group_data_exports): the zips written by POST /api/recipes/bulk-actions/export
 * under DATA_DIR/groups/{group_id}/export/, listed, downloaded and purged through the bulk-actions API.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await timestamps(
    db.schema
      .createTable('group_data_exports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('expires', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('group_data_exports_group_idx').on('group_data_exports').columns(['group_id', 'expires']).execute();
}
