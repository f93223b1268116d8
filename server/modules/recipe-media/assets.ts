import crypto from 'node:crypto';
import path from 'node:path';
import type { RecipeAssetOut } from '../../../contract/recipe-media.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { slugify } from '../../platform/slug.js';
import { storageKeys } from '../../platform/storage/index.js';

export const MAX_ASSET_BYTES = 20 * 1024 * 1024;

/** Content types we let a browser render inline; anything else downloads as bytes (no stored HTML/SVG/JS). */
const INLINE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
};

export function assetContentType(fileName: string): string {
  return INLINE_TYPES[path.extname(fileName).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

function assetExtension(given: string | undefined, uploadedName: string): string {
  const candidate = (given?.trim() || path.extname(uploadedName)).replace(/^\.+/, '').toLowerCase();
  if (!/^[a-z0-9]{1,10}$/.test(candidate)) throw badRequest('recipe-media.asset-needs-a-valid-file-extension');
  return candidate;
}

/** slugify(name) kept to file-system-safe ASCII; a name with no such letters gets a stable hashed stem. */
function assetStem(name: string): string {
  const stem = slugify(name).normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100);
  return stem || `asset-${crypto.createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
}

export interface AssetUpload {
  name: string;
  icon: string;
  extension?: string;
  file: { filename: string; data: Buffer };
}

/**
 * Stores an uploaded file as assets/{slugify(name)}.{ext} of the recipe and lists it on the recipe
 * (an asset with the same file name is replaced). Returns the asset as the recipe lists it.
 */
export async function saveRecipeAsset(deps: Deps, recipeId: string, upload: AssetUpload): Promise<RecipeAssetOut> {
  const name = upload.name.trim().slice(0, 200);
  if (!name) throw badRequest('recipe-media.asset-needs-a-name');
  if (upload.file.data.length === 0) throw badRequest('recipe-media.file-is-empty');
  if (upload.file.data.length > MAX_ASSET_BYTES) throw badRequest('recipe-media.file-is-larger-than-mb', { value: MAX_ASSET_BYTES / 1024 / 1024 });
  const icon = upload.icon.trim().slice(0, 100) || 'mdi-file';
  const fileName = `${assetStem(name)}.${assetExtension(upload.extension, upload.file.filename)}`;

  const key = storageKeys.recipeAsset(recipeId, fileName);
  const replacing = await deps.storage.exists(key);
  await deps.storage.put(key, upload.file.data, { contentType: assetContentType(fileName) });
  try {
    await deps.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('recipe_assets')
        .select('id')
        .where('recipe_id', '=', recipeId)
        .where('file_name', '=', fileName)
        .executeTakeFirst();
      if (existing) await trx.updateTable('recipe_assets').set({ name, icon }).where('id', '=', existing.id).execute();
      else await trx.insertInto('recipe_assets').values({ recipe_id: recipeId, name, icon, file_name: fileName }).execute();
    });
  } catch (error) {
    if (!replacing) await deps.storage.delete(key);
    throw error;
  }
  return { name, icon, fileName };
}
