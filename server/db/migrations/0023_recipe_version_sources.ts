import type { AnyDb, Engine } from './helpers.js';
import { addVersionTriggers } from './0019_list_version.js';

/**
 * The rest of what a full recipe is read from (its steps, notes, nutrition, assets, extras, comments, and
 * its foods' and units' aliases and labels) moves `hearth_list_version` too, so a recipe's JSON can be kept
 * under that number like a list's items (server/modules/recipes/kept-recipes.ts) and is never stale.
 */
export const RECIPE_SOURCE_TABLES = [
  'recipe_instructions', 'recipe_ingredient_ref_link', 'notes', 'recipe_nutrition', 'recipe_assets', 'recipe_extras',
  'recipe_comments', 'ingredient_foods_aliases', 'ingredient_units_aliases', 'multi_purpose_labels',
] as const;

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await addVersionTriggers(db, engine, RECIPE_SOURCE_TABLES);
}
