import type { CreateRecipeByUrlBulk } from '../../../contract/import.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import type { Schedule } from '../../platform/jobs/schedules.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import type { RecipeUser } from '../recipes/service.js';
import { openReportIds, overallStatus, reportStatus, ReportWriter } from '../reports/repo.js';
import { importFromUrl } from './service.js';

export const BULK_IMPORT_JOB = 'recipe-bulk-import';

interface BulkImportData {
  reportId: string;
  user: RecipeUser;
  imports: CreateRecipeByUrlBulk['imports'];
}

function reason(error: unknown): { message: string; exception: string } {
  if (error instanceof HttpError) return { message: error.message, exception: `HTTP ${error.status}` };
  if (error instanceof Error) return { message: error.message || error.name, exception: error.stack?.split('\n').slice(0, 3).join('\n') ?? error.name };
  return { message: String(error), exception: '' };
}

/** A recipe this user already imported from `url` since the report began (the run before a crash). */
async function alreadyImported(deps: Deps, data: BulkImportData, url: string, since: string) {
  return deps.db
    .selectFrom('recipes')
    .select(['name', 'slug'])
    .where('group_id', '=', data.user.groupId)
    .where('user_id', '=', data.user.id)
    .where('org_url', '=', url)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/**
 * The durable bulk import: each URL in turn, each recipe committed on its own, one report entry per URL.
 * After a crash the job runs again and carries on after the last entry written; a URL whose recipe was
 * committed but whose entry was not is recognised by its org_url and not imported twice.
 */
export const bulkImportJob: JobHandler<BulkImportData> = {
  name: BULK_IMPORT_JOB,
  maxAttempts: 3,
  async handle(data, ctx) {
    const { deps } = ctx;
    const resumed = await ReportWriter.resume(deps.db, data.reportId);
    if (!resumed) return { skipped: 'report deleted' };
    const { writer, entries } = resumed;
    let succeeded = entries.filter((e) => e.success).length;
    let failed = entries.length - succeeded;
    for (let i = entries.length; i < data.imports.length; i++) {
      const item = data.imports[i];
      await ctx.progress({ done: i, total: data.imports.length });
      const earlier = ctx.attempt > 1 ? await alreadyImported(deps, data, item.url, writer.report.timestamp) : undefined;
      if (earlier) {
        succeeded += 1;
        await writer.add({ success: true, message: `${item.url}: imported as "${earlier.name}" (${earlier.slug})` });
        continue;
      }
      try {
        const created = await importFromUrl(deps, data.user, item.url, { includeTags: false, tags: item.tags, categories: item.categories });
        succeeded += 1;
        await writer.add({ success: true, message: `${item.url}: imported as "${created.name}" (${created.slug})` });
      } catch (error) {
        failed += 1;
        const why = reason(error);
        await writer.add({ success: false, message: `${item.url}: ${why.message}`, exception: why.exception });
      }
    }
    await ctx.progress({ done: data.imports.length, total: data.imports.length });
    const status = overallStatus(succeeded, failed);
    await writer.finish(status);
    return { reportId: data.reportId, succeeded, failed, status };
  },
};

/** Opens a bulk_import report and enqueues the durable import; returns the report's id. */
export async function startBulkImport(deps: Deps, user: RecipeUser, request: CreateRecipeByUrlBulk): Promise<string> {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const report = await ReportWriter.start(deps.db, user.groupId, 'bulk_import', `Bulk Import ${stamp}`);
  const data: BulkImportData = {
    reportId: report.report.id,
    user: { id: user.id, groupId: user.groupId, householdId: user.householdId, username: user.username, fullName: user.fullName },
    imports: request.imports,
  };
  await deps.jobs.enqueue(BULK_IMPORT_JOB, data, { userId: user.id, groupId: user.groupId, singletonKey: report.report.id });
  return report.report.id;
}

/**
 * No bulk import report stays "in progress" forever: one whose job is no longer waiting or running (it
 * failed for good, or the report predates durable jobs and its process died) is closed as it stands.
 */
export async function sweepInterruptedImports(deps: Deps): Promise<number> {
  const open = await openReportIds(deps.db, 'bulk_import');
  if (open.length === 0) return 0;
  const live = await deps.db
    .selectFrom('hearth_jobs')
    .select('singleton_key')
    .where('name', '=', BULK_IMPORT_JOB)
    .where('state', 'in', ['created', 'active', 'retry'])
    .execute();
  const alive = new Set(live.map((j) => j.singleton_key));
  let closed = 0;
  for (const id of open) {
    if (alive.has(id)) continue;
    const resumed = await ReportWriter.resume(deps.db, id);
    if (!resumed) continue;
    // Re-read: the job may have finished the report between the two queries.
    if ((await reportStatus(deps.db, id)) !== 'in-progress') continue;
    const ok = resumed.entries.filter((e) => e.success).length;
    await resumed.writer.add({ success: false, message: 'The import was interrupted before every URL was tried', exception: '' });
    await resumed.writer.finish(ok > 0 ? 'partial' : 'failure');
    closed += 1;
  }
  return closed;
}

export const sweepImportsSchedule: Schedule = {
  name: 'recipe-bulk-import-sweep',
  everyMs: 5 * 60_000,
  run: async (deps) => {
    await sweepInterruptedImports(deps);
  },
};
