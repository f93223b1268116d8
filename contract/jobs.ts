import { z } from 'zod';

/** States of a durable job (GET /api/jobs/{id}). `retry`: failed, waiting for its next attempt. */
export const jobState = z.enum(['created', 'active', 'retry', 'completed', 'failed']);
export type JobState = z.infer<typeof jobState>;

export const jobStatus = z.object({
  id: z.string(),
  name: z.string(),
  state: jobState,
  attempts: z.number(),
  maxAttempts: z.number(),
  /** Whatever the handler last reported through ctx.progress (e.g. {done: 3, total: 10}). */
  progress: z.unknown().nullable(),
  /** The handler's return value once completed. */
  output: z.unknown().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatus>;
