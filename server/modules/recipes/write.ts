import crypto from 'node:crypto';
import type {
  IngredientInput, InstructionInput, NutritionField, OrganizerRefInput, RecipeSettings,
} from '../../../contract/recipes.js';
import { nutritionFields } from '../../../contract/recipes.js';
import type { DbEngine } from '../../db/connect.js';
import type { RecipesTable } from '../../db/schema.js';
import { normalizeText } from '../../platform/slug.js';
import { NUTRITION_COLUMNS } from './load.js';
import { resolveFoods, resolveOrganizers, resolveUnits } from './references.js';
import { inIds, type Executor } from './sql.js';

/** A recipe's content, validated and with every default applied: what gets written. */
export interface RecipeDraft {
  name: string;
  description: string;
  recipeYield: string | null;
  recipeYieldQuantity: number;
  recipeServings: number;
  totalTime: string | null;
  prepTime: string | null;
  cookTime: string | null;
  performTime: string | null;
  orgURL: string | null;
  dateAdded: string | null;
  lastMade: string | null;
  settings: RecipeSettings;
  ingredients: IngredientInput[];
  instructions: InstructionInput[];
  notes: Array<{ title: string; text: string }>;
  nutrition: Partial<Record<NutritionField, string | null>> | null;
  assets: Array<{ name: string; icon: string; fileName: string | null }>;
  extras: Record<string, unknown>;
  categories: OrganizerRefInput[];
  tags: OrganizerRefInput[];
  tools: OrganizerRefInput[];
}

const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RecipeContentColumns = Omit<
  RecipesTable,
  'id' | 'slug' | 'group_id' | 'household_id' | 'user_id' | 'image' | 'rating' | 'recipe_cuisine' | 'is_ocr_recipe' | 'date_updated' | 'created_at' | 'update_at'
>;

/** The recipes-row columns a draft sets (identity, ownership and timestamps are the caller's). */
export function recipeColumns(draft: RecipeDraft): RecipeContentColumns {
  return {
    name: draft.name,
    name_normalized: normalizeText(draft.name),
    description: draft.description,
    description_normalized: normalizeText(draft.description),
    recipe_yield: draft.recipeYield,
    recipe_yield_quantity: draft.recipeYieldQuantity,
    recipe_servings: draft.recipeServings,
    total_time: draft.totalTime,
    prep_time: draft.prepTime,
    cook_time: draft.cookTime,
    perform_time: draft.performTime,
    org_url: draft.orgURL,
    date_added: draft.dateAdded,
    last_made: draft.lastMade,
    settings_public: draft.settings.public,
    settings_show_nutrition: draft.settings.showNutrition,
    settings_show_assets: draft.settings.showAssets,
    settings_landscape_view: draft.settings.landscapeView,
    settings_disable_comments: draft.settings.disableComments,
    settings_disable_amount: draft.settings.disableAmount,
    settings_locked: draft.settings.locked,
  };
}

function extraValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

/**
 * Replaces everything hanging off a recipe (ingredients, steps and their ingredient links, notes,
 * nutrition, assets, extras, organizers) with the draft's. Run inside the caller's transaction.
 */
export async function replaceRecipeChildren(
  trx: Executor,
  engine: DbEngine,
  recipe: { id: string; groupId: string },
  draft: RecipeDraft,
): Promise<void> {
  const recipeId = recipe.id;
  for (const table of ['recipes_ingredients', 'recipe_instructions', 'notes', 'recipe_nutrition', 'recipe_assets', 'recipe_extras', 'recipes_to_categories', 'recipes_to_tags', 'recipes_to_tools'] as const) {
    await trx.deleteFrom(table).where('recipe_id', '=', recipeId).execute();
  }

  const scope = { db: trx, engine, groupId: recipe.groupId };
  const foods = await resolveFoods(scope, draft.ingredients.flatMap((i) => (i.food ? [i.food] : [])));
  const units = await resolveUnits(scope, draft.ingredients.flatMap((i) => (i.unit ? [i.unit] : [])));
  if (draft.ingredients.length) {
    await trx
      .insertInto('recipes_ingredients')
      .values(
        draft.ingredients.map((ingredient, position) => {
          const note = ingredient.note ?? '';
          const originalText = ingredient.originalText ?? null;
          return {
            recipe_id: recipeId,
            position,
            title: ingredient.title || null,
            note,
            unit_id: ingredient.unit ? (units.get(ingredient.unit) ?? null) : null,
            food_id: ingredient.food ? (foods.get(ingredient.food) ?? null) : null,
            quantity: ingredient.quantity === undefined ? 1 : ingredient.quantity,
            original_text: originalText,
            reference_id: ingredient.referenceId || crypto.randomUUID(),
            note_normalized: normalizeText(note),
            original_text_normalized: normalizeText(originalText),
          };
        }),
      )
      .execute();
  }

  if (draft.instructions.length) {
    // Keep the client's step ids unless another recipe (or an earlier step) already uses them.
    const wanted = draft.instructions.flatMap((s) => (s.id && DASHED_UUID.test(s.id) ? [s.id.toLowerCase()] : []));
    const usedElsewhere = wanted.length
      ? new Set((await trx.selectFrom('recipe_instructions').select('id').where(inIds(engine, 'id', wanted)).execute()).map((r) => r.id))
      : new Set<string>();
    const seen = new Set<string>();
    const steps = draft.instructions.map((step, position) => {
      let id = step.id && DASHED_UUID.test(step.id) ? step.id.toLowerCase() : '';
      if (!id || usedElsewhere.has(id) || seen.has(id)) id = crypto.randomUUID();
      seen.add(id);
      return { step, row: { id, recipe_id: recipeId, position, type: 'RecipeStep', title: step.title ?? '', summary: step.summary ?? '', text: step.text ?? '' } };
    });
    await trx.insertInto('recipe_instructions').values(steps.map((s) => s.row)).execute();
    const links = steps.flatMap(({ step, row }) =>
      (step.ingredientReferences ?? []).flatMap((ref) => (ref.referenceId ? [{ instruction_id: row.id, reference_id: ref.referenceId }] : [])),
    );
    if (links.length) await trx.insertInto('recipe_ingredient_ref_link').values(links).execute();
  }

  if (draft.notes.length) {
    await trx
      .insertInto('notes')
      .values(draft.notes.map((note, position) => ({ recipe_id: recipeId, position, title: note.title, text: note.text })))
      .execute();
  }

  if (draft.nutrition && nutritionFields.some((field) => draft.nutrition?.[field] != null)) {
    const row = Object.fromEntries(nutritionFields.map((field) => [NUTRITION_COLUMNS[field], draft.nutrition?.[field] ?? null]));
    await trx.insertInto('recipe_nutrition').values({ recipe_id: recipeId, ...row }).execute();
  }

  if (draft.assets.length) {
    await trx
      .insertInto('recipe_assets')
      .values(draft.assets.map((asset) => ({ recipe_id: recipeId, name: asset.name, icon: asset.icon, file_name: asset.fileName ?? asset.name })))
      .execute();
  }

  const extras = Object.entries(draft.extras);
  if (extras.length) {
    await trx
      .insertInto('recipe_extras')
      .values(extras.map(([key, value]) => ({ recipe_id: recipeId, key_name: key, value: extraValue(value) })))
      .execute();
  }

  const categoryIds = await resolveOrganizers(scope, 'categories', draft.categories);
  if (categoryIds.length) await trx.insertInto('recipes_to_categories').values(categoryIds.map((id) => ({ recipe_id: recipeId, category_id: id }))).execute();
  const tagIds = await resolveOrganizers(scope, 'tags', draft.tags);
  if (tagIds.length) await trx.insertInto('recipes_to_tags').values(tagIds.map((id) => ({ recipe_id: recipeId, tag_id: id }))).execute();
  const toolIds = await resolveOrganizers(scope, 'tools', draft.tools);
  if (toolIds.length) await trx.insertInto('recipes_to_tools').values(toolIds.map((id) => ({ recipe_id: recipeId, tool_id: id }))).execute();
}
