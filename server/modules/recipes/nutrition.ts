/**
 * A recipe's computed nutrition (issue 37): two statements — the recipe row, then its ingredient lines
 * with their foods and units — and the arithmetic of server/food/nutrition.ts. The typed-in nutrition
 * (Mealie's fields) stays as it is; the recipe says which of the two it shows.
 */
import type { ComputedNutritionOut } from '../../../contract/nutrition.js';
import { computeNutrition, type NutritionLine } from '../../food/nutrition.js';
import { REFERENCE_SOURCE } from '../../food/reference.js';
import type { Deps } from '../../platform/deps.js';
import { emitRecipeEvents } from './events.js';
import { assertCanEditRecipe } from './permissions.js';
import type { RecipeUser } from './service.js';
import { editableRecipe, findRecipeRow } from './service.js';
import type { DbEngine } from '../../db/connect.js';
import { groupBy, inIds, type Executor } from './sql.js';

/** The recipe's lines with their food's knowledge and unit's names, in order (one statement). */
export async function nutritionLines(db: Executor, recipeId: string): Promise<NutritionLine[]> {
  return (await linesQuery(db).where('i.recipe_id', '=', recipeId).execute()).map(toNutritionLine);
}

/** The lines of many recipes at once, by recipe id (one statement whatever the number of recipes). */
export async function nutritionLinesOf(db: Executor, engine: DbEngine, recipeIds: readonly string[]): Promise<Map<string, NutritionLine[]>> {
  if (recipeIds.length === 0) return new Map();
  const rows = await linesQuery(db).where(inIds(engine, 'i.recipe_id', recipeIds)).execute();
  const out = new Map<string, NutritionLine[]>();
  for (const [recipeId, list] of groupBy(rows, (row) => row.recipe_id)) out.set(recipeId, list.map(toNutritionLine));
  return out;
}

function linesQuery(db: Executor) {
  return db
    .selectFrom('recipes_ingredients as i')
    .leftJoin('ingredient_foods as f', 'f.id', 'i.food_id')
    .leftJoin('ingredient_units as u', 'u.id', 'i.unit_id')
    .select([
      'i.recipe_id', 'i.position', 'i.title', 'i.note', 'i.quantity', 'i.original_text',
      'f.name as food_name', 'f.reference_food_id', 'f.density', 'f.piece_grams', 'f.nutrition_per_100g',
      'u.name as unit_name', 'u.plural_name as unit_plural', 'u.abbreviation as unit_abbreviation', 'u.plural_abbreviation as unit_plural_abbreviation',
    ])
    .orderBy('i.position');
}

type LineRow = Awaited<ReturnType<ReturnType<typeof linesQuery>['execute']>>[number];

function toNutritionLine(row: LineRow): NutritionLine {
  return {
    position: row.position,
    text: lineText(row),
    quantity: row.quantity === null ? null : Number(row.quantity),
    unit: row.unit_name === null ? null : { name: row.unit_name, pluralName: row.unit_plural, abbreviation: row.unit_abbreviation, pluralAbbreviation: row.unit_plural_abbreviation },
    food:
      row.food_name === null
        ? null
        : { name: row.food_name, reference_food_id: row.reference_food_id, density: row.density, piece_grams: row.piece_grams, nutrition_per_100g: row.nutrition_per_100g },
    title: Boolean(row.title) && !row.food_name && !row.quantity && !row.note,
  };
}

function lineText(row: { original_text: string | null; quantity: number | null; unit_name: string | null; food_name: string | null; note: string; title: string | null }): string {
  if (row.original_text?.trim()) return row.original_text.trim();
  const parts = [row.quantity ? String(Number(row.quantity)) : '', row.unit_name ?? '', row.food_name ?? '', row.note ?? ''];
  return parts.filter(Boolean).join(' ').trim() || (row.title ?? '');
}

export function recipeServings(row: { recipe_servings: number | null; recipe_yield_quantity: number | null }): number | null {
  const servings = Number(row.recipe_servings) || Number(row.recipe_yield_quantity) || 0;
  return servings > 0 ? servings : null;
}

export async function computedNutrition(deps: Pick<Deps, 'db'>, groupId: string, slug: string, scale: number): Promise<ComputedNutritionOut> {
  const row = await findRecipeRow(deps.db, groupId, slug);
  const computed = computeNutrition(await nutritionLines(deps.db, row.id), recipeServings(row), scale);
  return { source: row.nutrition_source === 'computed' ? 'computed' : 'typed', referenceSource: REFERENCE_SOURCE, ...computed };
}

/** Which nutrition the recipe shows; the change is announced as a recipe update. */
export async function setNutritionSource(deps: Deps, user: RecipeUser, slug: string, source: 'typed' | 'computed'): Promise<ComputedNutritionOut> {
  const row = await findRecipeRow(deps.db, user.groupId, slug);
  await assertCanEditRecipe(deps, user, editableRecipe(row), {});
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('recipes').set({ nutrition_source: source }).where('id', '=', row.id).execute();
    await emitRecipeEvents(trx, 'recipe_updated', user, [row]);
  });
  return computedNutrition(deps, user.groupId, row.slug, 1);
}
