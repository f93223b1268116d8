import crypto from 'node:crypto';
import { loadSharp } from '../../lazy.js';
import { nowIso } from '../../db/schema.js';
import { safeFetch } from '../../import/safe-fetch.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { sniffImage, storageKeys } from '../../platform/storage/index.js';

/** The three renditions Mealie clients ask for (`/api/media/recipes/{id}/images/{name}`). */
export const IMAGE_FILE_NAMES = ['original.webp', 'min-original.webp', 'tiny-original.webp'] as const;
export type ImageFileName = (typeof IMAGE_FILE_NAMES)[number];

export function isImageFileName(name: string): name is ImageFileName {
  return (IMAGE_FILE_NAMES as readonly string[]).includes(name);
}

const MAX_IMAGE_DOWNLOAD_BYTES = 20 * 1024 * 1024;
/** Decoding bombs: refuse sources above ~100 megapixels instead of allocating gigabytes. */
const MAX_INPUT_PIXELS = 100_000_000;


/** A fresh cache-buster for `recipes.image` (clients append it as ?version=). */
export function newImageKey(): string {
  return crypto.randomBytes(6).toString('base64url');
}

async function renditions(data: Buffer): Promise<Record<ImageFileName, Buffer>> {
  try {
    const sharp = await loadSharp();
    const source = sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const [original, min, tiny] = await Promise.all([
      source.clone().resize(2048, 2048, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      source.clone().resize(600, 600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
      source.clone().resize(300, 300, { fit: 'cover' }).webp({ quality: 70 }).toBuffer(),
    ]);
    return { 'original.webp': original, 'min-original.webp': min, 'tiny-original.webp': tiny };
  } catch {
    throw badRequest('common.image-could-not-be-read');
  }
}

/**
 * Converts an uploaded image (type sniffed from its bytes, never trusted from the client) into the three
 * webp renditions in the storage folder `folder` (`recipes/{id}/images/` or a timeline event's), each
 * written whole; leftovers of other formats directly in that folder (a Mealie import's original.jpg) go.
 */
export async function writeImageSet(deps: Deps, folder: string, data: Buffer): Promise<void> {
  if (!sniffImage(data)) throw badRequest('common.file-is-not-an-image');
  const files = await renditions(data);
  for (const name of IMAGE_FILE_NAMES) await deps.storage.put(`${folder}${name}`, files[name], { contentType: 'image/webp' });
  for (const { key } of await deps.storage.list(folder)) {
    const name = key.slice(folder.length);
    if (!name.includes('/') && !name.endsWith('.webp')) await deps.storage.delete(key);
  }
}

/**
 * Stores `data` as the recipe's image (original, min-original and tiny-original webp at
 * recipes/{id}/images/ in storage) and gives the recipe a new image key, which it returns.
 * No permission check: callers (routes, importers) decide who may do this.
 */
export async function saveRecipeImage(deps: Deps, recipeId: string, data: Buffer): Promise<string> {
  const recipe = await deps.db.selectFrom('recipes').select('id').where('id', '=', recipeId).executeTakeFirst();
  if (!recipe) throw notFound('common.recipe-not-found');
  await writeImageSet(deps, storageKeys.recipeImages(recipeId), data);
  const key = newImageKey();
  await deps.db.updateTable('recipes').set({ image: key, update_at: nowIso() }).where('id', '=', recipeId).execute();
  return key;
}

/** Removes the recipe's image renditions (timeline images stay) and clears `recipes.image`. */
export async function removeRecipeImage(deps: Deps, recipeId: string): Promise<void> {
  for (const name of IMAGE_FILE_NAMES) await deps.storage.delete(storageKeys.recipeImage(recipeId, name));
  await deps.db.updateTable('recipes').set({ image: null, update_at: nowIso() }).where('id', '=', recipeId).execute();
}

/** Downloads an image through the SSRF-safe fetcher and stores it as the recipe's image; returns the new key. */
export async function fetchAndSaveRecipeImage(deps: Deps, recipeId: string, url: string): Promise<string> {
  const fetched = await safeFetch(url, {
    allowPrivateNetwork: deps.config.allowPrivateNetworkFetch,
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
    maxBytes: MAX_IMAGE_DOWNLOAD_BYTES,
  });
  // The bytes decide: an `image/*` header on an HTML error page, or an SVG, is not an image we store.
  if (!sniffImage(fetched.body)) throw badRequest('recipe-media.url-is-not-an-image');
  return saveRecipeImage(deps, recipeId, fetched.body);
}
