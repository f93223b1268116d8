import { z } from 'zod';
import type { Config } from '../../config.js';
import { loadSharp } from '../../lazy.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import { sniffImage } from '../../platform/storage.js';
import { imageServices } from '../recipe-import/image-import.js';
import { chatJson, type ChatContent } from '../recipe-import/openai.js';
import { aiRecipe } from '../recipe-import/openai-recipe.js';

/**
 * "Let AI fill the fields": with AI image services on, the OpenAI-compatible model reads the photos and its
 * answer pre-fills the OCR editor's fields — nothing is saved, a person reviews it like any OCR import.
 */

export const aiDraft = z.object({
  name: z.string(),
  description: z.string(),
  recipeYield: z.string(),
  prepTime: z.string(),
  cookTime: z.string(),
  totalTime: z.string(),
  recipeIngredient: z.array(z.string()),
  recipeInstructions: z.array(z.string()),
  notes: z.array(z.string()),
});
export type AiDraft = z.infer<typeof aiDraft>;

const PROMPT = [
  'You read recipes from photos of cookbook pages, cards or screens.',
  'Answer with one JSON object: {"name": string, "description": string, "recipeYield": string,',
  '"prepTime": string, "cookTime": string, "totalTime": string, "recipeIngredient": [one string per ingredient line],',
  '"recipeInstructions": [one string per step], "notes": [strings]}. Leave out what the photos do not show;',
  "copy the text as written, with amounts, in the recipe's own language.",
].join(' ');

async function asDataUrl(image: Buffer): Promise<string> {
  const kind = sniffImage(image);
  if (kind === 'jpeg' || kind === 'png' || kind === 'webp' || kind === 'gif') return `data:image/${kind};base64,${image.toString('base64')}`;
  try {
    const sharp = await loadSharp();
    return `data:image/jpeg;base64,${(await sharp(image, { limitInputPixels: 100_000_000 }).rotate().jpeg({ quality: 85 }).toBuffer()).toString('base64')}`;
  } catch {
    throw badRequest('common.image-could-not-be-read');
  }
}

export async function draftFromPhotos(config: Config, images: Buffer[]): Promise<AiDraft> {
  if (imageServices(config) !== 'openai') throw badRequest('ocr.ai-image-services-are-not-enabled-on');
  const content: ChatContent = [{ type: 'text', text: 'Read the recipe in these images.' }];
  for (const image of images) content.push({ type: 'image_url', image_url: { url: await asDataUrl(image) } });
  const answer = aiRecipe.safeParse(await chatJson(config, [{ role: 'system', content: PROMPT }, { role: 'user', content }]));
  if (!answer.success) throw new HttpError(502, 'common.openai-service-did-not-answer-with-a');
  const r = answer.data;
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const list = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);
  return {
    name: r.name.trim(),
    description: text(r.description),
    recipeYield: text(r.recipeYield),
    prepTime: text(r.prepTime),
    cookTime: text(r.cookTime),
    totalTime: text(r.totalTime),
    recipeIngredient: list(r.recipeIngredient),
    recipeInstructions: list(r.recipeInstructions),
    notes: list(r.notes),
  };
}
