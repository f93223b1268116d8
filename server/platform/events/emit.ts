import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { EventInput, EventType, HearthEvent } from '../../../contract/events.js';
import type { Database, HearthEventsTable } from '../../db/schema.js';
import { outsideRequest } from '../../db/query-count.js';

/** PostgreSQL channel that carries "new events committed" between processes. */
export const EVENTS_CHANNEL = 'hearth_events';
/** Serialises event-writing transactions on PostgreSQL so that ids increase in commit order. */
const EVENTS_LOCK = 7_307_001;

const localListeners = new Set<() => void>();

/** Called (soon after) every emitEvent in this process: the SQLite dispatcher's wake-up. */
export function onLocalEmit(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function insertEvent(trx: Kysely<Database>, postgres: boolean, input: EventInput): Promise<number> {
  // Taken before the id is drawn and held to commit: a later id can never commit before an earlier one, so a
  // cursor that has passed id N will never see a smaller id appear afterwards.
  if (postgres) await sql`SELECT pg_advisory_xact_lock(${EVENTS_LOCK})`.execute(trx);
  const row = await trx
    .insertInto('hearth_events')
    .values({
      type: input.type,
      group_id: input.groupId,
      household_id: input.householdId ?? null,
      user_id: input.userId ?? null,
      data: JSON.stringify(input.data ?? {}),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Delivered by PostgreSQL only when (and if) the transaction commits.
  if (postgres) await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${String(row.id)})`.execute(trx);
  return row.id;
}

/**
 * Records an event in the caller's transaction (the outbox). Subscribers and live streams receive it after
 * commit; a rolled-back write announces nothing. Outside a transaction the event is written on its own.
 * Returns the event's id.
 */
export async function emitEvent<T extends EventType>(trx: Transaction<Database> | Kysely<Database>, input: EventInput<T>): Promise<number> {
  const postgres = isPostgres(trx);
  const id = trx.isTransaction
    ? await insertEvent(trx, postgres, input as EventInput)
    : await trx.transaction().execute((t) => insertEvent(t, postgres, input as EventInput));
  // SQLite has one connection behind a mutex: a read queued now runs after this transaction ends.
  if (!postgres) outsideRequest(() => setImmediate(() => localListeners.forEach((listener) => listener())));
  return id;
}

/**
 * Several events recorded in the caller's transaction at once (the outbox, as emitEvent): one statement per
 * 500 events, and on PostgreSQL one lock and one notification, so a write announcing one event per item costs
 * the same few statements however many items it touches. Their ids follow the order given.
 */
export async function emitEvents(trx: Transaction<Database> | Kysely<Database>, inputs: readonly EventInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const postgres = isPostgres(trx);
  const createdAt = new Date().toISOString();
  const insertAll = async (t: Kysely<Database>) => {
    if (postgres) await sql`SELECT pg_advisory_xact_lock(${EVENTS_LOCK})`.execute(t);
    for (let start = 0; start < inputs.length; start += 500) {
      const rows = inputs.slice(start, start + 500).map((input) => ({
        type: input.type,
        group_id: input.groupId,
        household_id: input.householdId ?? null,
        user_id: input.userId ?? null,
        data: JSON.stringify(input.data ?? {}),
        created_at: createdAt,
      }));
      await t.insertInto('hearth_events').values(rows).execute();
    }
    if (postgres) await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(t);
  };
  if (trx.isTransaction) await insertAll(trx);
  else await trx.transaction().execute(insertAll);
  if (!postgres) outsideRequest(() => setImmediate(() => localListeners.forEach((listener) => listener())));
}

export function toEvent(row: Pick<HearthEventsTable, 'type' | 'group_id' | 'household_id' | 'user_id' | 'data' | 'created_at'> & { id: number }): HearthEvent {
  return {
    id: Number(row.id),
    type: row.type as EventType,
    groupId: row.group_id,
    householdId: row.household_id,
    userId: row.user_id,
    data: JSON.parse(row.data),
    createdAt: row.created_at,
  };
}

/** Events after `afterId`, oldest first. */
export async function readEvents(db: Kysely<Database>, afterId: number, limit: number): Promise<HearthEvent[]> {
  const rows = await db.selectFrom('hearth_events').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map(toEvent);
}

export async function lastEventId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('hearth_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0);
}
