import type { FastifyBaseLogger } from 'fastify';
import type { CreateRecipeByUrlBulk } from '../../../contract/import.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import type { RecipeUser } from '../recipes/service.js';
import { overallStatus, ReportWriter } from '../reports/repo.js';
import { importFromUrl } from './service.js';

/** Background work of this process (bulk imports), awaited when the app closes. */
export class BackgroundJobs {
  private readonly running = new Set<Promise<void>>();

  run(job: () => Promise<void>): void {
    const promise = job().finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

function reason(error: unknown): { message: string; exception: string } {
  if (error instanceof HttpError) return { message: error.message, exception: `HTTP ${error.status}` };
  if (error instanceof Error) return { message: error.message || error.name, exception: error.stack?.split('\n').slice(0, 3).join('\n') ?? error.name };
  return { message: String(error), exception: '' };
}

/**
 * Imports each URL in turn, each recipe committed on its own, writing one report entry per URL (why it
 * failed, or what it became). A failing URL never stops the rest; the report's status says how it went.
 */
async function runBulkImport(deps: Deps, user: RecipeUser, request: CreateRecipeByUrlBulk, report: ReportWriter, log: FastifyBaseLogger) {
  let succeeded = 0;
  let failed = 0;
  try {
    for (const item of request.imports) {
      try {
        const created = await importFromUrl(deps, user, item.url, { includeTags: false, tags: item.tags, categories: item.categories });
        succeeded += 1;
        await report.add({ success: true, message: `${item.url}: imported as "${created.name}" (${created.slug})` });
      } catch (error) {
        failed += 1;
        const why = reason(error);
        await report.add({ success: false, message: `${item.url}: ${why.message}`, exception: why.exception });
      }
    }
    await report.finish(overallStatus(succeeded, failed));
  } catch (error) {
    // The report itself could not be written (the database went away): what was imported stays imported.
    log.error({ err: error, reportId: report.report.id }, 'bulk import stopped');
    await report.finish(succeeded > 0 ? 'partial' : 'failure').catch(() => undefined);
  }
}

/** Opens a bulk_import report and starts the import in the background; returns the report's id. */
export async function startBulkImport(
  deps: Deps,
  user: RecipeUser,
  request: CreateRecipeByUrlBulk,
  jobs: BackgroundJobs,
  log: FastifyBaseLogger,
): Promise<string> {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const report = await ReportWriter.start(deps.db, user.groupId, 'bulk_import', `Bulk Import ${stamp}`);
  jobs.run(() => runBulkImport(deps, user, request, report, log));
  return report.report.id;
}
