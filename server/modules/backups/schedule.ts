import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { BackupSchedule, BackupScheduleOut } from '../../../contract/backups.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import type { Schedule } from '../../platform/jobs/schedules.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import { storageKeys } from '../../platform/storage/index.js';
import { extractBackup } from './archive.js';
import { readSchema } from './introspect.js';
import type { Tables } from './mealie.js';
import { prepareRestore } from './prepare.js';
import { backupKey, createBackup, fetchBackup } from './service.js';

/**
 * Scheduled, verified backups: once a day at the configured time (UTC) one process claims the run (a
 * compare-and-set on last_run_at), writes `hearth-scheduled_<stamp>.zip`, re-opens it and checks that
 * every table's row count in the file equals what was written and that the restore path would load every
 * row, then keeps only the newest `keep` scheduled backups (manual ones are never pruned).
 */
export const SCHEDULED_PREFIX = 'hearth-scheduled';

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

export async function updateSchedule(deps: Deps, input: BackupSchedule): Promise<BackupScheduleOut> {
  await sdb(deps.db).updateTable('backup_schedule').set({ enabled: input.enabled, time: input.time, keep: input.keep }).where('id', '=', 1).execute();
  return getSchedule(deps);
}

/** The most recent moment at or before `now` when the daily time fell (UTC). */
export function lastDueTime(time: string, now: Date): Date {
  const [h, m] = time.split(':').map(Number);
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  if (due > now) due.setUTCDate(due.getUTCDate() - 1);
  return due;
}

/** Re-opens a written backup and checks it against the counts taken while writing it. */
export async function verifyBackup(deps: Deps, name: string, written: Record<string, number>): Promise<{ tables: number; rows: number }> {
  const staging = path.join(os.tmpdir(), `hearth-verify-${crypto.randomUUID()}`);
  await fs.promises.mkdir(staging, { recursive: true });
  try {
    const file = await fetchBackup(deps, backupKey(name), staging);
    const { database } = await extractBackup(file, path.join(staging, 'unpacked'));
    let rows = 0;
    for (const [table, n] of Object.entries(written)) {
      const inFile = Array.isArray(database[table]) ? (database[table] as unknown[]).length : -1;
      if (inFile !== n) throw new Error(`${table}: ${inFile} rows in the file, ${n} written`);
      rows += n;
    }
    const prepared = prepareRestore(database as Tables, await readSchema(deps.db as never, deps.engine));
    for (const [table, c] of Object.entries(prepared.counts)) {
      if (c.loaded !== c.source) throw new Error(`${table}: ${c.source - c.loaded} rows would not restore`);
    }
    return { tables: Object.keys(written).length, rows };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

async function prune(deps: Deps, keep: number): Promise<void> {
  const prefix = storageKeys.backups();
  const files = (await deps.storage.list(prefix)).filter((f) => f.key.startsWith(`${prefix}${SCHEDULED_PREFIX}_`) && f.key.endsWith('.zip'));
  const dated = await Promise.all(files.map(async (f) => ({ key: f.key, at: (await deps.storage.stat(f.key))?.modified.getTime() ?? 0 })));
  dated.sort((a, b) => a.at - b.at || a.key.length - b.key.length || a.key.localeCompare(b.key));
  for (const { key } of dated.slice(0, Math.max(0, dated.length - keep))) await deps.storage.delete(key);
}

/**
 * Claims the day's scheduled backup if it is due and nobody claimed it yet (one conditional UPDATE, so once
 * across processes); `force` claims it whatever the time ("run now").
 */
export async function claimScheduledBackup(deps: Deps, now = new Date(), force = false): Promise<{ keep: number } | null> {
  const db = sdb(deps.db);
  const row = await db.selectFrom('backup_schedule').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  if (!force && !(row.enabled === true || row.enabled === 1)) return null;
  const due = lastDueTime(row.time, now).toISOString();
  if (!force && row.last_run_at >= due) return null;
  const claimed = await db.updateTable('backup_schedule').set({ last_run_at: now.toISOString() }).where('id', '=', 1).where('last_run_at', '=', row.last_run_at).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { keep: row.keep } : null;
}

/** Writes a scheduled backup, verifies it, records it as the last verified one and prunes older ones. */
export async function writeVerifiedBackup(deps: Deps, keep: number): Promise<string> {
  const db = sdb(deps.db);
  try {
    const counts: Record<string, number> = {};
    const name = await createBackup(deps, SCHEDULED_PREFIX, counts);
    const verified = await verifyBackup(deps, name, counts);
    await db
      .updateTable('backup_schedule')
      .set({ last_verified_name: name, last_verified_at: new Date().toISOString(), last_verified_tables: verified.tables, last_verified_rows: verified.rows, last_error: null })
      .where('id', '=', 1)
      .execute();
    await prune(deps, keep);
    return name;
  } catch (error) {
    await db.updateTable('backup_schedule').set({ last_error: `${new Date().toISOString()}: ${(error as Error).message}` }).where('id', '=', 1).execute();
    throw error;
  }
}

/** Claim and run in one go (tests, "run now"); the scheduler below splits them into a check and a job. */
export async function runScheduledBackup(deps: Deps, now = new Date(), force = false): Promise<string | null> {
  const claim = await claimScheduledBackup(deps, now, force);
  return claim ? writeVerifiedBackup(deps, claim.keep) : null;
}

export const SCHEDULED_BACKUP_JOB = 'scheduled-backup';

/** The durable part: the backup, its verification and the pruning. */
export const scheduledBackupJob: JobHandler<{ keep: number }> = {
  name: SCHEDULED_BACKUP_JOB,
  maxAttempts: 2,
  async handle(data, ctx) {
    return { name: await writeVerifiedBackup(ctx.deps, data.keep) };
  },
};

/** Every minute, on one process: if the day's backup is due, claim it and hand it to a job. */
export const scheduledBackupSchedule: Schedule = {
  name: 'scheduled-backup-check',
  everyMs: 60_000,
  async run(deps) {
    const claim = await claimScheduledBackup(deps);
    if (claim) await deps.jobs.enqueue(SCHEDULED_BACKUP_JOB, claim, { singletonKey: 'scheduled-backup' });
  },
};
