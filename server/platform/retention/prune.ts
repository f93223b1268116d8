import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Removal of old rows from the platform's tables that only ever grow. Each function deletes in batches (a
 * big backlog never holds a long lock) and returns how many rows went. What is still needed is never touched:
 * - hearth_events: only events every subscriber has passed (its cursor in hearth_event_cursors), older than
 *   the cut-off, and never the newest event (a new subscriber's cursor starts from it);
 * - hearth_event_failures: only entries of events already removed (their subscriber has moved past them);
 * - hearth_jobs: only finished jobs (completed or failed), by their finish time; waiting, running and retrying
 *   jobs stay, however old;
 * - pgboss.archive (PostgreSQL): pg-boss's own copy of finished jobs, by the time it was archived.
 */
const BATCH = 5000;

type Db = Kysely<Database>;

async function inBatches(remove: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await remove();
    total += n;
    if (n < BATCH) return total;
  }
}

const removed = (result: ReadonlyArray<{ numDeletedRows: bigint }>) => Number(result[0]?.numDeletedRows ?? 0n);

/**
 * The id up to which every subscriber that still counts has read: those this build declares, and any other
 * cursor moved within the window (a subscriber another process still runs). A cursor untouched for longer
 * than the window belongs to a subscriber that is gone, and holds nothing back.
 */
export async function passedByAllSubscribers(db: Db, subscribers: readonly string[], cutoffIso: string): Promise<number> {
  const cursors = await db.selectFrom('hearth_event_cursors').select(['subscriber', 'last_event_id', 'update_at']).execute();
  const live = cursors.filter((c) => subscribers.includes(c.subscriber) || c.update_at >= cutoffIso);
  const newest = await db.selectFrom('hearth_events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  // Never the newest event: ids keep rising from it.
  let bound = Number(newest?.max ?? 0) - 1;
  for (const c of live) bound = Math.min(bound, Number(c.last_event_id));
  return bound;
}

/** Events older than the cut-off that every subscriber has passed, then failure entries of removed events. */
export async function pruneEvents(db: Db, cutoffIso: string, subscribers: readonly string[]): Promise<{ events: number; failures: number }> {
  const bound = await passedByAllSubscribers(db, subscribers, cutoffIso);
  if (bound <= 0) return { events: 0, failures: 0 };
  const events = await inBatches(async () =>
    removed(
      await db
        .deleteFrom('hearth_events')
        .where('id', 'in', (eb) => eb.selectFrom('hearth_events').select('id').where('id', '<=', bound).where('created_at', '<', cutoffIso).orderBy('id').limit(BATCH))
        .execute(),
    ),
  );
  const oldest = await db.selectFrom('hearth_events').select((eb) => eb.fn.min('id').as('min')).executeTakeFirst();
  const keepFrom = oldest?.min == null ? bound + 1 : Math.min(Number(oldest.min), bound + 1);
  const failures = await inBatches(async () =>
    removed(
      await db
        .deleteFrom('hearth_event_failures')
        .where('id', 'in', (eb) => eb.selectFrom('hearth_event_failures').select('id').where('event_id', '<', keepFrom).where('created_at', '<', cutoffIso).orderBy('id').limit(BATCH))
        .execute(),
    ),
  );
  return { events, failures };
}

/** Finished jobs (completed, failed) whose finish is older than the cut-off. */
export async function pruneJobs(db: Db, cutoffIso: string): Promise<number> {
  return inBatches(async () =>
    removed(
      await db
        .deleteFrom('hearth_jobs')
        .where('id', 'in', (eb) =>
          eb.selectFrom('hearth_jobs').select('id').where('state', 'in', ['completed', 'failed']).where('finished_at', 'is not', null).where('finished_at', '<', cutoffIso).limit(BATCH),
        )
        .execute(),
    ),
  );
}

/** Whether pg-boss has made its tables here (it does on first use). */
export async function hasPgBossArchive(db: Db): Promise<boolean> {
  const row = await sql<{ found: string | null }>`select to_regclass('pgboss.archive')::text as found`.execute(db);
  return !!row.rows[0]?.found;
}

/** pg-boss's archive of finished jobs (PostgreSQL), by the time each was archived. */
export async function prunePgBossArchive(db: Db, cutoffIso: string): Promise<number> {
  if (!(await hasPgBossArchive(db))) return 0;
  return inBatches(async () => {
    const result = await sql`delete from pgboss.archive where (name, id) in (select name, id from pgboss.archive where archived_on < ${cutoffIso}::timestamptz limit ${BATCH})`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
  });
}
