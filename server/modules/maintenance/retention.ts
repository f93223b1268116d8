import { sql } from 'kysely';
import type { MaintenanceRetention, RetentionRun, RetentionTable } from '../../../contract/backups.js';
import type { Deps } from '../../platform/deps.js';
import type { Schedule } from '../../platform/jobs/schedules.js';
import { hasPgBossArchive, pruneEvents, pruneJobs, prunePgBossArchive } from '../../platform/retention/prune.js';
import { pruneDeliveries } from '../notifiers/retention.js';
import { humanBytes } from '../recipe-media/storage.js';

/**
 * Retention: the tables that only ever grow (the outbox and its failure log, finished jobs and pg-boss's
 * archive, the notifier delivery log) keep HEARTH_*RETENTION_DAYS days (30 by default; 0 keeps everything)
 * and never lose a row a subscriber or a job still needs (server/platform/retention/prune.ts). Run by the
 * scheduler every six hours (once across processes) and from the admin maintenance page; the last run is
 * kept in hearth_settings for that page. Webhooks keep no log of their own: each call is a job (hearth_jobs).
 */
const LAST_RUN_KEY = 'maintenance.retention.last';
export const RETENTION_SCHEDULE = 'retention';
const DAY_MS = 24 * 3600_000;

type Kind = 'events' | 'jobs' | 'deliveries';
const TABLES: Array<{ name: string; kind: Kind; postgresOnly?: boolean }> = [
  { name: 'hearth_events', kind: 'events' },
  { name: 'hearth_event_failures', kind: 'events' },
  { name: 'hearth_jobs', kind: 'jobs' },
  { name: 'pgboss.archive', kind: 'jobs', postgresOnly: true },
  { name: 'notifier_deliveries', kind: 'deliveries' },
];

function keepDays(deps: Pick<Deps, 'config'>, kind: Kind): number {
  const r = deps.config.retention;
  return kind === 'events' ? r.eventsDays : kind === 'jobs' ? r.jobsDays : r.deliveriesDays;
}

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** One clean-up at `now` (the scheduler passes the time; tests pass their own clock). Returns what it removed. */
export async function runRetention(deps: Deps, now: Date = new Date()): Promise<RetentionRun> {
  const removed: Record<string, number> = {};
  let error: string | null = null;
  try {
    const eventsDays = keepDays(deps, 'events');
    if (eventsDays > 0) {
      const out = await pruneEvents(deps.db, cutoff(now, eventsDays), deps.platform.dispatcher.subscriberNames);
      removed.hearth_events = out.events;
      removed.hearth_event_failures = out.failures;
    }
    const jobsDays = keepDays(deps, 'jobs');
    if (jobsDays > 0) {
      removed.hearth_jobs = await pruneJobs(deps.db, cutoff(now, jobsDays));
      if (deps.engine === 'postgres') removed['pgboss.archive'] = await prunePgBossArchive(deps.db, cutoff(now, jobsDays));
    }
    const deliveriesDays = keepDays(deps, 'deliveries');
    if (deliveriesDays > 0) removed.notifier_deliveries = await pruneDeliveries(deps.db, cutoff(now, deliveriesDays));
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const run: RetentionRun = { at: now.toISOString(), removed, total: Object.values(removed).reduce((a, b) => a + b, 0), error };
  await deps.db
    .insertInto('hearth_settings')
    .values({ key: LAST_RUN_KEY, value: JSON.stringify(run) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(run) }))
    .execute();
  if (error) throw new Error(`Retention failed: ${error}`);
  return run;
}

export const retentionSchedule: Schedule = {
  name: RETENTION_SCHEDULE,
  everyMs: 6 * 3600_000,
  run: async (deps) => {
    await runRetention(deps);
  },
};

async function tableSize(deps: Deps, name: string): Promise<number | null> {
  try {
    if (deps.engine === 'postgres') {
      const row = await sql<{ bytes: string | null }>`select pg_total_relation_size(to_regclass(${name}))::text as bytes`.execute(deps.db);
      return row.rows[0]?.bytes == null ? null : Number(row.rows[0].bytes);
    }
    const row = await sql<{ bytes: number | null }>`select sum(pgsize) as bytes from dbstat where name in (select name from sqlite_master where tbl_name = ${name})`.execute(deps.db);
    return row.rows[0]?.bytes == null ? null : Number(row.rows[0].bytes);
  } catch {
    return null; // a SQLite built without dbstat
  }
}

async function rowCount(deps: Deps, name: string): Promise<number> {
  const row = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(name)}`.execute(deps.db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Each table's rows and size, what is kept, the last clean-up and when the next is due. */
export async function retentionStatus(deps: Deps): Promise<MaintenanceRetention> {
  const tables: RetentionTable[] = [];
  for (const table of TABLES) {
    if (table.postgresOnly && (deps.engine !== 'postgres' || !(await hasPgBossArchive(deps.db)))) continue;
    const bytes = await tableSize(deps, table.name);
    tables.push({ name: table.name, rows: await rowCount(deps, table.name), bytes, size: bytes === null ? null : humanBytes(bytes), keepDays: keepDays(deps, table.kind) });
  }
  const stored = await deps.db.selectFrom('hearth_settings').select('value').where('key', '=', LAST_RUN_KEY).executeTakeFirst();
  const schedule = await deps.db.selectFrom('hearth_schedules').select('next_run_at').where('name', '=', RETENTION_SCHEDULE).executeTakeFirst();
  return { tables, lastRun: stored ? (JSON.parse(stored.value) as RetentionRun) : null, nextRunAt: schedule?.next_run_at ?? null };
}
