import type { Kysely, Transaction } from 'kysely';
import type { JobStatus } from '../../../contract/jobs.js';
import type { Database } from '../../db/schema.js';

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
