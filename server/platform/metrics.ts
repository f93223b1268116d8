import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/schema.js';
import type { App } from './http.js';

/** A reading taken when /api/app/metrics is scraped: one value per label set. */
export type Reading = { labels?: Record<string, string>; value: number };

/**
 * The process's Prometheus metrics (server/modules/app serves them at GET /api/app/metrics): requests and
 * their latency per route, the process's memory and event loop (prom-client's defaults), and gauges read
 * from the database at scrape time — job queue depth and failures, each event subscriber's lag, the pool —
 * plus any a module adds (backups add their age and verification).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;

  private defaultsStarted = false;

  constructor() {
    this.requests = new Counter({ name: 'hearth_http_requests_total', help: 'HTTP requests answered, by route template and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
    this.latency = new Histogram({
      name: 'hearth_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route template',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [this.registry],
    });
  }

  /** Counts every answered request under its route template (`/api/recipes/:slug`), never its raw URL. */
  instrument(app: App): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
  }

  /** A gauge whose values are read when the metrics are scraped. */
  gauge(name: string, help: string, labelNames: string[], read: () => Promise<Reading[]>): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const reading of await read()) {
          if (reading.labels) this.set(reading.labels, reading.value);
          else this.set(reading.value);
        }
      },
    });
  }

  /** The platform's own gauges over its tables: jobs, event subscribers, and the database pool. */
  watchPlatform(db: Kysely<Database>, pool: () => { total: number; idle: number; waiting: number } | null): void {
    this.gauge('hearth_jobs', 'Durable jobs by state (created and retry are waiting; failed gave up)', ['state'], async () => {
      const rows = await db.selectFrom('hearth_jobs').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state').execute();
      return rows.map((row) => ({ labels: { state: row.state }, value: Number(row.n) }));
    });
    this.gauge('hearth_event_subscriber_lag', 'Outbox events a subscriber has not yet handled', ['subscriber'], async () => {
      const rows = await db
        .selectFrom('hearth_event_cursors')
        .select(['subscriber', sql<number>`(SELECT COALESCE(MAX(id), 0) FROM hearth_events) - last_event_id`.as('lag')])
        .execute();
      return rows.map((row) => ({ labels: { subscriber: row.subscriber }, value: Math.max(0, Number(row.lag)) }));
    });
    this.gauge('hearth_event_delivery_failures', 'Outbox deliveries that failed, by subscriber (gave_up=1: no more retries)', ['subscriber', 'gave_up'], async () => {
      const rows = await db
        .selectFrom('hearth_event_failures')
        .select(['subscriber', 'gave_up', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['subscriber', 'gave_up'])
        .execute();
      return rows.map((row) => ({ labels: { subscriber: row.subscriber, gave_up: row.gave_up ? '1' : '0' }, value: Number(row.n) }));
    });
    this.gauge('hearth_db_pool_connections', 'Database connections of this process by state (PostgreSQL pool; SQLite has one)', ['state'], async () => {
      const stats = pool();
      if (!stats) return [{ labels: { state: 'open' }, value: 1 }];
      return [
        { labels: { state: 'open' }, value: stats.total },
        { labels: { state: 'idle' }, value: stats.idle },
        { labels: { state: 'waiting' }, value: stats.waiting },
      ];
    });
  }

  /** The read cache's answers since start (server/platform/read-cache.ts): pages and documents, by result. */
  watchReadCache(counts: Record<string, Record<string, number>>): void {
    this.gauge('hearth_read_cache_answers', 'Cached reads since start: whole pages and documents, answered from the cache (hit), computed (miss) or computed on no-cache (bypass); list items (recipe summaries) found kept (hit) or built (miss)', ['kind', 'result'], async () =>
      Object.entries(counts).flatMap(([kind, results]) => Object.entries(results).map(([result, value]) => ({ labels: { kind, result }, value }))));
  }

  text(): Promise<string> {
    // The process's own metrics start at the first scrape: their event-loop monitor is not worth running
    // in a server nobody scrapes (nor once per app in the tests).
    if (!this.defaultsStarted) {
      this.defaultsStarted = true;
      collectDefaultMetrics({ register: this.registry, prefix: 'hearth_' });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
