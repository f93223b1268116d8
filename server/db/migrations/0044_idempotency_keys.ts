import type { AnyDb, Engine } from './helpers.js';

/**
 * Issue 41 (offline library): a change queued on a device while offline is sent again until the server
 * answers, so the same request may arrive twice (the answer was lost on the way back). A request that carries
 * an `Idempotency-Key` header is done once per user and key: the key, what it was for and what it created are
 * kept here, and a repeat answers what the first one created. Operational (hearth_*): not in backups. No
 * foreign key to users, so a restore or a user's deletion is never held up by it; old keys are simply unused.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('hearth_idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hearth_idempotency_keys_pk', ['user_id', 'scope', 'key'])
    .execute();
}
