import type { Kysely, Transaction } from 'kysely';
import type { JobStatus } from '../../../contract/jobs.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../deps.js';

export interface JobContext {
  deps: Deps;
  jobId: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Who enqueued it (enqueue option userId/groupId), when given. */
  userId: string | null;
  groupId: string | null;
  /** Records progress, shown by GET /api/jobs/{id} (e.g. {done: 3, total: 10}). */
  progress(value: unknown): Promise<void>;
}

/**
 * A durable job's handler, listed in `jobHandlers` (server/modules/index.ts). It may run more than once for
 * one job (a crash mid-run, a retry after an error): make it idempotent. Its return value (JSON) is kept
 * as the job's output; a throw retries it with back-off until maxAttempts, then the job is `failed`.
 */
export interface JobHandler<T = any> {
  name: string;
  handle(data: T, ctx: JobContext): Promise<unknown>;
  /** Attempts before the job is marked failed (default 3). */
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /** While a job with this name and key is waiting or running, enqueue returns that job's id instead. */
  singletonKey?: string;
  /** Not before this time. */
  runAt?: Date;
  /** The owner: only they see GET /api/jobs/{id}. */
  userId?: string;
  groupId?: string;
  maxAttempts?: number;
  /** Enqueue inside this transaction: the job exists only if it commits. */
  trx?: Transaction<Database> | Kysely<Database>;
}

/** deps.jobs: one interface over pg-boss (PostgreSQL) and the table runner (SQLite). */
export interface JobQueue {
  /** Returns the job's id (or, with a singletonKey already waiting or running, that job's id). */
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  get(id: string): Promise<(JobStatus & { userId: string | null }) | null>;
  /** Starts working (the worker role); refuses to start when a waiting job names no handler. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when no job of this process is running and none is due (tests). */
  idle(): Promise<void>;
}
