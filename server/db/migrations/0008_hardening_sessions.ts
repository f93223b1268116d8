import type { AnyDb, Engine } from './helpers.js';

/**
 * Sign-in sessions: every access token names one (its `sid` claim) and is valid only while the row exists,
 * so logout ends that session and a password change or reset ends the others.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('user_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_sessions_user_idx').on('user_sessions').columns(['user_id']).execute();
}
