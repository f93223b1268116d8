import crypto from 'node:crypto';
import type { RecipeInput, RecipeOut, RecipeSettings } from '../../../contract/recipes.js';
import { settingsFields } from '../../../contract/recipes.js';
import { bool } from '../../db/schema.js';
import { toStoredTimestamp } from '../../db/timestamps.js';
import type { RecipeDraft } from './write.js';
import type { Executor } from './sql.js';

/*
 * From a request body to a RecipeDraft. PUT replaces the content (absent = empty), PATCH keeps what is
 * not given. Either way the server owns identity, ownership, rating, image and timestamps; settings merge
 * key by key; assets, lastMade and dateAdded are kept unless given.
 */

export type SaveMode = 'put' | 'patch';

/** New recipes take their settings from the household's recipe preferences, as in Mealie. */
export async function householdRecipeDefaults(db: Executor, householdId: string): Promise<RecipeSettings> {
  const prefs = await db.selectFrom('household_preferences').selectAll().where('household_id', '=', householdId).executeTakeFirst();
  return {
    public: prefs ? bool(prefs.recipe_public) : true,
    showNutrition: prefs ? bool(prefs.recipe_show_nutrition) : false,
    showAssets: prefs ? bool(prefs.recipe_show_assets) : false,
    landscapeView: prefs ? bool(prefs.recipe_landscape_view) : false,
    disableComments: prefs ? bool(prefs.recipe_disable_comments) : false,
    disableAmount: prefs ? bool(prefs.recipe_disable_amount) : true,
    locked: false,
  };
}

export function todayDate(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A client timestamp as an ISO-8601 UTC string; one without an offset is taken as UTC (as Mealie stores). */
export function toIsoTimestamp(value: string): string {
  const stored = toStoredTimestamp(value);
  if (!stored) throw new RangeError(`not a time: ${value}`);
  return stored;
}

function toIsoDate(value: string): string {
  const trimmed = value.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? trimmed : new Date(trimmed).toISOString().slice(0, 10);
}

export function emptyDraft(name: string, settings: RecipeSettings): RecipeDraft {
  return {
    name,
    description: '',
    recipeYield: null,
    recipeYieldQuantity: 0,
    recipeServings: 0,
    totalTime: null,
    prepTime: null,
    cookTime: null,
    performTime: null,
    orgURL: null,
    dateAdded: todayDate(),
    lastMade: null,
    settings,
    ingredients: [],
    instructions: [],
    notes: [],
    nutrition: null,
    assets: [],
    extras: {},
    categories: [],
    tags: [],
    tools: [],
  };
}

/** A stored recipe as a draft (foods, units and organizers by id), the base of PATCH and duplicate. */
export function draftFromRecipe(recipe: RecipeOut): RecipeDraft {
  return {
    name: recipe.name,
    description: recipe.description,
    recipeYield: recipe.recipeYield,
    recipeYieldQuantity: recipe.recipeYieldQuantity,
    recipeServings: recipe.recipeServings,
    totalTime: recipe.totalTime,
    prepTime: recipe.prepTime,
    cookTime: recipe.cookTime,
    performTime: recipe.performTime,
    orgURL: recipe.orgURL,
    dateAdded: recipe.dateAdded,
    lastMade: recipe.lastMade,
    settings: { ...recipe.settings },
    ingredients: recipe.recipeIngredient.map((i) => ({
      quantity: i.quantity,
      unit: i.unit ? { id: i.unit.id, name: i.unit.name } : null,
      food: i.food ? { id: i.food.id, name: i.food.name } : null,
      note: i.note,
      title: i.title,
      originalText: i.originalText,
      referenceId: i.referenceId,
    })),
    instructions: recipe.recipeInstructions.map((s) => ({ ...s, ingredientReferences: s.ingredientReferences.map((r) => ({ ...r })) })),
    notes: recipe.notes.map((n) => ({ ...n })),
    nutrition: { ...recipe.nutrition },
    assets: recipe.assets.map((a) => ({ ...a })),
    extras: { ...recipe.extras },
    categories: recipe.recipeCategory.map(({ id, name, slug }) => ({ id, name, slug })),
    tags: recipe.tags.map(({ id, name, slug }) => ({ id, name, slug })),
    tools: recipe.tools.map(({ id, name, slug }) => ({ id, name, slug })),
  };
}

/** Whether a PATCH body touches anything stored outside the recipes row. */
export function touchesChildren(input: RecipeInput): boolean {
  return (
    input.recipeIngredient !== undefined || input.recipeInstructions !== undefined || input.notes !== undefined ||
    input.nutrition !== undefined || input.assets !== undefined || input.extras !== undefined ||
    input.recipeCategory !== undefined || input.tags !== undefined || input.tools !== undefined
  );
}

export function applyInput(base: RecipeDraft, input: RecipeInput, mode: SaveMode): RecipeDraft {
  /** A replaced field: given → value (null → empty); absent → empty on PUT, kept on PATCH. */
  function content<T>(value: T | null | undefined, kept: T, empty: T): T {
    if (value === undefined) return mode === 'put' ? empty : kept;
    return value === null ? empty : value;
  }
  const settings = { ...base.settings };
  for (const field of settingsFields) {
    const value = input.settings?.[field];
    if (typeof value === 'boolean') settings[field] = value;
  }
  const orgURL = input.orgURL !== undefined ? input.orgURL : input.orgUrl;
  return {
    name: input.name ?? base.name,
    description: content(input.description, base.description, ''),
    recipeYield: content(input.recipeYield, base.recipeYield, null),
    recipeYieldQuantity: content(input.recipeYieldQuantity, base.recipeYieldQuantity, 0),
    recipeServings: content(input.recipeServings, base.recipeServings, 0),
    totalTime: content(input.totalTime, base.totalTime, null),
    prepTime: content(input.prepTime, base.prepTime, null),
    cookTime: content(input.cookTime, base.cookTime, null),
    performTime: content(input.performTime, base.performTime, null),
    orgURL: content(orgURL, base.orgURL, null),
    dateAdded: input.dateAdded ? toIsoDate(input.dateAdded) : base.dateAdded,
    lastMade: input.lastMade === undefined ? base.lastMade : input.lastMade === null ? null : toIsoTimestamp(input.lastMade),
    settings,
    ingredients: content(input.recipeIngredient, base.ingredients, []),
    instructions: content(input.recipeInstructions, base.instructions, []),
    notes: content(input.notes, base.notes, []).map((n) => ({ title: n.title ?? '', text: n.text ?? '' })),
    nutrition: content(input.nutrition, base.nutrition, null),
    assets: input.assets ? input.assets.map((a) => ({ name: a.name, icon: a.icon, fileName: a.fileName ?? null })) : base.assets,
    extras: content(input.extras, base.extras, {}),
    categories: content(input.recipeCategory, base.categories, []),
    tags: content(input.tags, base.tags, []),
    tools: content(input.tools, base.tools, []),
  };
}

/**
 * The draft with new ingredient reference ids, and its steps' ingredient links moved to them (a duplicate must not
 * share reference ids with its original, as in Mealie). A link to an id no ingredient has is kept as it was.
 */
export function withNewReferenceIds(draft: RecipeDraft): RecipeDraft {
  const renamed = new Map<string, string>();
  const ingredients = draft.ingredients.map((ingredient) => {
    const referenceId = crypto.randomUUID();
    if (ingredient.referenceId) renamed.set(ingredient.referenceId, referenceId);
    return { ...ingredient, referenceId };
  });
  const instructions = draft.instructions.map((step) => ({
    ...step,
    ingredientReferences: (step.ingredientReferences ?? []).map((ref) => ({ ...ref, referenceId: (ref.referenceId && renamed.get(ref.referenceId)) ?? ref.referenceId })),
  }));
  return { ...draft, ingredients, instructions };
}
