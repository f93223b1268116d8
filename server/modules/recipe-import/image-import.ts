import { loadSharp } from '../../lazy.js';
import type { Config } from '../../config.js';
import { extractRecipeFromJson, type RecipeDraft } from '../../import/extract/index.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { sniffImage } from '../../platform/storage.js';
import { saveRecipeImage } from '../recipe-media/images.js';
import type { RecipeRef, RecipeUser } from '../recipes/service.js';
import type { OcrEngine } from './ocr.js';
import { recipeFromText } from './ocr-text.js';
import { openAiConfigured, type ChatContent } from './openai.js';
import { recipeFromOpenAi } from './openai-recipe.js';
import { saveDraft } from './service.js';

/**
 * POST /api/recipes/create/image: photos of a recipe become a recipe. With OpenAI configured (and image
 * services on) the chat model reads them; otherwise local OCR does, and a text parser sorts the lines.
 */

const MAX_IMAGES = 10;


/** OpenAI reads png, jpeg, webp and gif; anything else (heic, avif, tiff, bmp) is sent as jpeg. */
async function dataUrl(image: Buffer): Promise<string> {
  const kind = sniffImage(image);
  if (kind === 'jpeg' || kind === 'png' || kind === 'webp' || kind === 'gif') return `data:image/${kind};base64,${image.toString('base64')}`;
  try {
    const sharp = await loadSharp();
    const jpeg = await sharp(image, { limitInputPixels: 100_000_000 }).rotate().jpeg({ quality: 85 }).toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    throw badRequest('common.image-could-not-be-read');
  }
}

async function draftWithOpenAi(config: Config, images: Buffer[], translateLanguage: string | null | undefined): Promise<RecipeDraft | null> {
  const content: ChatContent = [{ type: 'text', text: 'Read the recipe in these images.' }];
  for (const image of images) content.push({ type: 'image_url', image_url: { url: await dataUrl(image) } });
  return recipeFromOpenAi(config, 'photos of cookbook pages, cards or screens', content, translateLanguage);
}

async function draftWithOcr(ocr: OcrEngine, images: Buffer[]): Promise<RecipeDraft | null> {
  const texts: string[] = [];
  for (const image of images) texts.push(await ocr.recognize(image));
  const recipe = recipeFromText(texts.join('\n'));
  return recipe ? extractRecipeFromJson(recipe) : null;
}

export function imageServices(config: Config): 'openai' | 'ocr' {
  return openAiConfigured(config) && config.openai.enableImageServices ? 'openai' : 'ocr';
}

export async function importFromImages(
  deps: Deps,
  user: RecipeUser,
  images: Buffer[],
  options: { translateLanguage?: string | null; ocr: OcrEngine },
): Promise<RecipeRef> {
  if (images.length === 0) throw badRequest('common.send-at-least-one-image-in-the');
  if (images.length > MAX_IMAGES) throw badRequest('recipe-import.send-at-most-images', { MAX_IMAGES });
  if (images.some((image) => !sniffImage(image))) throw badRequest('common.file-is-not-an-image');
  const draft =
    imageServices(deps.config) === 'openai'
      ? await draftWithOpenAi(deps.config, images, options.translateLanguage)
      : await draftWithOcr(options.ocr, images);
  if (!draft) throw badRequest('recipe-import.no-recipe-in-image');
  const created = await saveDraft(deps, user, { ...draft, imageUrls: [] });
  // The photo becomes the recipe's image, as in Mealie; a photo that cannot be converted leaves none.
  await saveRecipeImage(deps, created.id, images[0]).catch(() => undefined);
  return created;
}
