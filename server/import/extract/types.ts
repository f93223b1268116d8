/** A recipe as extracted from a page or a JSON document, in Mealie's field names, before it is saved. */
export type ExtractionMethod = 'json-ld' | 'microdata' | 'recipe-card' | 'h-recipe' | 'headings' | 'open-graph' | 'json' | 'openai';

export interface RecipeDraft {
  name: string;
  description: string;
  /** The page the recipe came from, when known. */
  orgURL: string | null;
  /** Absolute image URLs, best candidate first. */
  imageUrls: string[];
  /** The yield as a person would read it, e.g. "4 servings" or "Makes 12 cookies"; "" when unknown. */
  recipeYield: string;
  /** How many items the recipe makes (e.g. 12 for "Makes 12 cookies"); 0 when unknown. */
  recipeYieldQuantity: number;
  /** How many people it serves; 0 when unknown. */
  recipeServings: number;
  /** Durations as Mealie stores them, e.g. "1 hour 30 minutes" (see clean-time.ts); null when absent. */
  prepTime: string | null;
  cookTime: string | null;
  performTime: string | null;
  totalTime: string | null;
  recipeIngredient: DraftIngredient[];
  /** What the recipe is cooked with (schema.org tool, a page's "Equipment" list): tools, not ingredients. */
  tools?: string[];
  recipeInstructions: DraftInstruction[];
  nutrition: DraftNutrition;
  /** Filled only when includeTags is set. */
  tags: string[];
  /** Filled only when includeTags is set. */
  recipeCategory: string[];
  notes: DraftNote[];
  /** How the recipe was found on the page (json-ld, microdata, recipe-card, h-recipe, headings, open-graph) or read (json). */
  extractionMethod?: ExtractionMethod;
  extras?: Record<string, string>;
}

export interface DraftIngredient {
  note: string;
  originalText: string;
  /** The heading of the section this line opens, on the first line of each section only. */
  title: string | null;
}

export interface DraftInstruction {
  /** The heading of the section this step opens. */
  title?: string;
  summary?: string;
  text: string;
}

export interface DraftNote {
  title: string;
  text: string;
}

export const NUTRITION_FIELDS = [
  'calories',
  'carbohydrateContent',
  'cholesterolContent',
  'fatContent',
  'fiberContent',
  'proteinContent',
  'saturatedFatContent',
  'sodiumContent',
  'sugarContent',
  'transFatContent',
  'unsaturatedFatContent',
] as const;

export type NutritionField = (typeof NUTRITION_FIELDS)[number];

/** Each value is the number only, as a string ("250"); null when absent. */
export type DraftNutrition = Record<NutritionField, string | null>;

export interface ExtractOptions {
  /** Fill tags and recipeCategory from keywords, recipeCategory and recipeCuisine. */
  includeTags?: boolean;
}

export interface HtmlOrJsonOptions extends ExtractOptions {
  /** The address the HTML was fetched from, used for orgURL and to resolve relative image URLs. */
  pageUrl?: string;
}

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Wraps a single value in an array; null and undefined become an empty array. */
export function toArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** True for undefined, null, blank strings, empty arrays and empty objects. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (isJsonObject(value)) return Object.keys(value).length === 0;
  return false;
}
