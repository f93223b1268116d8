import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReportCategory, ReportEntryOut, ReportOut, ReportStatus, ReportSummary } from '../../../contract/reports.js';
import type { Database } from '../../db/schema.js';
import { bool, nowIso } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/storage.js';

/** Tables of migration 0004_reports; only this module reads or writes them. */
type ReportTables = {
  group_reports: {
    id: string;
    group_id: string;
    name: string;
    status: string;
    category: string;
    timestamp: string;
    created_at: string;
    update_at: string;
  };
  report_entries: {
    id: string;
    report_id: string;
    /** 0/1 on SQLite. */
    success: boolean | number;
    message: string;
    exception: string;
    timestamp: string;
    position: number;
  };
};

type ReportDb = Kysely<Database & ReportTables>;

function reportDb(db: Kysely<Database>): ReportDb {
  return db.withTables<ReportTables>();
}

type ReportRow = ReportTables['group_reports'];

function summaryOut(row: ReportRow): ReportSummary {
  return {
    timestamp: row.timestamp,
    category: row.category as ReportCategory,
    groupId: row.group_id,
    name: row.name,
    status: row.status as ReportStatus,
    id: row.id,
  };
}

export interface NewReportEntry {
  success: boolean;
  message: string;
  exception?: string;
}

/**
 * Writes one report as its work goes on: each entry is committed on its own, so a report read while the
 * work runs (or after it died) shows everything done so far.
 */
export class ReportWriter {
  private position = 0;

  private constructor(
    private readonly db: ReportDb,
    readonly report: ReportSummary,
  ) {}

  static async start(db: Kysely<Database>, groupId: string, category: ReportCategory, name: string): Promise<ReportWriter> {
    const now = nowIso();
    const row: ReportRow = { id: crypto.randomUUID(), group_id: groupId, name, status: 'in-progress', category, timestamp: now, created_at: now, update_at: now };
    const rdb = reportDb(db);
    await rdb.insertInto('group_reports').values(row).execute();
    return new ReportWriter(rdb, summaryOut(row));
  }

  /** Carries on writing a report that a previous run (a crashed process) started; null if it is gone. */
  static async resume(db: Kysely<Database>, reportId: string): Promise<{ writer: ReportWriter; entries: Array<{ success: boolean }> } | null> {
    const rdb = reportDb(db);
    const row = await rdb.selectFrom('group_reports').selectAll().where('id', '=', reportId).executeTakeFirst();
    if (!row) return null;
    const entries = await rdb.selectFrom('report_entries').select(['success', 'position']).where('report_id', '=', reportId).orderBy('position').execute();
    const writer = new ReportWriter(rdb, summaryOut(row as ReportRow));
    writer.position = entries.length ? Math.max(...entries.map((e) => Number(e.position))) : 0;
    return { writer, entries: entries.map((e) => ({ success: e.success === true || e.success === 1 })) };
  }

  async add(entry: NewReportEntry): Promise<void> {
    this.position += 1;
    await this.db
      .insertInto('report_entries')
      .values({
        id: crypto.randomUUID(),
        report_id: this.report.id,
        success: entry.success,
        message: entry.message,
        exception: entry.exception ?? '',
        timestamp: nowIso(),
        position: this.position,
      })
      .execute();
  }

  /** Closes the report; given a transaction, as part of it (with the event that announces the work). */
  async finish(status: Exclude<ReportStatus, 'in-progress'>, trx?: Kysely<Database>): Promise<void> {
    await (trx ? reportDb(trx) : this.db).updateTable('group_reports').set({ status, update_at: nowIso() }).where('id', '=', this.report.id).execute();
  }
}

/** Ids of a category's reports still marked in progress (all groups). */
export async function openReportIds(db: Kysely<Database>, category: ReportCategory): Promise<string[]> {
  const rows = await reportDb(db).selectFrom('group_reports').select('id').where('category', '=', category).where('status', '=', 'in-progress').execute();
  return rows.map((r) => r.id);
}

export async function reportStatus(db: Kysely<Database>, reportId: string): Promise<ReportStatus | null> {
  const row = await reportDb(db).selectFrom('group_reports').select('status').where('id', '=', reportId).executeTakeFirst();
  return row ? (row.status as ReportStatus) : null;
}

/** success when every item worked, failure when none did, partial otherwise (and success for no items). */
export function overallStatus(succeeded: number, failed: number): Exclude<ReportStatus, 'in-progress'> {
  if (failed === 0) return 'success';
  return succeeded === 0 ? 'failure' : 'partial';
}

export async function listReports(db: Kysely<Database>, groupId: string, category: ReportCategory | null): Promise<ReportSummary[]> {
  let query = reportDb(db).selectFrom('group_reports').selectAll().where('group_id', '=', groupId);
  if (category) query = query.where('category', '=', category);
  const rows = await query.orderBy('timestamp', 'desc').orderBy('id').execute();
  return rows.map(summaryOut);
}

async function findReport(db: ReportDb, groupId: string, reportId: string): Promise<ReportRow> {
  if (!isUuid(reportId)) throw notFound();
  const row = await db.selectFrom('group_reports').selectAll().where('group_id', '=', groupId).where('id', '=', reportId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** One of the group's reports with its entries, in the order they were written (two queries). */
export async function getReport(db: Kysely<Database>, groupId: string, reportId: string): Promise<ReportOut> {
  const rdb = reportDb(db);
  const row = await findReport(rdb, groupId, reportId);
  const entries = await rdb.selectFrom('report_entries').selectAll().where('report_id', '=', row.id).orderBy('position').execute();
  return {
    ...summaryOut(row),
    entries: entries.map(
      (entry): ReportEntryOut => ({
        reportId: entry.report_id,
        timestamp: entry.timestamp,
        success: bool(entry.success),
        message: entry.message,
        exception: entry.exception,
        id: entry.id,
      }),
    ),
  };
}

/** Deletes one of the group's reports (its entries go with it); returns it as it was. */
export async function deleteReport(db: Kysely<Database>, groupId: string, reportId: string): Promise<ReportOut> {
  const report = await getReport(db, groupId, reportId);
  await reportDb(db).deleteFrom('group_reports').where('id', '=', report.id).execute();
  return report;
}
