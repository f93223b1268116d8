import { recipeCreate, type RecipeCreate } from '../../../contract/recipes.js';
import type { OcrPage, OcrResult } from '../../../contract/ocr.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import { InputError } from '../../platform/input-guard.js';
import type { UploadedFile } from '../../platform/multipart.js';
import { sniffImage } from '../../platform/storage.js';
import { saveRecipeAsset } from '../recipe-media/assets.js';
import { saveRecipeImage } from '../recipe-media/images.js';
import { createRecipe, deleteRecipe, type RecipeRef, type RecipeUser } from '../recipes/service.js';
import type { OcrPool } from './engine.js';
import { isOcrLanguage, OCR_LANGUAGES, type OcrLanguage } from './languages.js';

/** The OCR editor's server side: read photos into boxes, and save the recipe put together from them. */

export const MAX_PAGES = 10;

/** The `language` field: a tesseract code we have a model for; anything else is a 422 naming the choices. */
export function ocrLanguage(value: string | undefined): OcrLanguage {
  const code = (value ?? '').trim().toLowerCase() || 'eng';
  if (!isOcrLanguage(code)) {
    throw new InputError(['body', 'language'], 'ocr.unknown-language', 'enum', { code: code.slice(0, 20), languages: OCR_LANGUAGES.join(', ') });
  }
  return code;
}

/** The uploaded photos, checked: one to ten files, each an image by its bytes. */
export function photos(files: UploadedFile[] | undefined): UploadedFile[] {
  const images = files ?? [];
  if (images.length === 0) throw badRequest('common.send-at-least-one-image-in-the');
  if (images.length > MAX_PAGES) throw badRequest('ocr.send-at-most-images', { MAX_PAGES });
  for (const image of images) if (!sniffImage(image.data)) throw badRequest('ocr.file-is-not-an-image', { value: image.filename.slice(0, 100) });
  return images;
}

export async function readPhotos(pool: OcrPool, language: OcrLanguage, images: UploadedFile[]): Promise<OcrResult> {
  const pages: OcrPage[] = [];
  for (const [index, image] of images.entries()) {
    const started = Date.now();
    const page = await pool.readPage(language, image.data, index);
    pages.push({ index, fileName: image.filename, ...page, durationMs: Date.now() - started });
  }
  return { language, pages };
}

/** The `recipe` field of the save: a JSON recipe as POST /api/recipes takes it. */
export function recipeField(value: string | undefined): RecipeCreate {
  if (!value) throw new InputError(['body', 'recipe'], 'ocr.send-the-recipe-as-json', 'missing');
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new InputError(['body', 'recipe'], 'ocr.recipe-field-is-not-valid-json', 'json_invalid');
  }
  return recipeCreate.parse(json);
}

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', heic: 'heic', avif: 'avif', tiff: 'tiff', bmp: 'bmp' };

/**
 * Creates the recipe marked as read by OCR, keeps every photo as an asset ("Page 1", "Page 2"…) and makes
 * the first its image. A photo that cannot be stored removes the recipe again: all or nothing.
 */
export async function saveOcrRecipe(deps: Deps, user: RecipeUser, recipe: RecipeCreate, images: UploadedFile[]): Promise<RecipeRef> {
  const created = await createRecipe(deps, user, { ...recipe, assets: [] }, { isOcrRecipe: true });
  try {
    for (const [index, image] of images.entries()) {
      const kind = sniffImage(image.data);
      await saveRecipeAsset(deps, created.id, {
        name: `Page ${index + 1}`,
        icon: 'mdi-image',
        extension: EXTENSIONS[kind ?? ''] ?? 'jpg',
        file: { filename: image.filename, data: image.data },
      });
    }
    await saveRecipeImage(deps, created.id, images[0].data).catch(() => undefined);
  } catch (error) {
    await deleteRecipe(deps, user, created.id).catch(() => undefined);
    throw error instanceof HttpError ? error : badRequest('ocr.photos-could-not-be-kept-with-the');
  }
  return created;
}
