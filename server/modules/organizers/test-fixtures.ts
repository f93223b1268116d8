import crypto from 'node:crypto';
import { nowIso } from '../../db/schema.js';
import type { TestContext } from '../../test/harness.js';
import { API } from '../../../contract/routes.js';

/** Shared by the organizer, food, unit, label and seeder tests. */

export async function selfScope(ctx: TestContext, headers: Record<string, string>): Promise<{ groupId: string; householdId: string; householdSlug: string }> {
  const res = await ctx.app.inject({ method: 'GET', url: API.usersSelf, headers });
  if (res.statusCode !== 200) throw new Error(`users/self failed: ${res.statusCode} ${res.body}`);
  const self = res.json() as { groupId: string; householdId: string; householdSlug: string };
  return { groupId: self.groupId, householdId: self.householdId, householdSlug: self.householdSlug };
}

/**
 * A recipe row written straight to the database (the recipes API lives elsewhere), with one
 * ingredient per entry of `ingredients`.
 */
export async function insertRecipe(
  ctx: TestContext,
  scope: { groupId: string; householdId: string },
  ingredients: Array<{ foodId?: string | null; unitId?: string | null }> = [],
): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  await ctx.deps.db
    .insertInto('recipes')
    .values({
      id, slug: `recipe-${id.slice(0, 8)}`, group_id: scope.groupId, household_id: scope.householdId, user_id: null, name: `Recipe ${id.slice(0, 8)}`,
      description: '', image: null, rating: null, total_time: null, prep_time: null, cook_time: null, perform_time: null, recipe_yield: null,
      recipe_yield_quantity: 0, recipe_servings: 0, recipe_cuisine: null, org_url: null, is_ocr_recipe: false, date_added: null, date_updated: null,
      last_made: null, name_normalized: '', description_normalized: '', settings_public: true, settings_show_nutrition: false,
      settings_show_assets: false, settings_landscape_view: false, settings_disable_comments: false, settings_disable_amount: true,
      settings_locked: false, created_at: now, update_at: now,
    })
    .execute();
  if (ingredients.length > 0) {
    await ctx.deps.db
      .insertInto('recipes_ingredients')
      .values(
        ingredients.map((ingredient, position) => ({
          recipe_id: id, position, title: null, note: '', unit_id: ingredient.unitId ?? null, food_id: ingredient.foodId ?? null, quantity: 1,
          original_text: null, reference_id: crypto.randomUUID(), note_normalized: '', original_text_normalized: '',
        })),
      )
      .execute();
  }
  return id;
}

export async function post(ctx: TestContext, headers: Record<string, string>, url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, headers, payload });
}
