import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { JobState, JobStatus } from '../../../contract/jobs.js';
import type { Database, HearthJobsTable } from '../../db/schema.js';
import type { EnqueueOptions, JobHandler } from './types.js';

/** hearth_jobs: the queue on SQLite and, on PostgreSQL, the status beside pg-boss. Shared helpers. */

export function assertHandlers(handlers: readonly JobHandler[]): Map<string, JobHandler> {
  const map = new Map<string, JobHandler>();
  for (const h of handlers) {
    if (map.has(h.name)) throw new Error(`Two job handlers are named "${h.name}"`);
    if (!/^[a-z0-9][a-z0-9_.-]*$/.test(h.name)) throw new Error(`Job name "${h.name}": use a-z, 0-9, _ . -`);
    map.set(h.name, h);
  }
  return map;
}

export function unknownJob(name: string): Error {
  return new Error(`No job handler is declared for "${name}" (add it to jobHandlers in server/modules/index.ts)`);
}

/** At boot: a waiting job whose handler is gone would never run; say so instead of starting. */
export async function refuseOrphans(db: Kysely<Database>, handlers: Map<string, JobHandler>): Promise<void> {
  const names = await db.selectFrom('hearth_jobs').select('name').distinct().where('state', 'in', ['created', 'retry', 'active']).execute();
  const missing = names.map((r) => r.name).filter((n) => !handlers.has(n));
  if (missing.length > 0) throw new Error(`Jobs are waiting for handlers that are not declared: ${missing.join(', ')}`);
}

/** Inserts the job row; with a singleton key already waiting or running, returns that job's id instead. */
export async function insertJob(
  db: Kysely<Database>,
  handler: JobHandler,
  data: unknown,
  options: EnqueueOptions,
): Promise<{ id: string; created: boolean }> {
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  const values = {
    id,
    name: handler.name,
    data: JSON.stringify(data ?? null),
    state: 'created',
    singleton_key: options.singletonKey ?? null,
    run_at: (options.runAt ?? new Date()).toISOString(),
    attempts: 0,
    max_attempts: options.maxAttempts ?? handler.maxAttempts ?? 3,
    user_id: options.userId ?? null,
    group_id: options.groupId ?? null,
    created_at: now,
  };
  if (!options.singletonKey) {
    await db.insertInto('hearth_jobs').values(values).execute();
    return { id, created: true };
  }
  const inserted = await db
    .insertInto('hearth_jobs')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['name', 'singleton_key'])
        .where(sql<boolean>`singleton_key is not null and state in ('created', 'active', 'retry')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id, created: true };
  const existing = await db
    .selectFrom('hearth_jobs')
    .select('id')
    .where('name', '=', handler.name)
    .where('singleton_key', '=', options.singletonKey)
    .where('state', 'in', ['created', 'active', 'retry'])
    .executeTakeFirst();
  if (!existing) return insertJob(db, handler, data, options);
  return { id: existing.id, created: false };
}

export function toStatus(row: HearthJobsTable): JobStatus & { userId: string | null } {
  return {
    id: row.id,
    name: row.name,
    state: row.state as JobState,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    progress: row.progress === null ? null : JSON.parse(row.progress),
    output: row.output === null ? null : JSON.parse(row.output),
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    userId: row.user_id,
  };
}

export async function getJob(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('hearth_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStatus(row) : null;
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return (err.message || err.name).slice(0, 2000);
  return String(err).slice(0, 2000);
}

export const jobBackoffMs = (attempt: number) => Math.min(10 * 60_000, 1000 * 2 ** (attempt - 1));
