import type { Kysely } from 'kysely';
import type { BackupSchedule, BackupScheduleOut } from '../../../contract/backups.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import type { Schedule } from '../../platform/jobs/schedules.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import { storageKeys } from '../../platform/storage/index.js';
import { createBackup } from './service.js';
import { checkAndRecord } from './verify.js';

/**
 * Scheduled, verified backups: once a day at the configured time (UTC), and once a week on the configured
 * day at the same time, one process claims the run (a compare-and-set on last_run_at / last_weekly_run_at),
 * writes `hearth-scheduled_<stamp>.zip` (daily) or `hearth-weekly_<stamp>.zip`, re-opens it and checks that
 * every table's row count in the file equals what was written and that the restore path would load every
 * row (verify.ts), then keeps only the newest `keep` (daily) or `weekly.keep` of its kind; manual backups are
 * never pruned.
 */
export const SCHEDULED_PREFIX = 'hearth-scheduled';
export const WEEKLY_PREFIX = 'hearth-weekly';
export type BackupKind = 'daily' | 'weekly';
const PREFIX: Record<BackupKind, string> = { daily: SCHEDULED_PREFIX, weekly: WEEKLY_PREFIX };

type ScheduleTables = {
  backup_schedule: {
    id: number;
    enabled: boolean | number;
    time: string;
    keep: number;
    last_run_at: string;
    last_verified_name: string | null;
    last_verified_at: string | null;
    last_verified_tables: number | null;
    last_verified_rows: number | null;
    last_error: string | null;
    weekly_enabled: boolean | number;
    weekly_day: number;
    weekly_keep: number;
    last_weekly_run_at: string;
  };
};

function sdb(db: Kysely<Database>): Kysely<Database & ScheduleTables> {
  return db.withTables<ScheduleTables>();
}

export async function getSchedule(deps: Deps): Promise<BackupScheduleOut> {
  const row = await sdb(deps.db).selectFrom('backup_schedule').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    enabled: row.enabled === true || row.enabled === 1,
    time: row.time,
    keep: row.keep,
    lastVerified: row.last_verified_name
      ? { name: row.last_verified_name, date: row.last_verified_at ?? '', tables: row.last_verified_tables ?? 0, rows: row.last_verified_rows ?? 0 }
      : null,
    lastError: row.last_error,
    weekly: { enabled: row.weekly_enabled === true || row.weekly_enabled === 1, day: row.weekly_day, keep: row.weekly_keep },
  };
}

/** For /api/app/metrics: when the last scheduled backup was verified, and whether the last run failed. */
export function watchBackups(deps: Deps): void {
  const read = () => sdb(deps.db).selectFrom('backup_schedule').select(['enabled', 'last_verified_at', 'last_error']).where('id', '=', 1).executeTakeFirst();
  deps.metrics.gauge('hearth_backup_last_verified_timestamp_seconds', 'When the newest scheduled backup was written and verified (Unix time; 0: never)', [], async () => {
    const row = await read();
    return [{ value: row?.last_verified_at ? Date.parse(row.last_verified_at) / 1000 : 0 }];
  });
  deps.metrics.gauge('hearth_backup_last_run_failed', '1 when the last scheduled backup or its verification failed', [], async () => [{ value: (await read())?.last_error ? 1 : 0 }]);
  deps.metrics.gauge('hearth_backup_schedule_enabled', '1 when scheduled backups are on', [], async () => {
    const enabled = (await read())?.enabled;
    return [{ value: enabled === true || enabled === 1 ? 1 : 0 }];
  });
}

/**
 * Saves the schedule. Turning it on (or moving its time) starts counting from now: the next backup is at the
 * set time, not a catch-up right away for a time that passed while it was off (a server that was down when an
 * enabled schedule fell due still catches up). The weekly backup starts counting from when it is turned on too.
 */
export async function updateSchedule(deps: Deps, input: BackupSchedule, now = new Date()): Promise<BackupScheduleOut> {
  const before = await getSchedule(deps);
  const restart = input.enabled && (!before.enabled || before.time !== input.time);
  const startWeekly = input.weekly?.enabled && (!before.weekly.enabled || before.time !== input.time) ? { last_weekly_run_at: now.toISOString() } : {};
  const weekly = input.weekly ? { weekly_enabled: input.weekly.enabled, weekly_day: input.weekly.day, weekly_keep: input.weekly.keep, ...startWeekly } : {};
  await sdb(deps.db)
    .updateTable('backup_schedule')
    .set({ enabled: input.enabled, time: input.time, keep: input.keep, ...(restart ? { last_run_at: now.toISOString() } : {}), ...weekly })
    .where('id', '=', 1)
    .execute();
  return getSchedule(deps);
}

/** The most recent moment at or before `now` when the weekly day (0 = Sunday) and time fell (UTC). */
export function lastWeeklyDueTime(time: string, day: number, now: Date): Date {
  const due = lastDueTime(time, now);
  due.setUTCDate(due.getUTCDate() - ((due.getUTCDay() - day + 7) % 7));
  return due;
}

/** The most recent moment at or before `now` when the daily time fell (UTC). */
export function lastDueTime(time: string, now: Date): Date {
  const [h, m] = time.split(':').map(Number);
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  if (due > now) due.setUTCDate(due.getUTCDate() - 1);
  return due;
}

async function prune(deps: Deps, kind: BackupKind, keep: number): Promise<void> {
  const prefix = storageKeys.backups();
  const files = (await deps.storage.list(prefix)).filter((f) => f.key.startsWith(`${prefix}${PREFIX[kind]}_`) && f.key.endsWith('.zip'));
  const dated = await Promise.all(files.map(async (f) => ({ key: f.key, at: (await deps.storage.stat(f.key))?.modified.getTime() ?? 0 })));
  dated.sort((a, b) => a.at - b.at || a.key.length - b.key.length || a.key.localeCompare(b.key));
  for (const { key } of dated.slice(0, Math.max(0, dated.length - keep))) await deps.storage.delete(key);
}

/**
 * Claims the day's (or the week's) scheduled backup if it is due and nobody claimed it yet (one conditional
 * UPDATE, so once across processes); `force` claims it whatever the time ("run now").
 */
export async function claimScheduledBackup(deps: Deps, now = new Date(), force = false, kind: BackupKind = 'daily'): Promise<{ keep: number; kind: BackupKind } | null> {
  const db = sdb(deps.db);
  const row = await db.selectFrom('backup_schedule').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const weekly = kind === 'weekly';
  const enabled = weekly ? row.weekly_enabled : row.enabled;
  if (!force && !(enabled === true || enabled === 1)) return null;
  const lastRun = weekly ? row.last_weekly_run_at : row.last_run_at;
  const due = (weekly ? lastWeeklyDueTime(row.time, row.weekly_day, now) : lastDueTime(row.time, now)).toISOString();
  if (!force && lastRun >= due) return null;
  const column = weekly ? 'last_weekly_run_at' : 'last_run_at';
  const claimed = await db.updateTable('backup_schedule').set({ [column]: now.toISOString() }).where('id', '=', 1).where(column, '=', lastRun).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { keep: weekly ? row.weekly_keep : row.keep, kind } : null;
}

/** Writes a scheduled backup, verifies it, records it as the last verified one and prunes older ones. */
export async function writeVerifiedBackup(deps: Deps, keep: number, kind: BackupKind = 'daily'): Promise<string> {
  const db = sdb(deps.db);
  try {
    const counts: Record<string, number> = {};
    const name = await createBackup(deps, PREFIX[kind], counts);
    const verified = await checkAndRecord(deps, name, counts);
    if (!verified.ok) throw new Error(`${name} failed its check: ${verified.error}`);
    await db
      .updateTable('backup_schedule')
      .set({ last_verified_name: name, last_verified_at: verified.checkedAt, last_verified_tables: verified.tables, last_verified_rows: verified.rows, last_error: null })
      .where('id', '=', 1)
      .execute();
    await prune(deps, kind, keep);
    return name;
  } catch (error) {
    await db.updateTable('backup_schedule').set({ last_error: `${new Date().toISOString()}: ${(error as Error).message}` }).where('id', '=', 1).execute();
    throw error;
  }
}

/** Claim and run in one go (tests, "run now"); the scheduler below splits them into a check and a job. */
export async function runScheduledBackup(deps: Deps, now = new Date(), force = false, kind: BackupKind = 'daily'): Promise<string | null> {
  const claim = await claimScheduledBackup(deps, now, force, kind);
  return claim ? writeVerifiedBackup(deps, claim.keep, claim.kind) : null;
}

export const SCHEDULED_BACKUP_JOB = 'scheduled-backup';

/** The durable part: the backup, its verification and the pruning. */
export const scheduledBackupJob: JobHandler<{ keep: number; kind?: BackupKind }> = {
  name: SCHEDULED_BACKUP_JOB,
  maxAttempts: 2,
  async handle(data, ctx) {
    return { name: await writeVerifiedBackup(ctx.deps, data.keep, data.kind ?? 'daily') };
  },
};

/** Every minute, on one process: if the day's backup is due, claim it and hand it to a job. */
export const scheduledBackupSchedule: Schedule = {
  name: 'scheduled-backup-check',
  everyMs: 60_000,
  async run(deps) {
    for (const kind of ['daily', 'weekly'] as const) {
      const claim = await claimScheduledBackup(deps, new Date(), false, kind);
      if (claim) await deps.jobs.enqueue(SCHEDULED_BACKUP_JOB, claim, { singletonKey: `scheduled-backup-${kind}` });
    }
  },
};
