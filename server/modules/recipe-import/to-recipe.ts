import crypto from 'node:crypto';
import type { ScrapedRecipeOut } from '../../../contract/import.js';
import { nutritionFields, type OrganizerRefInput, type RecipeCreate } from '../../../contract/recipes.js';
import type { RecipeDraft } from '../../import/extract/index.js';
import { slugify } from '../../platform/slug.js';

/**
 * An extracted draft as a recipe to save (our RecipeInput) or to show (test-scrape-url). Text is clipped to
 * what the recipe schema accepts, so a page with an overlong field still imports instead of failing.
 */

const LIMITS = { name: 500, short: 1_000, text: 100_000, url: 5_000, nutrition: 200, organizer: 200, items: 2_000 };
export const UNTITLED_RECIPE = 'Untitled Recipe';

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

const optional = (text: string | null | undefined, max: number): string | null => (text && text.trim() ? clip(text.trim(), max) : null);

export interface ExtraOrganizers {
  tags?: OrganizerRefInput[] | null;
  categories?: OrganizerRefInput[] | null;
}

/** The draft's names plus the given references, without two of the same slug. */
function organizers(names: string[], extra: OrganizerRefInput[] | null | undefined): OrganizerRefInput[] {
  const seen = new Set<string>();
  const out: OrganizerRefInput[] = [];
  const add = (ref: OrganizerRefInput) => {
    const key = ref.id ?? slugify(ref.slug || ref.name || '');
    if (seen.has(key)) return;
    seen.add(key);
    out.push(ref);
  };
  for (const name of names) if (name.trim()) add({ name: clip(name.trim(), LIMITS.organizer) });
  for (const ref of extra ?? []) add(ref);
  return out.slice(0, LIMITS.items);
}

function nutrition(draft: RecipeDraft): Record<string, string | null> {
  return Object.fromEntries(nutritionFields.map((field) => [field, optional(draft.nutrition[field], LIMITS.nutrition)]));
}

export function draftToRecipeCreate(draft: RecipeDraft, extra: ExtraOrganizers = {}): RecipeCreate {
  return {
    name: clip(draft.name.trim() || UNTITLED_RECIPE, LIMITS.name),
    description: clip(draft.description, LIMITS.text),
    orgURL: draft.orgURL && draft.orgURL.length <= LIMITS.url ? draft.orgURL : null,
    recipeYield: optional(draft.recipeYield, LIMITS.short),
    recipeYieldQuantity: draft.recipeYieldQuantity,
    recipeServings: draft.recipeServings,
    prepTime: optional(draft.prepTime, LIMITS.short),
    cookTime: optional(draft.cookTime, LIMITS.short),
    performTime: optional(draft.performTime, LIMITS.short),
    totalTime: optional(draft.totalTime, LIMITS.short),
    recipeIngredient: draft.recipeIngredient.slice(0, LIMITS.items).map((line) => ({
      quantity: null,
      note: clip(line.note, LIMITS.text),
      originalText: clip(line.originalText, LIMITS.text),
      title: optional(line.title, LIMITS.short),
    })),
    recipeInstructions: draft.recipeInstructions.slice(0, LIMITS.items).map((step) => ({
      title: optional(step.title, LIMITS.short),
      summary: optional(step.summary, LIMITS.text),
      text: clip(step.text, LIMITS.text),
    })),
    nutrition: nutrition(draft),
    notes: draft.notes.slice(0, LIMITS.items).map((note) => ({ title: clip(note.title, LIMITS.short), text: clip(note.text, LIMITS.text) })),
    tags: organizers(draft.tags, extra.tags),
    recipeCategory: organizers(draft.recipeCategory, extra.categories),
    tools: organizers(draft.tools ?? [], null),
    extras: draft.extras ?? {},
  };
}

/** The draft as test-scrape-url shows it: a recipe that is not saved, with the best image's address. */
export function draftToScrapedRecipe(draft: RecipeDraft): ScrapedRecipeOut {
  const recipe = draftToRecipeCreate(draft);
  const named = (ref: OrganizerRefInput) => ({ name: ref.name ?? '', slug: slugify(ref.slug || ref.name || '') });
  return {
    extractionMethod: draft.extractionMethod,
    name: recipe.name,
    slug: slugify(recipe.name),
    description: recipe.description ?? '',
    image: draft.imageUrls[0] ?? null,
    orgURL: recipe.orgURL ?? null,
    recipeYield: recipe.recipeYield ?? null,
    recipeYieldQuantity: draft.recipeYieldQuantity,
    recipeServings: draft.recipeServings,
    totalTime: recipe.totalTime ?? null,
    prepTime: recipe.prepTime ?? null,
    cookTime: recipe.cookTime ?? null,
    performTime: recipe.performTime ?? null,
    recipeCategory: (recipe.recipeCategory ?? []).map(named),
    tags: (recipe.tags ?? []).map(named),
    tools: (recipe.tools ?? []).map(named),
    recipeIngredient: (recipe.recipeIngredient ?? []).map((line) => ({
      quantity: null,
      unit: null,
      food: null,
      note: line.note ?? '',
      isFood: false,
      disableAmount: true,
      display: line.note ?? '',
      title: line.title ?? null,
      originalText: line.originalText ?? null,
      referenceId: crypto.randomUUID(),
    })),
    recipeInstructions: (recipe.recipeInstructions ?? []).map((step) => ({
      id: crypto.randomUUID(),
      title: step.title ?? '',
      summary: step.summary ?? '',
      text: step.text ?? '',
      ingredientReferences: [],
    })),
    nutrition: nutrition(draft),
    notes: (recipe.notes ?? []).map((note) => ({ title: note.title ?? '', text: note.text ?? '' })),
    extras: draft.extras ?? {},
  };
}
