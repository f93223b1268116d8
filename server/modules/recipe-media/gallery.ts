import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { RecipeImageOut, RecipeImagesOut } from '../../../contract/recipe-media.js';
import { nowIso, type Database } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { isUuid, storageKeys } from '../../platform/storage/index.js';
import { IMAGE_FILE_NAMES, newImageKey, saveRecipeImage, writeImageSet } from './images.js';

/**
 * Issue 41: a recipe's gallery and its steps' images. The main image stays Mealie's (`recipes.image`,
 * recipes/{id}/images/*.webp, what the card and Mealie clients show); the others are rows of
 * `recipe_images` with the same three renditions (written by images.ts' writeImageSet, the one resize
 * pipeline) under recipes/{id}/images/gallery/{imageId}/ or …/steps/{imageId}/. Bytes are written before the
 * row, so a refused or failed upload leaves no row, and a failed row leaves no files.
 */

export const MAX_EXTRA_IMAGE_BYTES = 15 * 1024 * 1024;
/** Per recipe, gallery and steps together: enough for a photo a step, small enough to keep a backup sane. */
export const MAX_EXTRA_IMAGES = 100;

interface ImageRow {
  id: string;
  recipe_id: string;
  step_id: string | null;
  position: number;
}

function kindOf(row: Pick<ImageRow, 'step_id'>): 'gallery' | 'steps' {
  return row.step_id ? 'steps' : 'gallery';
}

function toOut(row: ImageRow): RecipeImageOut {
  return {
    id: row.id,
    stepId: row.step_id,
    position: row.position,
    folder: `/api/media/recipes/${row.recipe_id}/images/${kindOf(row)}/${row.id}/`,
  };
}

/** The main image's key and every other image of the recipe: gallery first, then steps, each in order. */
export async function listRecipeImages(deps: Deps, recipeId: string): Promise<RecipeImagesOut> {
  const recipe = await deps.db.selectFrom('recipes').select('image').where('id', '=', recipeId).executeTakeFirst();
  if (!recipe) throw notFound('common.recipe-not-found');
  const rows = await deps.db
    .selectFrom('recipe_images')
    .select(['id', 'recipe_id', 'step_id', 'position'])
    .where('recipe_id', '=', recipeId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // A step removed in the editor leaves its images behind until the next upload prunes them: never shown.
  const live = new Set((await deps.db.selectFrom('recipe_instructions').select('id').where('recipe_id', '=', recipeId).execute()).map((r) => r.id.toLowerCase()));
  const gallery = rows.filter((r) => !r.step_id);
  const steps = rows.filter((r) => r.step_id && live.has(r.step_id.toLowerCase()));
  return { image: recipe.image ?? null, images: [...gallery, ...steps].map(toOut) };
}

async function findImage(deps: Deps, recipeId: string, imageId: string): Promise<ImageRow> {
  if (!isUuid(imageId)) throw notFound('recipe-media.image-not-found');
  const row = await deps.db
    .selectFrom('recipe_images')
    .select(['id', 'recipe_id', 'step_id', 'position'])
    .where('recipe_id', '=', recipeId)
    .where('id', '=', imageId.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound('recipe-media.image-not-found');
  return row;
}

export interface ExtraImageUpload {
  data: Buffer;
  /** A step of this recipe, or null/empty for the gallery. */
  stepId?: string | null;
}

/**
 * Adds an image to the gallery (or, with stepId, under that step). A gallery image of a recipe without a main
 * image becomes its main image (Mealie's `image`), since the gallery's first image is the card's.
 */
export async function addRecipeImage(deps: Deps, recipeId: string, upload: ExtraImageUpload): Promise<RecipeImagesOut> {
  if (upload.data.length === 0) throw badRequest('recipe-media.file-is-empty');
  if (upload.data.length > MAX_EXTRA_IMAGE_BYTES) throw badRequest('recipe-media.file-is-larger-than-mb', { value: MAX_EXTRA_IMAGE_BYTES / 1024 / 1024 });
  const stepId = upload.stepId?.trim().toLowerCase() || null;
  if (stepId) {
    const step = await deps.db.selectFrom('recipe_instructions').select('id').where('recipe_id', '=', recipeId).where('id', '=', stepId).executeTakeFirst();
    if (!step) throw badRequest('recipe-media.unknown-step', { id: stepId });
  }
  const recipe = await deps.db.selectFrom('recipes').select('image').where('id', '=', recipeId).executeTakeFirst();
  if (!recipe) throw notFound('common.recipe-not-found');
  if (!stepId && !recipe.image) {
    await saveRecipeImage(deps, recipeId, upload.data);
    return listRecipeImages(deps, recipeId);
  }
  await pruneRemovedSteps(deps, recipeId);
  const count = await deps.db.selectFrom('recipe_images').select((eb) => eb.fn.countAll<number>().as('n')).where('recipe_id', '=', recipeId).executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_EXTRA_IMAGES) throw badRequest('recipe-media.too-many-images', { value: MAX_EXTRA_IMAGES });
  await storeExtraImage(deps, recipeId, stepId, upload.data);
  return listRecipeImages(deps, recipeId);
}

/**
 * Writes one gallery (stepId null) or step image, last in its place: renditions first (refused with a 400
 * when the bytes are not an image), then the row; a failed row removes the renditions. No checks of the
 * step or the count: callers (the upload route, the zip import) make those.
 */
export async function storeExtraImage(deps: Deps, recipeId: string, stepId: string | null, data: Buffer): Promise<string> {
  const id = crypto.randomUUID();
  const folder = storageKeys.recipeExtraImages(recipeId, stepId ? 'steps' : 'gallery', id);
  await writeImageSet(deps, folder, data);
  try {
    await deps.db.transaction().execute(async (trx) => {
      let last = trx.selectFrom('recipe_images').select((eb) => eb.fn.max<number>('position').as('p')).where('recipe_id', '=', recipeId);
      last = stepId ? last.where('step_id', '=', stepId) : last.where('step_id', 'is', null);
      const { p } = (await last.executeTakeFirst()) ?? { p: null };
      const position = p === null || p === undefined ? 0 : Number(p) + 1;
      await trx.insertInto('recipe_images').values({ id, recipe_id: recipeId, step_id: stepId, position, created_at: nowIso() }).execute();
      await trx.updateTable('recipes').set({ update_at: nowIso() }).where('id', '=', recipeId).execute();
    });
  } catch (error) {
    await deps.storage.deletePrefix(folder);
    throw error;
  }
  return id;
}

/** The stored original rendition of each gallery and step image, for a recipe's zip export. */
export async function exportableImages(deps: Deps, recipeId: string): Promise<Array<{ id: string; stepId: string | null; position: number; key: string }>> {
  const { images } = await listRecipeImages(deps, recipeId);
  return images.map((image) => ({
    id: image.id,
    stepId: image.stepId,
    position: image.position,
    key: storageKeys.recipeExtraImage(recipeId, image.stepId ? 'steps' : 'gallery', image.id, 'original.webp'),
  }));
}

/** Removes the images (rows, then files) of steps the recipe no longer has. */
async function pruneRemovedSteps(deps: Deps, recipeId: string): Promise<void> {
  const live = new Set((await deps.db.selectFrom('recipe_instructions').select('id').where('recipe_id', '=', recipeId).execute()).map((r) => r.id.toLowerCase()));
  const rows = await deps.db.selectFrom('recipe_images').select(['id', 'step_id']).where('recipe_id', '=', recipeId).where('step_id', 'is not', null).execute();
  const gone = rows.filter((r) => !live.has(r.step_id!.toLowerCase()));
  if (gone.length === 0) return;
  await deps.db.deleteFrom('recipe_images').where('id', 'in', gone.map((r) => r.id)).execute();
  for (const row of gone) await deps.storage.deletePrefix(storageKeys.recipeExtraImages(recipeId, 'steps', row.id));
}

/** Removes one gallery or step image: its row, then its files. */
export async function deleteRecipeImage(deps: Deps, recipeId: string, imageId: string): Promise<RecipeImagesOut> {
  const row = await findImage(deps, recipeId, imageId);
  await deps.db.deleteFrom('recipe_images').where('id', '=', row.id).execute();
  await deps.storage.deletePrefix(storageKeys.recipeExtraImages(recipeId, kindOf(row), row.id));
  return listRecipeImages(deps, recipeId);
}

/**
 * Puts the gallery images (or one step's images) in the order given: every id must be an image of the same
 * place (the gallery, or one step); ids left out keep their order after the ones given.
 */
export async function orderRecipeImages(deps: Deps, recipeId: string, order: string[]): Promise<RecipeImagesOut> {
  const ids = order.map((id) => id.toLowerCase());
  const rows = await deps.db.selectFrom('recipe_images').select(['id', 'step_id', 'position']).where('recipe_id', '=', recipeId).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.find((id) => !byId.has(id));
  if (unknown) throw badRequest('recipe-media.unknown-image', { id: unknown });
  if (new Set(ids).size !== ids.length) throw badRequest('recipe-media.image-listed-twice');
  const place = byId.get(ids[0])!.step_id;
  if (ids.some((id) => byId.get(id)!.step_id !== place)) throw badRequest('recipe-media.images-of-different-places');
  const rest = rows.filter((r) => r.step_id === place && !ids.includes(r.id)).sort((a, b) => a.position - b.position).map((r) => r.id);
  await deps.db.transaction().execute(async (trx) => {
    for (const [position, id] of [...ids, ...rest].entries()) await trx.updateTable('recipe_images').set({ position }).where('id', '=', id).execute();
    await trx.updateTable('recipes').set({ update_at: nowIso() }).where('id', '=', recipeId).execute();
  });
  return listRecipeImages(deps, recipeId);
}

/**
 * Makes a gallery image the main one (the card's, Mealie's `image`): its renditions are copied over the main
 * ones, and the old main image takes its place in the gallery. No resizing: the renditions are the same sizes.
 */
export async function makeMainImage(deps: Deps, recipeId: string, imageId: string): Promise<RecipeImagesOut> {
  const row = await findImage(deps, recipeId, imageId);
  if (row.step_id) throw badRequest('recipe-media.a-step-image-cannot-be-the-main-image');
  const recipe = await deps.db.selectFrom('recipes').select('image').where('id', '=', recipeId).executeTakeFirstOrThrow();
  const folder = storageKeys.recipeExtraImages(recipeId, 'gallery', row.id);
  const oldMain: Buffer[] = [];
  if (recipe.image) {
    for (const name of IMAGE_FILE_NAMES) {
      const bytes = await deps.storage.read(storageKeys.recipeImage(recipeId, name));
      if (bytes) oldMain.push(bytes);
    }
  }
  for (const name of IMAGE_FILE_NAMES) await deps.storage.copy(`${folder}${name}`, storageKeys.recipeImage(recipeId, name));
  // The old main image goes back into the gallery under a new id: image URLs are cached for a year, so a
  // folder never gets other bytes.
  const swapped = oldMain.length === IMAGE_FILE_NAMES.length ? crypto.randomUUID() : null;
  if (swapped) {
    const target = storageKeys.recipeExtraImages(recipeId, 'gallery', swapped);
    for (const [i, name] of IMAGE_FILE_NAMES.entries()) await deps.storage.put(`${target}${name}`, oldMain[i], { contentType: 'image/webp' });
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recipe_images').where('id', '=', row.id).execute();
    if (swapped) await trx.insertInto('recipe_images').values({ id: swapped, recipe_id: recipeId, step_id: null, position: row.position, created_at: nowIso() }).execute();
    await trx.updateTable('recipes').set({ image: newImageKey(), update_at: nowIso() }).where('id', '=', recipeId).execute();
  });
  await deps.storage.deletePrefix(folder);
  return listRecipeImages(deps, recipeId);
}

/**
 * A duplicated recipe's own rows for the source's gallery and step images, after its folder was copied
 * (copyPrefix): each image gets a new id (an id is one recipe's, and its URLs are cached), its copied files
 * move to that id's folder, and a step image follows its step by position (the copy's steps have new ids).
 */
export async function copyExtraImages(deps: Deps, trx: Transaction<Database>, fromId: string, toId: string): Promise<void> {
  const rows = await trx.selectFrom('recipe_images').select(['id', 'recipe_id', 'step_id', 'position']).where('recipe_id', '=', fromId).execute();
  if (rows.length === 0) return;
  const steps = async (recipeId: string) =>
    (await trx.selectFrom('recipe_instructions').select('id').where('recipe_id', '=', recipeId).orderBy('position').execute()).map((r) => r.id.toLowerCase());
  const [fromSteps, toSteps] = [await steps(fromId), await steps(toId)];
  for (const row of rows) {
    const copied = storageKeys.recipeExtraImages(toId, kindOf(row), row.id);
    const stepId = row.step_id ? (toSteps[fromSteps.indexOf(row.step_id.toLowerCase())] ?? null) : null;
    if (row.step_id && !stepId) {
      await deps.storage.deletePrefix(copied);
      continue;
    }
    const id = crypto.randomUUID();
    const folder = storageKeys.recipeExtraImages(toId, kindOf(row), id);
    for (const name of IMAGE_FILE_NAMES) if (await deps.storage.exists(`${copied}${name}`)) await deps.storage.copy(`${copied}${name}`, `${folder}${name}`);
    await deps.storage.deletePrefix(copied);
    await trx.insertInto('recipe_images').values({ id, recipe_id: toId, step_id: stepId, position: row.position, created_at: nowIso() }).execute();
  }
}
