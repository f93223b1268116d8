import crypto from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { assertHandlers, errorText, getJob, insertJob, refuseOrphans, unknownJob } from './ledger.js';
import type { EnqueueOptions, JobHandler, JobQueue } from './types.js';
// Required when PostgreSQL's job queue first starts: a SQLite install never loads it.
import { loadPgBoss } from '../../lazy.js';

export const JOBS_CHANNEL = 'hearth_jobs';

export interface PgBossQueueOptions {
  /** A running job not finished after this long is considered lost (its process died) and retried. */
  leaseSeconds?: number;
  /** How often pg-boss looks for lost jobs (seconds). */
  maintenanceSeconds?: number;
  pollSeconds?: number;
  /** How often an idle worker without pg-boss running looks for waiting jobs (seconds). */
  checkSeconds?: number;
  /** Our own lease on a running job, renewed while it runs: a job whose process died is retried once it lapses (ms). */
  leaseMs?: number;
  concurrency?: number;
  log?: (message: string, err?: unknown) => void;
}

/** pg-boss's executor over a Kysely connection or transaction, so a job is sent in the caller's transaction. */
function executor(db: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as Array<Record<string, unknown>> };
    },
  };
}

/**
 * Jobs on PostgreSQL: pg-boss 10 (its tables in the `pgboss` schema) runs them — leases, retries with back-off,
 * lost jobs retried after their lease — and hearth_jobs keeps what GET /api/jobs/{id} shows (owner, progress,
 * output). pg-boss starts on first use (enqueue or the worker role's start()).
 */
const RETRYABLE = new Set(['40P01', '40001', '23505']); // deadlock, serialization failure, a racing insert

async function withRetries<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.floor(Math.random() * 30)));
    }
  }
}

export class PgBossJobQueue implements JobQueue {
  private readonly handlers: Map<string, JobHandler>;
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private readonly workerIds: string[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private working = false;
  private workersStarted = false;
  private workersStarting: Promise<void> | null = null;
  private check: NodeJS.Timeout | null = null;
  private recover: NodeJS.Timeout | null = null;
  private readonly owner = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

  constructor(private readonly deps: Deps, private readonly url: string, handlers: readonly JobHandler[], private readonly options: PgBossQueueOptions = {}) {
    this.handlers = assertHandlers(handlers);
  }

  private ensureBoss(): Promise<PgBoss> {
    if (this.boss) return Promise.resolve(this.boss);
    // A fresh instance per try: processes starting together may deadlock in pg-boss's own setup too.
    this.starting ??= withRetries(async () => {
      const boss = new (loadPgBoss())({
        connectionString: this.url,
        schema: 'pgboss',
        max: 4,
        schedule: false,
        supervise: true,
        migrate: true,
        maintenanceIntervalSeconds: this.options.maintenanceSeconds ?? 30,
        // pg-boss empties its own archive of finished jobs after the days Hearth keeps finished jobs (0: ~forever).
        deleteAfterDays: this.deps.config.retention.jobsDays || 36_500,
      });
      boss.on('error', (err) => this.options.log?.('pg-boss', err));
      try {
        await this.setUp(boss);
      } catch (err) {
        await boss.stop({ graceful: false }).catch(() => undefined);
        throw err;
      }
      this.boss = boss;
      return boss;
    }, 4);
    // A start that failed is not kept: the next enqueue or wake-up starts again.
    this.starting.catch(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async setUp(boss: PgBoss): Promise<void> {
    await boss.start();
    for (const handler of this.handlers.values()) {
      // Processes starting together create the same queues at once; PostgreSQL may pick one of them as a
      // deadlock victim. The queue is there (or will be) either way: try again shortly.
      await withRetries(() =>
        boss.createQueue(handler.name, {
          name: handler.name,
          retryLimit: Math.max(0, (handler.maxAttempts ?? 3) - 1),
          retryDelay: 1,
          retryBackoff: true,
          expireInSeconds: this.options.leaseSeconds ?? 15 * 60,
        }),
      );
    }
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const handler = this.handlers.get(name);
    if (!handler) throw unknownJob(name);
    const boss = await this.ensureBoss();
    const write = async (db: Kysely<Database>) => {
      const { id, created } = await insertJob(db, handler, data, options);
      if (!created) return id;
      const maxAttempts = options.maxAttempts ?? handler.maxAttempts ?? 3;
      await boss.send(name, { jobId: id }, {
        id,
        startAfter: options.runAt,
        retryLimit: Math.max(0, maxAttempts - 1),
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds: this.options.leaseSeconds ?? 15 * 60,
        db: executor(db),
      });
      await sql`SELECT pg_notify(${JOBS_CHANNEL}, ${name})`.execute(db);
      return id;
    };
    const trx = options.trx;
    if (trx?.isTransaction) return write(trx);
    return this.deps.db.transaction().execute(write);
  }

  get(id: string) {
    return getJob(this.deps.db, id);
  }

  /**
   * The worker role. pg-boss itself starts only once there is work (a waiting job now, a local enqueue, a
   * wake-up from another process's enqueue, or the slow check), so an idle process costs one small query.
   */
  async start(): Promise<void> {
    if (this.working) return;
    await refuseOrphans(this.deps.db, this.handlers);
    this.working = true;
    if (this.handlers.size === 0) return;
    this.check = setInterval(() => this.startWorkersIfWaiting(), (this.options.checkSeconds ?? 5) * 1000);
    this.check.unref();
    await this.startWorkersIfWaiting();
  }

  private async startWorkersIfWaiting(): Promise<void> {
    if (!this.working || this.workersStarted) return;
    const waiting = await this.deps.db.selectFrom('hearth_jobs').select('id').where('state', 'in', ['created', 'retry', 'active']).limit(1).executeTakeFirst();
    if (waiting) await this.startWorkers();
  }

  private startWorkers(): Promise<void> {
    this.workersStarting ??= this.attachWorkers().catch((err) => {
      this.workersStarting = null;
      this.options.log?.('pg-boss workers failed to start', err);
    });
    return this.workersStarting;
  }

  private async attachWorkers(): Promise<void> {
    const boss = await this.ensureBoss();
    if (!this.working) return;
    this.workersStarted = true;
    const leaseMs = this.options.leaseMs ?? 60_000;
    this.recover = setInterval(() => void this.recoverLost().catch((err) => this.options.log?.('job recovery failed', err)), Math.max(200, leaseMs / 2));
    this.recover.unref();
    await this.recoverLost();
    for (const handler of this.handlers.values()) {
      const workerId = await boss.work<{ jobId: string }>(
        handler.name,
        { batchSize: 1, pollingIntervalSeconds: this.options.pollSeconds ?? 2 },
        async ([job]) => {
          const p = this.run(handler, job.data.jobId);
          this.running.add(p);
          try {
            return await p;
          } finally {
            this.running.delete(p);
          }
        },
      );
      this.workerIds.push(workerId);
    }
  }

  /** A wake-up from an enqueue here or in another process (LISTEN hearth_jobs). */
  wake(): void {
    if (!this.working) return;
    if (!this.workersStarted) {
      void this.startWorkers();
      return;
    }
    for (const id of this.workerIds) this.boss?.notifyWorker(id);
  }

  /**
   * pg-boss has no heartbeat: a job whose process died stays active until its (long) expiry. Our lease in
   * hearth_jobs is renewed while the handler runs; once it lapses the job is failed in pg-boss, which
   * retries it (or gives up after maxAttempts) at once.
   */
  private async recoverLost(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    const lost = await this.deps.db
      .selectFrom('hearth_jobs')
      .select(['id', 'name', 'attempts', 'max_attempts'])
      .where('state', '=', 'active')
      .where('lease_until', '<', new Date().toISOString())
      .execute();
    for (const job of lost) {
      const claimed = await this.deps.db
        .updateTable('hearth_jobs')
        .set({ state: job.attempts >= job.max_attempts ? 'failed' : 'retry', error: 'The process running this job stopped', lease_owner: null, lease_until: null })
        .where('id', '=', job.id)
        .where('state', '=', 'active')
        .where('lease_until', '<', new Date().toISOString())
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      await boss.fail(job.name, job.id, { message: 'lease expired' });
    }
  }

  private async run(handler: JobHandler, jobId: string): Promise<unknown> {
    const db = this.deps.db;
    const leaseMs = this.options.leaseMs ?? 60_000;
    const row = await db
      .updateTable('hearth_jobs')
      .set((eb) => ({
        state: 'active',
        attempts: eb('attempts', '+', 1),
        started_at: new Date().toISOString(),
        lease_owner: this.owner,
        lease_until: new Date(Date.now() + leaseMs).toISOString(),
      }))
      .where('id', '=', jobId)
      .where('state', 'in', ['created', 'retry', 'active'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null; // already finished (a duplicate delivery) or never committed
    const renew = setInterval(() => {
      void db
        .updateTable('hearth_jobs')
        .set({ lease_until: new Date(Date.now() + leaseMs).toISOString() })
        .where('id', '=', jobId)
        .where('lease_owner', '=', this.owner)
        .execute()
        .catch(() => undefined);
    }, Math.max(50, Math.floor(leaseMs / 3)));
    renew.unref();
    try {
      const output = await handler.handle(JSON.parse(row.data), {
        deps: this.deps,
        jobId,
        attempt: row.attempts,
        userId: row.user_id,
        groupId: row.group_id,
        progress: async (value) => {
          await db.updateTable('hearth_jobs').set({ progress: JSON.stringify(value ?? null) }).where('id', '=', jobId).execute();
        },
      });
      await db
        .updateTable('hearth_jobs')
        .set({ state: 'completed', output: output === undefined ? null : JSON.stringify(output), error: null, finished_at: new Date().toISOString(), lease_owner: null, lease_until: null })
        .where('id', '=', jobId)
        .execute();
      return output ?? null;
    } catch (err) {
      this.options.log?.(`job ${handler.name} ${jobId} failed (attempt ${row.attempts})`, err);
      const last = row.attempts >= row.max_attempts;
      await db
        .updateTable('hearth_jobs')
        .set({ state: last ? 'failed' : 'retry', error: errorText(err), finished_at: last ? new Date().toISOString() : null, lease_owner: null, lease_until: null })
        .where('id', '=', jobId)
        .execute()
        .catch(() => undefined);
      throw err;
    } finally {
      clearInterval(renew);
    }
  }

  async idle(): Promise<void> {
    for (;;) {
      await Promise.allSettled([...this.running]);
      const pending = await this.deps.db
        .selectFrom('hearth_jobs')
        .select('id')
        .where('state', 'in', ['created', 'retry', 'active'])
        .where('run_at', '<=', new Date().toISOString())
        .limit(1)
        .executeTakeFirst();
      if (!pending || !this.working) return;
      if (this.workersStarted) this.wake();
      else await this.startWorkers();
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    this.working = false;
    if (this.check) clearInterval(this.check);
    if (this.recover) clearInterval(this.recover);
    await this.workersStarting;
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    this.boss = null;
    this.starting = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    await Promise.allSettled([...this.running]);
  }
}
