import type { Deps } from '../deps.js';

export type { EnqueueOptions, JobQueue } from './queue.js';

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
export interface JobHandler<T = unknown> {
  name: string;
  handle(data: T, ctx: JobContext): Promise<unknown>;
  /** Attempts before the job is marked failed (default 3). */
  maxAttempts?: number;
}

