import type { ZipArchive } from 'archiver';
import { lazyRequire } from '../../lazy.js';
import type { RecipeOut } from '../../../contract/recipes.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { unauthorized } from '../../platform/errors.js';
import { storageKeys } from '../../platform/storage/index.js';
import { exportableImages } from '../recipe-media/gallery.js';
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

/** Hearth's gallery and step images in a recipe zip: where each one's original rendition is, and its place. */
export interface ExportedImage {
  file: string;
  step_id: string | null;
  /** The step's index in recipe_instructions, so an import (whose steps get new ids) finds it again. */
  step_index: number | null;
  position: number;
}

/** The folder of a recipe zip that holds Hearth's gallery and step images (Mealie's import ignores it). */
export const EXPORTED_IMAGES_FOLDER = 'hearth-images/';

/**
 * The recipe JSON of Mealie's zip export: snake_case field names; with `hearth_images` (a key Mealie's
 * import ignores) when the recipe has gallery or step images.
 */
export function recipeExportJson(recipe: RecipeOut, images: ExportedImage[] = []): string {
  const json = snakeCaseKeys(recipe) as Record<string, unknown>;
  return JSON.stringify(images.length ? { ...json, hearth_images: images } : json, null, 2);
}

type StoredExtra = Awaited<ReturnType<typeof exportableImages>>[number];

/** The recipe's gallery and step images and how its JSON lists them, each file named by `fileOf` in the zip. */
export async function exportedImages(deps: Deps, recipe: RecipeOut, fileOf: (image: StoredExtra) => string): Promise<{ extras: StoredExtra[]; listed: ExportedImage[] }> {
  const stepIndex = new Map(recipe.recipeInstructions.map((step, i) => [step.id.toLowerCase(), i]));
  const extras = await exportableImages(deps, recipe.id);
  const listed = extras.map((image) => ({
    file: fileOf(image),
    step_id: image.stepId,
    step_index: image.stepId ? (stepIndex.get(image.stepId.toLowerCase()) ?? null) : null,
    position: image.position,
  }));
  return { extras, listed };
}

/**
 * `<slug>.zip`: `<slug>.json` and, when the recipe has one, `original.webp` at the root (Mealie's layout);
 * then each gallery and step image's original as hearth-images/{id}.webp. Streams one file at a time.
 */
export function recipeZipStream(deps: Deps, recipe: RecipeOut): ZipArchive {
  const archive = new (loadArchiver().ZipArchive)({ zlib: { level: 6 } });
  (async () => {
    const { extras, listed } = await exportedImages(deps, recipe, (image) => `${EXPORTED_IMAGES_FOLDER}${image.id}.webp`);
    archive.append(recipeExportJson(recipe, listed), { name: `${recipe.slug}.json` });
    const image = await deps.storage.get(storageKeys.recipeImage(recipe.id, 'original.webp'));
    if (image) archive.append(image, { name: 'original.webp' });
    for (const [i, extra] of extras.entries()) {
      const bytes = await deps.storage.read(extra.key);
      if (bytes) archive.append(bytes, { name: listed[i].file });
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
}
