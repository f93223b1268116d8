import { sql } from 'kysely';
import type { ParseRecipesResult, UnparsedRecipes } from '../../../contract/parse-ingredients.js';
import type { IngredientInput, RecipeIngredientOut } from '../../../contract/recipes.js';
import { bool } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { findGroupRecipes } from '../exports/bulk-actions.js';
import { canEditRecipe, householdLockLookup } from '../recipes/permissions.js';
import { assertCanEditRecipe, editableRecipe, loadRecipes, saveRecipes, type RecipeChange, type RecipeUser } from '../recipes/service.js';
import { lineNeedsParsing, withParsedIngredientsMany } from './parse-on-import.js';

/*
 * Existing recipes parsed in bulk (the data pages' "parse ingredients"): the same parser and rules as an
 * import (confident lines get amount, unit and food, unsure ones keep their text and their leading
 * amount; unknown foods and units are created), saved through the recipe write path, all or nothing.
 */

const UNPARSED_LIMIT = 1000;

/** The group's recipes the caller may edit that still have plain-text lines, most lines first. One query (plus a lock lookup per household). */
export async function listUnparsedRecipes(deps: Deps, user: RecipeUser): Promise<UnparsedRecipes> {
  const rows = await deps.db
    .selectFrom('recipes as r')
    .innerJoin('recipes_ingredients as i', 'i.recipe_id', 'r.id')
    .select(['r.id', 'r.slug', 'r.name', 'r.user_id', 'r.group_id', 'r.household_id', 'r.settings_locked'])
    .select((eb) => eb.fn.countAll<number | string>().as('lines'))
    .where('r.group_id', '=', user.groupId)
    .where('i.food_id', 'is', null)
    .where('i.unit_id', 'is', null)
    // With amounts disabled a stored quantity means nothing (Mealie stores 1 for a line without one).
    .where((eb) => eb.or([eb('i.quantity', 'is', null), eb('i.quantity', '=', 0), eb('r.settings_disable_amount', '=', true)]))
    .where(sql<boolean>`trim(i.note) <> ''`)
    .groupBy(['r.id', 'r.slug', 'r.name', 'r.user_id', 'r.group_id', 'r.household_id', 'r.settings_locked'])
    .orderBy('r.name')
    .execute();
  const locks = householdLockLookup(deps);
  const items = [];
  for (const row of rows) {
    const editable = { userId: row.user_id, groupId: row.group_id, householdId: row.household_id, locked: bool(row.settings_locked) };
    if (await canEditRecipe(deps, user, editable, locks)) items.push({ id: row.id, slug: row.slug, name: row.name, lines: Number(row.lines) });
  }
  return { total: items.length, items: items.slice(0, UNPARSED_LIMIT) };
}

/** A stored line as input; with amounts disabled, a plain-text line's stored quantity (Mealie's default 1) is dropped so the parser reads the amount from its text. */
function asInput(line: RecipeIngredientOut, disableAmount: boolean): IngredientInput {
  const plain = !line.food && !line.unit && line.note.trim() !== '';
  return {
    quantity: disableAmount && plain ? null : line.quantity,
    unit: line.unit ? { id: line.unit.id, name: line.unit.name } : null,
    food: line.food ? { id: line.food.id, name: line.food.name } : null,
    note: line.note,
    title: line.title,
    originalText: line.originalText,
    referenceId: line.referenceId,
  };
}

const structuredLine = (line: IngredientInput) => Boolean(line.food) || (typeof line.quantity === 'number' && line.quantity > 0);

/** Parses the plain-text lines of the named recipes (each must pass the edit rule first). */
export async function parseRecipeIngredients(deps: Deps, user: RecipeUser, refs: readonly string[]): Promise<ParseRecipesResult> {
  const rows = await findGroupRecipes(deps, user.groupId, refs);
  const locks = householdLockLookup(deps);
  for (const row of rows) await assertCanEditRecipe(deps, user, editableRecipe(row), {}, locks);
  const recipes = await loadRecipes(deps.db, deps.engine, rows.map((r) => r.id), user.householdId);
  const inputs = recipes.map((recipe) => ({ id: recipe.id, recipeIngredient: recipe.recipeIngredient.map((line) => asInput(line, recipe.settings.disableAmount)), settings: recipe.settings }));
  const parsed = await withParsedIngredientsMany(deps, user, inputs);
  const changes: RecipeChange[] = [];
  let ingredients = 0;
  parsed.forEach((recipe, r) => {
    const before = inputs[r].recipeIngredient;
    const after = recipe.recipeIngredient ?? [];
    const newlyStructured = after.filter((line, i) => lineNeedsParsing(before[i]) && structuredLine(line)).length;
    if (newlyStructured === 0) return;
    ingredients += newlyStructured;
    changes.push({
      slugOrId: recipe.id,
      input: { recipeIngredient: after, settings: recipe.settings?.disableAmount === false ? { disableAmount: false } : {} },
    });
  });
  if (changes.length) await saveRecipes(deps, user, changes, 'patch');
  return { recipes: changes.length, ingredients };
}
