/**
 * A meal plan's nutrition per day (issue 37): for each day of a range, the sum of one serving of each planned
 * recipe (Mealie's plan entries carry no servings, so an entry is one serving), from the nutrition the recipe
 * page shows: the recipe's chosen source (typed-in or computed), else the other one when the chosen one is
 * empty. Entries that add nothing are listed with why. Four statements whatever the range: the entries, their
 * recipes, the recipes' typed-in nutrition, and all their ingredient lines with foods and units.
 */
import type { PlanNutritionDay, PlanNutritionOut, PlanNutritionQuery } from '../../../contract/cupboard.js';
import { addDays } from '../../../contract/mealplans.js';
import { computeNutrition } from '../../food/nutrition.js';
import { NUTRIENT_KEYS, type Nutrients } from '../../food/reference.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { listEntryRows, type HouseholdScope } from '../mealplans/repo.js';
import { nutritionLinesOf, recipeServings } from '../recipes/nutrition.js';
import { NUTRITION_COLUMNS } from '../recipes/load.js';
import { inIds } from '../recipes/sql.js';

/** The widest range one request may ask for (two months: a planner shows at most a few weeks). */
export const PLAN_NUTRITION_MAX_DAYS = 62;

/** The number a typed-in field starts with ("250 kcal" → 250, "12,5 g" → 12.5); null when none. */
export function typedNumber(text: string | null | undefined): number | null {
  const match = text?.match(/-?\d+(?:[.,]\d+)?/);
  if (!match) return null;
  const value = Number(match[0].replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

function hasValue(values: Nutrients | null): values is Nutrients {
  return values !== null && NUTRIENT_KEYS.some((key) => values[key] !== null);
}

function emptyNutrients(): Nutrients {
  return Object.fromEntries(NUTRIENT_KEYS.map((key) => [key, null])) as Nutrients;
}

function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

export async function planNutrition(deps: Pick<Deps, 'db' | 'engine'>, scope: HouseholdScope, query: PlanNutritionQuery): Promise<PlanNutritionOut> {
  if (query.start_date > query.end_date) throw badRequest('mealplans.start-date-must-not-be-after-end');
  const days = daysOf(query.start_date, query.end_date);
  if (days.length > PLAN_NUTRITION_MAX_DAYS) throw badRequest('mealplans.nutrition-range-too-long', { days: PLAN_NUTRITION_MAX_DAYS });

  const entries = await listEntryRows(deps.db, scope, { start: query.start_date, end: query.end_date });
  const recipeIds = [...new Set(entries.flatMap((entry) => (entry.recipe_id ? [entry.recipe_id] : [])))];
  const perServing = await servingNutrition(deps, scope.groupId, recipeIds);

  const byDay = new Map<string, PlanNutritionDay>(days.map((date) => [date, { date, total: emptyNutrients(), counted: 0, uncounted: [] }]));
  for (const entry of entries) {
    const day = byDay.get(entry.date);
    if (!day) continue;
    const found = entry.recipe_id ? perServing.get(entry.recipe_id) : undefined;
    if (!found || !('values' in found)) {
      day.uncounted.push({ entryId: Number(entry.id), title: found?.name ?? entry.title, reason: found ? found.reason : 'no-recipe' });
      continue;
    }
    day.counted += 1;
    for (const key of NUTRIENT_KEYS) {
      const value = found.values[key];
      if (value !== null) day.total[key] = Math.round(((day.total[key] ?? 0) + value) * 100) / 100;
    }
  }
  return { days: [...byDay.values()] };
}

type ServingNutrition = { name: string; values: Nutrients } | { name: string; reason: 'no-nutrition' | 'no-servings' };

/** One serving's nutrition of each recipe (of the caller's group), as its page shows it. */
async function servingNutrition(deps: Pick<Deps, 'db' | 'engine'>, groupId: string, recipeIds: string[]): Promise<Map<string, ServingNutrition>> {
  const out = new Map<string, ServingNutrition>();
  if (recipeIds.length === 0) return out;
  const recipes = await deps.db
    .selectFrom('recipes')
    .select(['id', 'name', 'recipe_servings', 'recipe_yield_quantity', 'nutrition_source'])
    .where('group_id', '=', groupId)
    .where(inIds(deps.engine, 'id', recipeIds))
    .execute();
  const ids = recipes.map((recipe) => recipe.id);
  const typedRows = ids.length ? await deps.db.selectFrom('recipe_nutrition').selectAll().where(inIds(deps.engine, 'recipe_id', ids)).execute() : [];
  const typed = new Map(typedRows.map((row) => [row.recipe_id, row]));
  const lines = await nutritionLinesOf(deps.db, deps.engine, ids);
  for (const recipe of recipes) {
    const row = typed.get(recipe.id) as Record<string, string | null> | undefined;
    const typedValues = emptyNutrients();
    for (const key of NUTRIENT_KEYS) typedValues[key] = typedNumber(row?.[NUTRITION_COLUMNS[key]]);
    const servings = recipeServings(recipe);
    const computed = computeNutrition(lines.get(recipe.id) ?? [], servings, 1);
    const computedValues = computed.perServing;
    const chosen = recipe.nutrition_source === 'computed' ? [computedValues, typedValues] : [typedValues, computedValues];
    const values = chosen.find(hasValue);
    if (values) out.set(recipe.id, { name: recipe.name ?? '', values });
    else out.set(recipe.id, { name: recipe.name ?? '', reason: !servings && hasValue(computed.total) ? 'no-servings' : 'no-nutrition' });
  }
  return out;
}
