/**
 * The recipe extraction engine: HTML, JSON-LD or recipe JSON in, a cleaned RecipeDraft (Mealie's field
 * names) out. Pure: no network, no database; never throws, and gives null when there is no recipe.
 *
 * HTML is read in this order: JSON-LD (any nesting), then microdata, then the page's Open Graph / meta
 * tags. A JSON-LD recipe takes fields it lacks from a microdata recipe on the same page, and a name,
 * description, image or address it lacks from the meta tags.
 */
import { cheerioLoad as load } from '../../lazy.js';
import { buildDraft, type DraftContext } from './build-draft.js';
import { resolveUrl } from './clean-images.js';
import { parseLenientJson } from './json-repair.js';
import { findRecipeNode, hasRecipeContent, readJsonLdBlocks } from './jsonld.js';
import { readHtmlRecipe } from './html-recipe.js';
import { readMicrodataRecipe } from './microdata.js';
import { visibleIngredients } from './visible-ingredients.js';
import { documentBaseUrl, draftFromPageMeta, readPageMeta, titleWithoutSiteName } from './opengraph.js';
import {
  type ExtractionMethod,
  type ExtractOptions,
  type HtmlOrJsonOptions,
  isEmptyValue,
  isJsonObject,
  type JsonObject,
  type RecipeDraft,
} from './types.js';

export { MISSING_INSTRUCTIONS_TEXT } from './build-draft.js';
export { extractOpenGraph } from './opengraph.js';
export type {
  ExtractionMethod,
  DraftIngredient,
  DraftInstruction,
  DraftNote,
  DraftNutrition,
  ExtractOptions,
  HtmlOrJsonOptions,
  NutritionField,
  RecipeDraft,
} from './types.js';
export { NUTRITION_FIELDS } from './types.js';

const identity = (value: unknown): unknown => value;

export function extractRecipeFromHtml(html: string, pageUrl?: string, opts: ExtractOptions = {}): RecipeDraft | null {
  try {
    if (typeof html !== 'string' || html.trim() === '') return null;
    const $ = load(html);
    const pageMeta = readPageMeta($);
    const absolutePageUrl = resolveUrl(pageUrl, null);
    const baseUrl = documentBaseUrl(pageMeta, absolutePageUrl);

    const fromJsonLd = findRecipeNode(readJsonLdBlocks($));
    const fromMicrodata = readMicrodataRecipe($);
    let recipe = combineRecipes(fromJsonLd?.recipe ?? null, fromMicrodata);
    let method: ExtractionMethod = fromJsonLd && hasRecipeContent(fromJsonLd.recipe) ? 'json-ld' : 'microdata';
    // The markup's list, when the page shows a fuller one (a group left out, amounts dropped): the page's.
    const markupLines = recipe?.recipeIngredient ?? recipe?.ingredients;
    const shown = recipe && !isEmptyValue(markupLines) ? visibleIngredients($, markupLines) : null;
    if (recipe && shown) recipe = { ...recipe, recipeIngredient: shown, ingredients: undefined };
    // Markup that lacks the ingredients or steps (or no markup at all): read the page's own layout.
    if (
      !recipe ||
      !hasRecipeContent(recipe) ||
      isEmptyValue(recipe.recipeIngredient ?? recipe.ingredients) ||
      isEmptyValue(recipe.recipeInstructions ?? recipe.instructions)
    ) {
      const fromHtml = readHtmlRecipe(load(html));
      if (fromHtml) {
        // A heading that holds the page's own title plus a date or a label ("Jun 5 Onion tart"): the title.
        const heading = typeof fromHtml.recipe.name === 'string' ? fromHtml.recipe.name : '';
        const pageTitle = titleWithoutSiteName(pageMeta.title, pageMeta.siteName, absolutePageUrl);
        if (pageTitle && heading.length > pageTitle.length && heading.toLowerCase().includes(pageTitle.toLowerCase())) fromHtml.recipe.name = pageTitle;
        if (!recipe || !hasRecipeContent(recipe)) method = fromHtml.method;
        recipe = recipe ? fillMissing(recipe, withoutIngredientSteps(fromHtml.recipe, recipe)) : fromHtml.recipe;
      }
    }
    if (recipe) {
      const draft = buildDraft(recipe, {
        pageUrl: absolutePageUrl,
        baseUrl,
        includeTags: opts?.includeTags === true,
        resolve: fromJsonLd?.resolve ?? identity,
        pageMeta,
        addPlaceholderStep: true,
      });
      if (hasSubstance(draft)) return { ...draft, extractionMethod: method };
    }
    const fromMeta = draftFromPageMeta(pageMeta, absolutePageUrl, baseUrl);
    return fromMeta && { ...fromMeta, extractionMethod: 'open-graph' };
  } catch {
    return null;
  }
}

/**
 * Accepts a schema.org Recipe (alone, in an array, in an @graph or nested anywhere), a Mealie/Hearth
 * recipe in camelCase or snake_case, or the JSON text of either.
 */
export function extractRecipeFromJson(data: unknown, opts: ExtractOptions = {}): RecipeDraft | null {
  try {
    const parsed = typeof data === 'string' ? parseLenientJson(data) : data;
    if (parsed === undefined || parsed === null) return null;
    const context: DraftContext = {
      pageUrl: null,
      baseUrl: null,
      includeTags: opts?.includeTags === true,
      resolve: identity,
      pageMeta: null,
      addPlaceholderStep: false,
    };

    const schemaRecipe = findRecipeNode(parsed);
    const draft = schemaRecipe
      ? buildDraft(schemaRecipe.recipe, { ...context, resolve: schemaRecipe.resolve, addPlaceholderStep: true })
      : buildPlainRecipe(parsed, context);
    return draft && hasSubstance(draft) ? { ...draft, extractionMethod: schemaRecipe ? 'json-ld' : 'json' } : null;
  } catch {
    return null;
  }
}

/**
 * Decides whether the text is JSON or HTML and extracts accordingly. pageUrl, when given, is the
 * orgURL of a JSON recipe that names none.
 */
export function extractFromHtmlOrJson(data: string, opts: HtmlOrJsonOptions = {}): RecipeDraft | null {
  if (typeof data !== 'string') return null;
  const trimmed = data.replace(/^\uFEFF/, '').trim();
  if (/^[[{]/.test(trimmed)) {
    const parsed = parseLenientJson(trimmed);
    if (parsed !== undefined) {
      const draft = extractRecipeFromJson(parsed, opts);
      if (draft && !draft.orgURL) draft.orgURL = resolveUrl(opts?.pageUrl, null);
      return draft;
    }
  }
  return extractRecipeFromHtml(trimmed, opts?.pageUrl, opts);
}

const RECIPE_KEYS = [
  'recipeIngredient',
  'recipe_ingredient',
  'ingredients',
  'recipeInstructions',
  'recipe_instructions',
  'instructions',
  'recipeYield',
  'recipe_yield',
  'recipeServings',
  'recipe_servings',
  'totalTime',
  'total_time',
  'prepTime',
  'prep_time',
  'orgURL',
  'org_url',
  'slug',
];

function buildPlainRecipe(value: unknown, context: DraftContext): RecipeDraft | null {
  const recipe = findPlainRecipe(value);
  return recipe ? buildDraft(recipe, context) : null;
}

/** A draft worth returning names a recipe or lists what goes into it. */
function hasSubstance(draft: RecipeDraft): boolean {
  return draft.name !== '' || draft.recipeIngredient.length > 0;
}

/** A recipe without schema.org typing: an object with a name and at least one recipe field. */
function findPlainRecipe(value: unknown): JsonObject | null {
  const candidates = Array.isArray(value) ? value : [value];
  for (const candidate of candidates) {
    if (!isJsonObject(candidate)) continue;
    const recipe = isJsonObject(candidate.recipe) ? candidate.recipe : candidate;
    const name = recipe.name ?? recipe.title;
    if (typeof name === 'string' && name.trim() && RECIPE_KEYS.some((key) => !isEmptyValue(recipe[key]))) {
      return recipe;
    }
  }
  return null;
}

/**
 * JSON-LD comes first and takes what it lacks from microdata; but a JSON-LD recipe without ingredients
 * or steps (a "related recipe" stub, say) gives way to a microdata recipe that has them.
 */
function combineRecipes(fromJsonLd: JsonObject | null, fromMicrodata: JsonObject | null): JsonObject | null {
  if (!fromJsonLd || !fromMicrodata) return fromJsonLd ?? fromMicrodata;
  if (!hasRecipeContent(fromJsonLd) && hasRecipeContent(fromMicrodata)) return fillMissing(fromMicrodata, fromJsonLd);
  return fillMissing(fromJsonLd, fromMicrodata);
}

/** The page's steps, less any that merely repeat an ingredient line of the markup (a list read twice). */
function withoutIngredientSteps(fromHtml: JsonObject, markup: JsonObject): JsonObject {
  const lines = markup.recipeIngredient ?? markup.ingredients;
  if (!Array.isArray(lines) || !Array.isArray(fromHtml.recipeInstructions)) return fromHtml;
  const key = (value: unknown) => (typeof value === 'string' ? value : isJsonObject(value) ? String(value.text ?? value.note ?? '') : '').replace(/\s+/g, ' ').trim().toLowerCase();
  const ingredientTexts = new Set(lines.map(key));
  const steps = fromHtml.recipeInstructions.filter((step) => !ingredientTexts.has(key(step)));
  return { ...fromHtml, recipeInstructions: steps };
}

/** The primary recipe, with every property it lacks taken from the secondary one. */
function fillMissing(primary: JsonObject, secondary: JsonObject): JsonObject {
  const merged: JsonObject = { ...primary };
  for (const [key, value] of Object.entries(secondary)) {
    if (isEmptyValue(merged[key]) && !isEmptyValue(value)) merged[key] = value;
  }
  return merged;
}
