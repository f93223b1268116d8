import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DbEngine } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { TokenService } from './auth/tokens.js';
import type { JobQueue } from './jobs/queue.js';
import type { Mailer } from './mailer.js';
import type { Metrics } from './metrics.js';
import type { Storage } from './storage/index.js';
import type { ReadCache } from './read-cache.js';
import type { RealtimeHub } from './realtime/hub.js';

/** What this process does (HEARTH_ROLES). */
export type Role = 'web' | 'worker' | 'scheduler';

/**
 * What a module sees of this process's platform (server/platform/runtime.ts's Platform implements it). Named
 * here, not imported from runtime.ts, so the machinery that receives Deps is not in a circle with it.
 */
export interface PlatformHandle {
  has(role: Role): boolean;
  readonly hub: RealtimeHub;
  /** The event subscribers this build declares (retention keeps what their cursors still need). */
  readonly dispatcher: { readonly subscriberNames: string[] };
}

/** What every module's service receives: built once in buildApp, passed down, never imported as a global. */
export interface Deps {
  config: Config;
  db: Kysely<Database>;
  engine: DbEngine;
  tokens: TokenService;
  mailer: Mailer;
  /** Every stored file (images, assets, avatars, exports, backups) by key: local disk or S3. */
  storage: Storage;
  /**
   * Outbound calls made for the household (webhooks, notifiers, recipe actions). Loopback is refused unless a
   * test opts in here; serviceBaseUrls points a hosted service (discord, slack, tgram, pover, ntfy) at a
   * local stand-in in tests.
   */
  outbound?: { allowLoopback?: boolean; serviceBaseUrls?: Record<string, string> };
  /** Durable jobs: enqueue(name, data, {singletonKey, runAt, userId, groupId, trx}) → job id. */
  jobs: JobQueue;
  /** This process's event dispatcher, live-update hub and scheduler (server/platform/runtime.ts). */
  platform: PlatformHandle;
  /** List responses reused while the data behind them is unchanged (read-cache.ts). */
  readCache: ReadCache;
  /** Prometheus metrics of this process (GET /api/app/metrics); modules may add gauges. */
  metrics: Metrics;
  /** Server log for background work (errors of subscribers, jobs, schedules). */
  log?: (message: string, err?: unknown) => void;
}
