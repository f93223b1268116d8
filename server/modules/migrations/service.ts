import type { ReportSummary } from '../../../contract/reports.js';
import { extractRecipeFromJson } from '../../import/extract/index.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { sniffImage } from '../../platform/storage.js';
import { setUserRating } from '../ratings/service.js';
import { storeFirstImage } from '../recipe-import/service.js';
import { draftToRecipeCreate } from '../recipe-import/to-recipe.js';
import { saveRecipeImage } from '../recipe-media/images.js';
import { createRecipe } from '../recipes/service.js';
import { overallStatus, ReportWriter } from '../reports/repo.js';
import { READERS, SUPPORTED_MIGRATIONS, type MigrationType } from './importers.js';

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

/**
 * POST /api/groups/migrations: reads the export, then imports its recipes one by one into the caller's
 * household, each in its own transaction, so one recipe that fails is reported and the others still land.
 * Every recipe gets a report entry (name and new slug, or the reason); the report is the answer.
 */
export async function runMigration(deps: Deps, user: AuthUser, options: MigrationOptions): Promise<ReportSummary> {
  if (!isMigrationType(options.type)) throw badRequest(`Unknown migration type: ${options.type}`);
  const type = options.type;
  const items = await READERS[type](options.archive);
  const report = await ReportWriter.start(deps.db, user.groupId, 'migration', `${type} Migration`);
  let ok = 0;
  let bad = 0;
  for (const item of items) {
    if ('error' in item) {
      bad += 1;
      await report.add({ success: false, message: `Failed to import ${item.name || 'a recipe'}`, exception: item.error });
      continue;
    }
    try {
      const draft = extractRecipeFromJson({ '@type': 'Recipe', ...item.recipe });
      if (!draft) throw new Error('No recipe could be read from this entry');
      const tags = item.tags.map((name) => ({ name }));
      if (options.addMigrationTag) tags.push({ name: MIGRATION_TAG_NAMES[type] });
      const input = draftToRecipeCreate({ ...draft, name: draft.name || item.name }, { tags, categories: item.categories.map((name) => ({ name })) });
      const created = await createRecipe(deps, user, input);
      let note = '';
      if (item.image && sniffImage(item.image)) {
        await saveRecipeImage(deps, created.id, item.image).catch(() => {
          note = ' (its picture could not be read)';
        });
      } else if (item.imageUrl && options.fetchImages !== false) {
        if (!(await storeFirstImage(deps, created.id, [item.imageUrl]))) note = ' (its picture could not be downloaded)';
      }
      if (item.rating) await setUserRating(deps, user, user.id, created.id, { rating: item.rating }).catch(() => undefined);
      ok += 1;
      await report.add({ success: true, message: `Imported ${input.name} → ${created.slug}${note}` });
    } catch (error) {
      bad += 1;
      await report.add({ success: false, message: `Failed to import ${item.name || 'a recipe'}`, exception: (error as Error).message });
    }
  }
  const status = overallStatus(ok, bad);
  await report.finish(status);
  return { ...report.report, status };
}
