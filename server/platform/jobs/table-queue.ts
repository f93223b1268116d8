import crypto from 'node:crypto';
import type { Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { outsideRequest } from '../../db/query-count.js';
import { assertHandlers, errorText, getJob, insertJob, jobBackoffMs, refuseOrphans, unknownJob } from './ledger.js';
import type { EnqueueOptions, JobHandler, JobQueue } from './types.js';

export interface TableQueueOptions {
  /** How long a running job is held before another process may take it over (its runner died). */
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  log?: (message: string, err?: unknown) => void;
}

/**
 * The job runner on SQLite: hearth_jobs is the queue. A job is claimed with one UPDATE … RETURNING that also
 * takes a lease (renewed while the handler runs); a job whose process died is taken again once its lease
 * has expired, so it survives a crash or a restart.
 */
export class TableJobQueue implements JobQueue {
  private readonly handlers: Map<string, JobHandler>;
  private readonly owner = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private pumping = false;
  private again = false;
  private readonly leaseMs: number;

  constructor(private readonly deps: Deps, handlers: readonly JobHandler[], private readonly options: TableQueueOptions = {}) {
    this.handlers = assertHandlers(handlers);
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const handler = this.handlers.get(name);
    if (!handler) throw unknownJob(name);
    const { id } = await insertJob(options.trx ?? this.deps.db, handler, data, options);
    if (this.started) outsideRequest(() => setImmediate(() => this.wake()));
    return id;
  }

  get(id: string) {
    return getJob(this.deps.db, id);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await refuseOrphans(this.deps.db, this.handlers);
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.wake();
  }

  wake(): void {
    if (!this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.pump()
      .catch((err) => this.options.log?.('job runner: claim failed', err))
      .finally(() => {
        this.pumping = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pump(): Promise<void> {
    const limit = this.options.concurrency ?? 2;
    while (this.started && this.running.size < limit) {
      const job = await this.claim();
      if (!job) return;
      const p = this.execute(job).finally(() => {
        this.running.delete(p);
        this.wake();
      });
      this.running.add(p);
    }
  }

  private async claim() {
    const now = new Date();
    const iso = now.toISOString();
    const db = this.deps.db as Kysely<Database>;
    const next = db
      .selectFrom('hearth_jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', 'in', ['created', 'retry']), eb('run_at', '<=', iso)]),
          eb.and([eb('state', '=', 'active'), eb('lease_until', '<', iso)]),
        ]),
      )
      .where('name', 'in', [...this.handlers.keys()])
      .orderBy('run_at')
      .orderBy('created_at')
      .limit(1);
    return db
      .updateTable('hearth_jobs')
      .set((eb) => ({
        state: 'active',
        attempts: eb('attempts', '+', 1),
        lease_owner: this.owner,
        lease_until: new Date(now.getTime() + this.leaseMs).toISOString(),
        started_at: iso,
      }))
      .where('id', '=', next)
      .where((eb) =>
        eb.or([eb('state', 'in', ['created', 'retry']), eb.and([eb('state', '=', 'active'), eb('lease_until', '<', iso)])]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  private async execute(job: NonNullable<Awaited<ReturnType<TableJobQueue['claim']>>>): Promise<void> {
    const handler = this.handlers.get(job.name)!;
    const db = this.deps.db;
    const mine = (q: UpdateQueryBuilder<Database, 'hearth_jobs', 'hearth_jobs', UpdateResult>) => q.where('id', '=', job.id).where('lease_owner', '=', this.owner);
    const renew = setInterval(() => {
      mine(db.updateTable('hearth_jobs').set({ lease_until: new Date(Date.now() + this.leaseMs).toISOString() }))
        .execute()
        .catch(() => undefined);
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      const output = await handler.handle(JSON.parse(job.data), {
        deps: this.deps,
        jobId: job.id,
        attempt: job.attempts,
        userId: job.user_id,
        groupId: job.group_id,
        progress: async (value) => {
          await mine(db.updateTable('hearth_jobs').set({ progress: JSON.stringify(value ?? null) })).execute();
        },
      });
      clearInterval(renew);
      await mine(
        db.updateTable('hearth_jobs').set({
          state: 'completed',
          output: output === undefined ? null : JSON.stringify(output),
          error: null,
          lease_owner: null,
          lease_until: null,
          finished_at: new Date().toISOString(),
        }),
      ).execute();
    } catch (err) {
      clearInterval(renew);
      this.options.log?.(`job ${job.name} ${job.id} failed (attempt ${job.attempts})`, err);
      const last = job.attempts >= job.max_attempts;
      const wait = (this.options.backoffMs ?? jobBackoffMs)(job.attempts);
      await mine(
        db.updateTable('hearth_jobs').set({
          state: last ? 'failed' : 'retry',
          error: errorText(err),
          run_at: new Date(Date.now() + wait).toISOString(),
          lease_owner: null,
          lease_until: null,
          finished_at: last ? new Date().toISOString() : null,
        }),
      )
        .execute()
        .catch(() => undefined);
    }
  }

  async idle(): Promise<void> {
    for (;;) {
      while (this.running.size > 0 || this.pumping) {
        await Promise.allSettled([...this.running]);
        await new Promise((r) => setTimeout(r, 5));
      }
      const due = await this.deps.db
        .selectFrom('hearth_jobs')
        .select('id')
        .where('state', 'in', ['created', 'retry'])
        .where('run_at', '<=', new Date().toISOString())
        .limit(1)
        .executeTakeFirst();
      if (!due || !this.started) return;
      this.wake();
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }
}
