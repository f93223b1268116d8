import type { ZipArchive } from 'archiver';
import { lazyRequire } from '../../lazy.js';
import type { RecipeOut } from '../../../contract/recipes.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { unauthorized } from '../../platform/errors.js';
import { storageKeys } from '../../platform/storage/index.js';
import { findRecipeRow, getRecipeBySlugOrId } from '../recipes/service.js';
import { snakeCaseKeys } from './snake-case.js';

const loadArchiver = lazyRequire<typeof import('archiver')>('archiver');

type Actor = Pick<AuthUser, 'groupId' | 'householdId'>;

const EXPORT_PURPOSE = 'recipe-export';
const EXPORT_TOKEN_SECONDS = 30 * 60;

/** POST {slug}/exports: a 30-minute token naming this recipe (and the group it was issued in). */
export async function recipeExportToken(deps: Deps, user: Actor, slugOrId: string): Promise<string> {
  const row = await findRecipeRow(deps.db, user.groupId, slugOrId);
  return deps.tokens.sign({ slug: row.slug, purpose: EXPORT_PURPOSE, group_id: user.groupId }, EXPORT_TOKEN_SECONDS);
}

/** The recipe a download token was issued for; 401 for a forged, expired, foreign or mismatched token. */
export async function recipeForExportToken(deps: Deps, user: Actor, slugOrId: string, token: string): Promise<RecipeOut> {
  const claims = await deps.tokens.verify(token);
  const recipe = await getRecipeBySlugOrId(deps, user, slugOrId);
  if (!claims || claims.purpose !== EXPORT_PURPOSE || claims.group_id !== user.groupId || claims.slug !== recipe.slug) {
    throw unauthorized('exports.invalid-or-expired-export-token');
  }
  return recipe;
}

/** The recipe JSON of Mealie's zip export: snake_case field names. */
export function recipeExportJson(recipe: RecipeOut): string {
  return JSON.stringify(snakeCaseKeys(recipe), null, 2);
}

/** `<slug>.zip`: `<slug>.json` and, when the recipe has one, `original.webp` at the root. Streams; nothing is buffered whole. */
export function recipeZipStream(deps: Deps, recipe: RecipeOut): ZipArchive {
  const archive = new (loadArchiver().ZipArchive)({ zlib: { level: 6 } });
  archive.append(recipeExportJson(recipe), { name: `${recipe.slug}.json` });
  deps.storage
    .get(storageKeys.recipeImage(recipe.id, 'original.webp'))
    .then((image) => {
      if (image) archive.append(image, { name: 'original.webp' });
      return archive.finalize();
    })
    .catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
}
