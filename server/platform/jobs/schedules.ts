import type { Deps } from '../deps.js';

/**
 * A recurring task, listed in `schedules` (server/modules/index.ts). Each due run happens once across all
 * processes with the scheduler role: a process claims it by moving next_run_at forward in one conditional
 * UPDATE, so only one of them sees its UPDATE succeed. Keep run() short; hand long work to a job
 * (deps.jobs.enqueue with a singletonKey), which is durable and retried.
 */
export interface Schedule {
  name: string;
  everyMs: number;
  run(deps: Deps): Promise<void>;
  /** First run at start (default) or one interval after the schedule is first seen. */
  runAtStart?: boolean;
}

export interface SchedulerOptions {
  tickMs?: number;
  log?: (m: string, e?: unknown) => void;
  /** The clock (tests drive it; default Date.now). */
  now?: () => number;
  /** No timer: the owner calls runDue() (tests step a clock and run each pass to its end). */
  manual?: boolean;
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();
  private ticking = false;
  private readonly now: () => number;

  constructor(private readonly deps: Deps, private readonly schedules: readonly Schedule[], private readonly options: SchedulerOptions = {}) {
    this.now = options.now ?? Date.now;
    const names = new Set<string>();
    for (const s of schedules) {
      if (names.has(s.name)) throw new Error(`Two schedules are named "${s.name}"`);
      if (!(s.everyMs >= 100)) throw new Error(`Schedule "${s.name}": everyMs must be at least 100`);
      names.add(s.name);
    }
  }

  async start(): Promise<void> {
    if (this.schedules.length === 0) return;
    const now = this.now();
    for (const s of this.schedules) {
      await this.deps.db
        .insertInto('hearth_schedules')
        .values({ name: s.name, next_run_at: new Date(s.runAtStart === false ? now + s.everyMs : now).toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    if (this.options.manual) return;
    const tick = this.options.tickMs ?? Math.min(1000, Math.max(50, Math.min(...this.schedules.map((s) => s.everyMs)) / 4));
    this.timer = setInterval(() => this.tick(), tick);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    this.claimDue()
      .catch((err) => this.options.log?.('scheduler tick failed', err))
      .finally(() => {
        this.ticking = false;
      });
  }

  /** One pass: claims what is due now and waits for those runs to end. */
  async runDue(): Promise<void> {
    await this.claimDue();
    await Promise.allSettled([...this.running]);
  }

  private async claimDue(): Promise<void> {
    for (const s of this.schedules) {
      const now = this.now();
      const iso = new Date(now).toISOString();
      const claimed = await this.deps.db
        .updateTable('hearth_schedules')
        .set({ next_run_at: new Date(now + s.everyMs).toISOString(), last_run_at: iso })
        .where('name', '=', s.name)
        .where('next_run_at', '<=', iso)
        .returning('name')
        .executeTakeFirst();
      if (!claimed) continue;
      const p = s
        .run(this.deps)
        .then(() => this.record(s.name, null))
        .catch((err) => {
          this.options.log?.(`schedule ${s.name} failed`, err);
          return this.record(s.name, err instanceof Error ? err.message : String(err));
        })
        .finally(() => this.running.delete(p));
      this.running.add(p);
    }
  }

  private async record(name: string, error: string | null): Promise<void> {
    await this.deps.db.updateTable('hearth_schedules').set({ last_error: error }).where('name', '=', name).execute().catch(() => undefined);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }
}
