import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { assertHandlers, errorText, getJob, insertJob, refuseOrphans, unknownJob } from './ledger.js';
import type { EnqueueOptions, JobHandler, JobQueue } from './types.js';

export const JOBS_CHANNEL = 'hearth_jobs';

export interface PgBossQueueOptions {
  /** A running job not finished after this long is considered lost (its process died) and retried. */
  leaseSeconds?: number;
  /** How often pg-boss looks for lost jobs (seconds). */
  maintenanceSeconds?: number;
  pollSeconds?: number;
  /** How often an idle worker without pg-boss running looks for waiting jobs (seconds). */
  checkSeconds?: number;
  concurrency?: number;
  log?: (message: string, err?: unknown) => void;
}

/** pg-boss's executor over a Kysely connection or transaction, so a job is sent in the caller's transaction. */
function executor(db: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as any[] };
    },
  };
}

/**
 * Jobs on PostgreSQL: pg-boss 10 (its tables in the `pgboss` schema) runs them — leases, retries with back-off,
 * lost jobs retried after their lease — and hearth_jobs keeps what GET /api/jobs/{id} shows (owner, progress,
 * output). pg-boss starts on first use (enqueue or the worker role's start()).
 */
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

  constructor(private readonly deps: Deps, private readonly url: string, handlers: readonly JobHandler[], private readonly options: PgBossQueueOptions = {}) {
    this.handlers = assertHandlers(handlers);
  }

  private ensureBoss(): Promise<PgBoss> {
    if (this.boss) return Promise.resolve(this.boss);
    this.starting ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.url,
        schema: 'pgboss',
        max: 4,
        schedule: false,
        supervise: true,
        migrate: true,
        maintenanceIntervalSeconds: this.options.maintenanceSeconds ?? 30,
      });
      boss.on('error', (err) => this.options.log?.('pg-boss', err));
      await boss.start();
      for (const handler of this.handlers.values()) {
        await boss.createQueue(handler.name, {
          name: handler.name,
          retryLimit: Math.max(0, (handler.maxAttempts ?? 3) - 1),
          retryDelay: 1,
          retryBackoff: true,
          expireInSeconds: this.options.leaseSeconds ?? 15 * 60,
        });
      }
      this.boss = boss;
      return boss;
    })();
    return this.starting;
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

  private async run(handler: JobHandler, jobId: string): Promise<unknown> {
    const db = this.deps.db;
    const row = await db
      .updateTable('hearth_jobs')
      .set((eb) => ({ state: 'active', attempts: eb('attempts', '+', 1), started_at: new Date().toISOString() }))
      .where('id', '=', jobId)
      .where('state', 'in', ['created', 'retry', 'active'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null; // already finished (a duplicate delivery) or never committed
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
        .set({ state: 'completed', output: output === undefined ? null : JSON.stringify(output), error: null, finished_at: new Date().toISOString() })
        .where('id', '=', jobId)
        .execute();
      return output ?? null;
    } catch (err) {
      this.options.log?.(`job ${handler.name} ${jobId} failed (attempt ${row.attempts})`, err);
      const last = row.attempts >= row.max_attempts;
      await db
        .updateTable('hearth_jobs')
        .set({ state: last ? 'failed' : 'retry', error: errorText(err), finished_at: last ? new Date().toISOString() : null })
        .where('id', '=', jobId)
        .execute()
        .catch(() => undefined);
      throw err;
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
    await this.workersStarting;
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    this.boss = null;
    this.starting = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    await Promise.allSettled([...this.running]);
  }
}
