import type { ReportSummary } from '../../../contract/reports.js';
import { extractRecipeFromJson } from '../../import/extract/index.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { sniffImage } from '../../platform/storage/index.js';
import { setUserRating } from '../ratings/service.js';
import { storeFirstImage } from '../recipe-import/service.js';
import { withParsedIngredients } from '../recipe-import/parse-on-import.js';
import { draftToRecipeCreate } from '../recipe-import/to-recipe.js';
import { saveRecipeImage } from '../recipe-media/images.js';
import { emitEvent } from '../../platform/events/emit.js';
import type { JobHandler } from '../../platform/jobs/types.js';
import { joinKey } from '../../platform/storage/index.js';
import { createRecipe, type RecipeUser } from '../recipes/service.js';
import { overallStatus, ReportWriter, type NewReportEntry } from '../reports/repo.js';
import { READERS, SUPPORTED_MIGRATIONS, type MigrationType } from './importers.js';
import { isZip, type MigrationItem } from './sources.js';

/** The tag every imported recipe gets when add_migration_tag is set (Mealie: the migrator's name). */
export const MIGRATION_TAG_NAMES: Record<MigrationType, string> = {
  nextcloud: 'nextcloud', chowdown: 'chowdown', copymethat: 'copymethat', paprika: 'paprika', mealie_alpha: 'mealie_alpha',
  tandoor: 'tandoor', plantoeat: 'plantoeat', myrecipebox: 'myrecipebox', recipekeeper: 'recipekeeper',
};

export interface MigrationOptions {
  type: string;
  archive: Buffer;
  addMigrationTag: boolean;
  /** Download pictures the export names by address (Plan to Eat, My Recipe Box). */
  fetchImages?: boolean;
}

export function isMigrationType(type: string): type is MigrationType {
  return (SUPPORTED_MIGRATIONS as readonly string[]).includes(type);
}

function userOf(user: AuthUser): RecipeUser {
  return { id: user.id, groupId: user.groupId, householdId: user.householdId, username: user.username, fullName: user.fullName };
}

interface MigrationJobData {
  reportId: string;
  type: MigrationType;
  /** The uploaded export, kept in storage until the job is done. */
  key: string;
  addMigrationTag: boolean;
  fetchImages: boolean;
  user: RecipeUser;
}

/**
 * POST /api/groups/migrations: checks the upload's kind, keeps it in storage, opens the migration report
 * and enqueues the durable import; answers the report (in progress) at once. The web page follows the
 * report until it is finished.
 */
export async function startMigration(deps: Deps, user: AuthUser, options: MigrationOptions): Promise<ReportSummary> {
  if (!isMigrationType(options.type)) throw badRequest('migrations.unknown-migration-type', { type: options.type });
  const type = options.type;
  if (type === 'myrecipebox' ? isZip(options.archive) : !isZip(options.archive)) {
    throw type === 'myrecipebox' ? badRequest('migrations.my-recipe-box-export-is-a-csv-file') : badRequest('migrations.this-export-is-a-zip-file');
  }
  const report = await ReportWriter.start(deps.db, user.groupId, 'migration', `${type} Migration`);
  const key = joinKey('groups', user.groupId, 'migrations', `${report.report.id}.upload`);
  await deps.storage.put(key, options.archive);
  const data: MigrationJobData = { reportId: report.report.id, type, key, addMigrationTag: options.addMigrationTag, fetchImages: options.fetchImages !== false, user: userOf(user) };
  await deps.jobs.enqueue(MIGRATION_JOB, data, { userId: user.id, groupId: user.groupId, singletonKey: report.report.id });
  return report.report;
}

export const MIGRATION_JOB = 'group-migration';

/**
 * The durable migration: reads the export, imports its recipes one by one (each in its own transaction, a
 * failure reported and the others still imported), one report entry per recipe. Run again after a crash,
 * it carries on after the last entry written. Ends with the data_migrations event and removes the upload.
 */
export const migrationJob: JobHandler<MigrationJobData> = {
  name: MIGRATION_JOB,
  maxAttempts: 3,
  async handle(data, ctx) {
    const { deps } = ctx;
    const resumed = await ReportWriter.resume(deps.db, data.reportId);
    if (!resumed) return { skipped: 'report deleted' };
    const { writer, entries } = resumed;
    let ok = entries.filter((e) => e.success).length;
    let bad = entries.length - ok;
    const archive = await deps.storage.read(data.key);
    let items: MigrationItem[] = [];
    if (!archive) {
      bad += 1;
      await writer.add({ success: false, message: 'The uploaded export is gone', exception: data.key });
    } else {
      try {
        items = await READERS[data.type](archive);
      } catch (error) {
        bad += 1;
        await writer.add({ success: false, message: 'The export could not be read', exception: (error as Error).message });
      }
    }
    for (let i = entries.length; i < items.length; i++) {
      await ctx.progress({ done: i, total: items.length });
      const entry = await importItem(deps, data, items[i]);
      if (entry.success) ok += 1;
      else bad += 1;
      await writer.add(entry);
    }
    const status = overallStatus(ok, bad);
    await deps.db.transaction().execute(async (trx) => {
      await writer.finish(status, trx);
      await emitEvent(trx, {
        type: 'data_migrations',
        groupId: data.user.groupId,
        householdId: data.user.householdId,
        userId: data.user.id,
        data: { reportId: data.reportId, migrationType: data.type, status, message: `${ok} recipes imported, ${bad} failed` },
      });
    });
    await deps.storage.delete(data.key);
    return { reportId: data.reportId, imported: ok, failed: bad, status };
  },
};

async function importItem(deps: Deps, data: MigrationJobData, item: MigrationItem): Promise<NewReportEntry> {
  if ('error' in item) return { success: false, message: `Failed to import ${item.name || 'a recipe'}`, exception: item.error };
  try {
    const draft = extractRecipeFromJson({ '@type': 'Recipe', ...item.recipe });
    if (!draft) throw new Error('No recipe could be read from this entry');
    const tags = item.tags.map((name) => ({ name }));
    if (data.addMigrationTag) tags.push({ name: MIGRATION_TAG_NAMES[data.type] });
    // Plain-text lines are read by the same parser as a URL import (amount, unit, food; the text kept).
    const input = await withParsedIngredients(
      deps,
      data.user,
      draftToRecipeCreate({ ...draft, name: draft.name || item.name }, { tags, categories: item.categories.map((name) => ({ name })) }),
    );
    const created = await createRecipe(deps, data.user, input);
    let note = '';
    if (item.image && sniffImage(item.image)) {
      await saveRecipeImage(deps, created.id, item.image).catch(() => {
        note = ' (its picture could not be read)';
      });
    } else if (item.imageUrl && data.fetchImages) {
      if (!(await storeFirstImage(deps, created.id, [item.imageUrl]))) note = ' (its picture could not be downloaded)';
    }
    if (item.rating) {
      await setUserRating(deps, { id: data.user.id, groupId: data.user.groupId, admin: false }, data.user.id, created.id, { rating: item.rating }).catch(() => undefined);
    }
    return { success: true, message: `Imported ${input.name} → ${created.slug}${note}` };
  } catch (error) {
    return { success: false, message: `Failed to import ${item.name || 'a recipe'}`, exception: (error as Error).message };
  }
}
