import { collectImageUrls, resolveUrl } from './clean-images.js';
import { cleanIngredientsAndTools } from './clean-ingredients.js';
import { cleanInstructions } from './clean-instructions.js';
import { cleanNutrition } from './clean-nutrition.js';
import { cleanTagList } from './clean-tags.js';
import { cleanLine, cleanMultiline } from './clean-text.js';
import { cleanTime } from './clean-time.js';
import { cleanYield } from './clean-yield.js';
import { type PageMeta, titleWithoutSiteName } from './opengraph.js';
import { type DraftNote, isEmptyValue, isJsonObject, type JsonObject, type RecipeDraft, toArray } from './types.js';

/**
 * The text of the single step a scraped recipe gets when its markup has no instructions, as Mealie's
 * scraper does, so that the editor shows where the steps are missing.
 */
export const MISSING_INSTRUCTIONS_TEXT = 'No Instructions Found';

export interface DraftContext {
  /** The absolute address the recipe was fetched from, when known. */
  pageUrl: string | null;
  /** What relative URLs in the recipe are resolved against; null keeps only absolute URLs. */
  baseUrl: string | null;
  includeTags: boolean;
  /** Replaces JSON-LD {"@id": …} references by the nodes they point to. */
  resolve: (value: unknown) => unknown;
  /** The page's own meta tags, filling in a name, description, image or address the recipe lacks. */
  pageMeta: PageMeta | null;
  addPlaceholderStep: boolean;
}

/** Builds a draft from a schema.org Recipe node or a Mealie/Hearth recipe (camelCase or snake_case). */
export function buildDraft(source: JsonObject, context: DraftContext): RecipeDraft {
  const recipe = camelizeKeys(source);
  const { resolve, pageMeta, baseUrl } = context;

  const yields = cleanYield(recipe.recipeYield ?? recipe.yield);
  const explicitServings = positiveNumber(recipe.recipeServings);
  const explicitYieldQuantity = positiveNumber(recipe.recipeYieldQuantity);

  const recipeInstructions = cleanInstructions(resolve(recipe.recipeInstructions ?? recipe.instructions));
  if (recipeInstructions.length === 0 && context.addPlaceholderStep) {
    recipeInstructions.push({ text: MISSING_INSTRUCTIONS_TEXT });
  }
  const cookTime = cleanTime(recipe.cookTime);
  const { ingredients, tools } = cleanIngredientsAndTools(resolve(recipe.recipeIngredient ?? recipe.ingredients ?? recipe.ingredient));

  const draft: RecipeDraft = {
    name:
      cleanLine(recipe.name ?? recipe.headline ?? recipe.title) ||
      (pageMeta ? titleWithoutSiteName(pageMeta.title, pageMeta.siteName, context.pageUrl) : ''),
    description: cleanMultiline(recipe.description ?? recipe.summary) || cleanMultiline(pageMeta?.description),
    orgURL:
      context.pageUrl ??
      resolveUrl(recipe.orgURL ?? recipe.url, baseUrl) ??
      (pageMeta ? (resolveUrl(pageMeta.url, baseUrl) ?? resolveUrl(pageMeta.canonicalUrl, baseUrl)) : null),
    imageUrls: collectImageUrls(
      [
        [resolve(recipe.image), resolve(recipe.photo)],
        [resolve(recipe.thumbnailUrl)],
        pageMeta ? pageMeta.images : [],
      ],
      baseUrl,
    ),
    recipeYield: yields.recipeYield,
    recipeYieldQuantity: explicitYieldQuantity || yields.recipeYieldQuantity,
    recipeServings: explicitServings || yields.recipeServings,
    prepTime: cleanTime(recipe.prepTime),
    cookTime,
    performTime: cleanTime(recipe.performTime) ?? cookTime,
    totalTime: cleanTime(recipe.totalTime),
    recipeIngredient: ingredients,
    tools: uniqueNames([...tools, ...cleanTagList(resolve(recipe.tool) ?? recipe.tools)]),
    recipeInstructions,
    nutrition: cleanNutrition(resolve(recipe.nutrition)),
    ...organizers(context.includeTags, recipe),
    notes: cleanNotes(recipe.notes),
  };
  const extras = cleanExtras(recipe.extras);
  if (extras) draft.extras = extras;
  return draft;
}

/**
 * Categories from recipeCategory; tags from keywords and cuisine, without the words already taken as
 * categories (sites often repeat their categories among the keywords: one word, one organizer).
 */
function organizers(includeTags: boolean, recipe: Record<string, unknown>): { tags: string[]; recipeCategory: string[] } {
  if (!includeTags) return { tags: [], recipeCategory: [] };
  const recipeCategory = cleanTagList(recipe.recipeCategory, recipe.categories);
  const taken = new Set(recipeCategory.map((name) => name.toLocaleLowerCase()));
  const tags = cleanTagList(recipe.keywords, recipe.recipeCuisine, recipe.tags).filter((name) => !taken.has(name.toLocaleLowerCase()));
  return { tags, recipeCategory };
}

/** snake_case keys to camelCase (org_url and orgUrl to Mealie's orgURL); a filled value wins over an empty one. */
export function camelizeKeys(source: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    const camel = key.replace(/_+([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
    const normalized = camel === 'orgUrl' ? 'orgURL' : camel;
    if (!(normalized in result) || isEmptyValue(result[normalized])) result[normalized] = value;
  }
  return result;
}

function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.trim().toLowerCase();
    if (!key || key.length > 200 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function positiveNumber(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : 0;
}

function cleanNotes(value: unknown): DraftNote[] {
  const notes: DraftNote[] = [];
  for (const item of toArray(value)) {
    const note = isJsonObject(item)
      ? { title: cleanLine(item.title), text: cleanMultiline(item.text) }
      : { title: '', text: cleanMultiline(item) };
    if (note.title || note.text) notes.push(note);
  }
  return notes;
}

function cleanExtras(value: unknown): Record<string, string> | null {
  if (!isJsonObject(value)) return null;
  const extras: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') extras[key] = String(entry);
  }
  return Object.keys(extras).length > 0 ? extras : null;
}
