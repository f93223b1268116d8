import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';
import { autoId } from './helpers.js';

/**
 * The platform's tables:
 * - hearth_events: the outbox. A write inserts its event in its own transaction; ids increase in commit
 *   order (PostgreSQL: emitEvent takes a transaction-scoped advisory lock first), so a cursor never skips one.
 * - hearth_event_cursors: per subscriber, the last event delivered, a lease (which process delivers) and
 *   the retry state; hearth_event_failures records every failed delivery.
 * - hearth_jobs: every durable job (the queue itself on SQLite; the status ledger beside pg-boss on PostgreSQL).
 * - hearth_schedules: when each schedule is next due; claiming a due run is one conditional UPDATE.
 * - hearth_settings: small site-wide values (the signing secret when SECRET is not set).
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await autoId(engine, db.schema.createTable('hearth_events'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('household_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hearth_events_household_idx').on('hearth_events').columns(['household_id', 'id']).execute();
  await db.schema.createIndex('hearth_events_group_idx').on('hearth_events').columns(['group_id', 'id']).execute();

  await db.schema
    .createTable('hearth_event_cursors')
    .addColumn('subscriber', 'text', (c) => c.primaryKey())
    .addColumn('last_event_id', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('update_at', 'text', (c) => c.notNull())
    .execute();

  await autoId(engine, db.schema.createTable('hearth_event_failures'))
    .addColumn('subscriber', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('gave_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hearth_event_failures_sub_idx').on('hearth_event_failures').columns(['subscriber', 'event_id']).execute();

  await db.schema
    .createTable('hearth_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('progress', 'text')
    .addColumn('output', 'text')
    .addColumn('error', 'text')
    .addColumn('user_id', 'text')
    .addColumn('group_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('hearth_jobs_due_idx').on('hearth_jobs').columns(['state', 'run_at']).execute();
  await db.schema
    .createIndex('hearth_jobs_singleton_idx')
    .on('hearth_jobs')
    .columns(['name', 'singleton_key'])
    .unique()
    .where(sql.ref('singleton_key'), 'is not', null)
    .where(sql.ref('state'), 'in', ['created', 'active', 'retry'])
    .execute();

  await db.schema
    .createTable('hearth_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'text')
    .addColumn('last_error', 'text')
    .execute();

  await db.schema
    .createTable('hearth_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
