import type { Config } from '../config.js';
import type { Deps, PlatformHandle, Role } from './deps.js';
import { WakeBus } from './events/bus.js';
import { Dispatcher, type DispatcherOptions } from './events/dispatcher.js';
import { EVENTS_CHANNEL, onLocalEmit } from './events/emit.js';
import type { Subscriber } from './events/types.js';
import { JOBS_CHANNEL, PgBossJobQueue, type PgBossQueueOptions } from './jobs/pgboss-queue.js';
import { Scheduler, type Schedule } from './jobs/schedules.js';
import { TableJobQueue, type TableQueueOptions } from './jobs/table-queue.js';
import type { JobHandler, JobQueue } from './jobs/types.js';
import { RealtimeHub } from './realtime/hub.js';

export type { Role };

export interface PlatformLists {
  subscribers: readonly Subscriber[];
  jobHandlers: readonly JobHandler[];
  schedules: readonly Schedule[];
}

/** Timings, mostly for tests (short leases, fast polls). */
export interface PlatformOptions {
  dispatcher?: DispatcherOptions;
  jobs?: TableQueueOptions & PgBossQueueOptions;
  realtime?: { heartbeatMs?: number; pollMs?: number };
  scheduler?: { tickMs?: number };
}

/**
 * The moving parts of one process: the wake-up bus (LISTEN/NOTIFY on PostgreSQL), the event dispatcher
 * (worker role), the live-update hub (web role), the job queue (enqueue anywhere, run in the worker role)
 * and the scheduler (scheduler role). Started when the app is ready, stopped when it closes.
 */
export class Platform implements PlatformHandle {
  readonly bus: WakeBus;
  readonly dispatcher: Dispatcher;
  readonly hub: RealtimeHub;
  readonly jobs: JobQueue & { wake?(): void };
  readonly scheduler: Scheduler;
  private stopLocal: (() => void) | null = null;
  private roles = new Set<Role>();

  constructor(deps: Deps, lists: PlatformLists, options: PlatformOptions = {}) {
    const config = deps.config;
    const log = (message: string, err?: unknown) => deps.log?.(message, err);
    const pgUrl = config.db.engine === 'postgres' ? config.db.url : null;
    this.bus = new WakeBus(pgUrl, [EVENTS_CHANNEL, JOBS_CHANNEL]);
    this.dispatcher = new Dispatcher(deps, lists.subscribers, { log, ...options.dispatcher });
    this.hub = new RealtimeHub(deps, options.realtime);
    this.jobs = pgUrl
      ? new PgBossJobQueue(deps, pgUrl, lists.jobHandlers, { log, leaseMs: config.jobLeaseMs, ...options.jobs })
      : new TableJobQueue(deps, lists.jobHandlers, { log, leaseMs: config.jobLeaseMs, ...options.jobs });
    this.scheduler = new Scheduler(deps, lists.schedules, { log, ...options.scheduler });
  }

  has(role: Role): boolean {
    return this.roles.has(role);
  }

  async start(roles: readonly Role[]): Promise<void> {
    this.roles = new Set(roles);
    const wakeEvents = () => {
      if (this.roles.has('worker')) this.dispatcher.wake();
      if (this.roles.has('web')) this.hub.wake();
    };
    this.bus.on(EVENTS_CHANNEL, wakeEvents);
    this.bus.on(JOBS_CHANNEL, () => this.jobs.wake?.());
    this.stopLocal = onLocalEmit(() => this.bus.emit(EVENTS_CHANNEL));
    if (this.roles.has('web')) await this.hub.start();
    if (this.roles.has('worker')) {
      await this.jobs.start();
      await this.dispatcher.start();
    }
    if (this.roles.has('scheduler')) await this.scheduler.start();
    await this.bus.start();
  }

  /** Ends open event streams (before the HTTP server waits for its connections to close). */
  async closeStreams(): Promise<void> {
    await this.hub.stop();
  }

  async stop(): Promise<void> {
    this.stopLocal?.();
    await this.scheduler.stop();
    await this.dispatcher.stop();
    await this.jobs.stop();
    await this.hub.stop();
    await this.bus.stop();
  }
}

export function rolesOf(config: Config): Role[] {
  return config.roles;
}
