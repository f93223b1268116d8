import { z } from 'zod';
import type { Config } from '../../config.js';
import { extractRecipeFromJson, type RecipeDraft } from '../../import/extract/index.js';
import { HttpError } from '../../platform/errors.js';
import { chatJson, type ChatContent } from './openai.js';

/** Asks the configured chat model for a recipe read from the given content (photos or a page's text). */

function prompt(source: string, translateLanguage: string | null | undefined): string {
  return [
    `You read recipes from ${source}.`,
    'Answer with one JSON object: {"name": string, "description": string, "recipeYield": string,',
    '"prepTime": string, "cookTime": string, "totalTime": string, "recipeIngredient": [one string per ingredient line],',
    '"recipeInstructions": [one string per step], "notes": [strings]}. Leave out what the source does not show;',
    'copy ingredient lines as written, with their amounts.',
    translateLanguage ? `Write the recipe in the language with code "${translateLanguage}".` : "Keep the recipe's own language.",
  ].join(' ');
}

const fromText = z.object({ text: z.string() }).transform((item) => item.text);
const textList = z.array(z.union([z.string(), fromText])).optional();
const optionalText = z.union([z.string(), z.number().transform(String), z.null()]).optional();

/** The answer we ask for; a model's extra keys are ignored. */
export const aiRecipe = z.object({
  name: z.string().trim().min(1),
  description: optionalText,
  recipeYield: optionalText,
  prepTime: optionalText,
  cookTime: optionalText,
  totalTime: optionalText,
  recipeIngredient: textList,
  recipeInstructions: textList,
  notes: textList,
});

/** The model's recipe, cleaned by the extraction engine; null when it holds no recipe. */
export async function recipeFromOpenAi(
  config: Config,
  source: string,
  content: ChatContent,
  translateLanguage?: string | null,
): Promise<RecipeDraft | null> {
  const answer = aiRecipe.safeParse(await chatJson(config, [{ role: 'system', content: prompt(source, translateLanguage) }, { role: 'user', content }]));
  if (!answer.success) throw new HttpError(502, 'common.openai-service-did-not-answer-with-a');
  const { notes, ...recipe } = answer.data;
  return extractRecipeFromJson({ ...recipe, notes: (notes ?? []).map((text) => ({ title: '', text })) });
}
