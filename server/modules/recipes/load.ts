import { sql } from 'kysely';
import type {
  IngredientFoodOut, IngredientUnitOut, NutritionOut, RecipeIngredientOut, RecipeOut, RecipeStepOut,
} from '../../../contract/recipes.js';
import { nutritionFields } from '../../../contract/recipes.js';
import type { DbEngine } from '../../db/connect.js';
import { bool } from '../../db/schema.js';
import { ingredientDisplay } from './display.js';
import { loadRecipeOrganizers, toRecipeSummary, type RecipeRow } from './relations.js';
import { groupBy, inIds, kind, type Executor } from './sql.js';

/** Column of recipe_nutrition for each wire field. */
export const NUTRITION_COLUMNS = {
  calories: 'calories',
  carbohydrateContent: 'carbohydrate_content',
  cholesterolContent: 'cholesterol_content',
  fatContent: 'fat_content',
  fiberContent: 'fiber_content',
  proteinContent: 'protein_content',
  saturatedFatContent: 'saturated_fat_content',
  sodiumContent: 'sodium_content',
  sugarContent: 'sugar_content',
  transFatContent: 'trans_fat_content',
  unsaturatedFatContent: 'unsaturated_fat_content',
} as const;

function emptyNutrition(): NutritionOut {
  return Object.fromEntries(nutritionFields.map((field) => [field, null])) as NutritionOut;
}

async function loadIngredients(db: Executor, engine: DbEngine, ids: readonly string[], viewerHouseholdId: string | null) {
  const rows = await db
    .selectFrom('recipes_ingredients as i')
    .leftJoin('ingredient_units as u', 'u.id', 'i.unit_id')
    .leftJoin('ingredient_foods as f', 'f.id', 'i.food_id')
    .leftJoin('multi_purpose_labels as l', 'l.id', 'f.label_id')
    .select([
      'i.recipe_id', 'i.quantity', 'i.title', 'i.note', 'i.original_text', 'i.reference_id', 'i.unit_id', 'i.food_id',
      'u.name as u_name', 'u.plural_name as u_plural_name', 'u.description as u_description', 'u.abbreviation as u_abbreviation',
      'u.plural_abbreviation as u_plural_abbreviation', 'u.use_abbreviation as u_use_abbreviation', 'u.fraction as u_fraction',
      'u.created_at as u_created_at', 'u.update_at as u_update_at',
      'f.name as f_name', 'f.plural_name as f_plural_name', 'f.description as f_description', 'f.label_id as f_label_id',
      'f.created_at as f_created_at', 'f.update_at as f_update_at',
      'l.name as l_name', 'l.color as l_color', 'l.group_id as l_group_id',
    ])
    .where(inIds(engine, 'i.recipe_id', ids))
    .orderBy('i.recipe_id')
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();

  // One more statement for the foods' aliases and households and the units' aliases, keyed by the recipes
  // (not by the foods found) so the count never varies; arms tagged by kind, each in its own order.
  const ingredientColumn = (column: 'i.food_id' | 'i.unit_id') =>
    db.selectFrom('recipes_ingredients as i').select(column).where(inIds(engine, 'i.recipe_id', ids));
  const lookups = await db
    .selectFrom('ingredient_foods_aliases')
    .select([kind('food_alias'), 'food_id as key', 'name as value'])
    .where('food_id', 'in', ingredientColumn('i.food_id'))
    .unionAll(
      db.selectFrom('ingredient_units_aliases').select([kind('unit_alias'), 'unit_id as key', 'name as value']).where('unit_id', 'in', ingredientColumn('i.unit_id')),
    )
    .unionAll(
      db
        .selectFrom('households_to_ingredient_foods')
        .select([kind('food_household'), 'food_id as key', 'household_id as value'])
        .where('food_id', 'in', ingredientColumn('i.food_id')),
    )
    .orderBy('kind')
    .orderBy('value')
    .execute();
  const lookup = (name: string) => groupBy(lookups.filter((l) => l.kind === name), (l) => l.key);
  const aliasesOfFood = lookup('food_alias');
  const aliasesOfUnit = lookup('unit_alias');
  const householdsOfFood = lookup('food_household');

  return [...groupBy(rows, (r) => r.recipe_id)].map(([recipeId, list]) => {
    const ingredients = list.map((r) => {
      const unit: IngredientUnitOut | null =
        r.unit_id && r.u_name !== null
          ? {
              id: r.unit_id,
              name: r.u_name,
              pluralName: r.u_plural_name,
              description: r.u_description ?? '',
              extras: {},
              onHand: false,
              fraction: bool(r.u_fraction),
              abbreviation: r.u_abbreviation ?? '',
              pluralAbbreviation: r.u_plural_abbreviation,
              useAbbreviation: bool(r.u_use_abbreviation),
              aliases: (aliasesOfUnit.get(r.unit_id) ?? []).map((a) => ({ name: a.value })),
              createdAt: r.u_created_at,
              updatedAt: r.u_update_at,
            }
          : null;
      const households = (r.food_id && householdsOfFood.get(r.food_id)?.map((h) => h.value)) || [];
      const food: IngredientFoodOut | null =
        r.food_id && r.f_name !== null
          ? {
              id: r.food_id,
              name: r.f_name,
              pluralName: r.f_plural_name,
              description: r.f_description ?? '',
              extras: {},
              onHand: viewerHouseholdId !== null && households.includes(viewerHouseholdId),
              labelId: r.f_label_id,
              aliases: (aliasesOfFood.get(r.food_id) ?? []).map((a) => ({ name: a.value })),
              householdsWithIngredientFood: households,
              label:
                r.f_label_id && r.l_name !== null
                  ? { id: r.f_label_id, name: r.l_name, color: r.l_color ?? '#959595', groupId: r.l_group_id ?? '' }
                  : null,
              createdAt: r.f_created_at,
              updatedAt: r.f_update_at,
            }
          : null;
      return {
        quantity: r.quantity === null ? null : Number(r.quantity),
        unit,
        food,
        note: r.note ?? '',
        title: r.title,
        originalText: r.original_text,
        referenceId: r.reference_id,
      };
    });
    return [recipeId, ingredients] as const;
  });
}

async function loadInstructions(db: Executor, engine: DbEngine, ids: readonly string[]): Promise<Map<string, RecipeStepOut[]>> {
  const [steps, links] = await Promise.all([
    db.selectFrom('recipe_instructions').select(['id', 'recipe_id', 'title', 'summary', 'text']).where(inIds(engine, 'recipe_id', ids)).orderBy('recipe_id').orderBy('position').execute(),
    db
      .selectFrom('recipe_ingredient_ref_link as link')
      .innerJoin('recipe_instructions as s', 's.id', 'link.instruction_id')
      .select(['link.instruction_id', 'link.reference_id'])
      .where(inIds(engine, 's.recipe_id', ids))
      .orderBy('link.id')
      .execute(),
  ]);
  const linksOf = groupBy(links, (l) => l.instruction_id);
  const out = new Map<string, RecipeStepOut[]>();
  for (const [recipeId, list] of groupBy(steps, (s) => s.recipe_id)) {
    out.set(
      recipeId,
      list.map((s) => ({
        id: s.id,
        title: s.title ?? '',
        summary: s.summary ?? '',
        text: s.text ?? '',
        ingredientReferences: (linksOf.get(s.id) ?? []).map((l) => ({ referenceId: l.reference_id })),
      })),
    );
  }
  return out;
}

/**
 * Extras, assets and notes in ONE statement: each row is (kind, recipe_id, three text columns, position, id),
 * notes in position order, assets and extras in insertion (id) order. Extras come first because their
 * nullable value column sets the union's row type.
 */
async function loadExtrasNotesAssets(db: Executor, engine: DbEngine, ids: readonly string[]) {
  const rows = await db
    .selectFrom('recipe_extras')
    .select([kind('extra'), 'recipe_id', 'key_name as text1', 'value as text2', sql<string | null>`null`.as('text3'), sql<number>`0`.as('position'), 'id'])
    .where(inIds(engine, 'recipe_id', ids))
    .unionAll(
      db
        .selectFrom('recipe_assets')
        .select([kind('asset'), 'recipe_id', 'name as text1', 'icon as text2', 'file_name as text3', sql<number>`0`.as('position'), 'id'])
        .where(inIds(engine, 'recipe_id', ids)),
    )
    .unionAll(
      db
        .selectFrom('notes')
        .select([kind('note'), 'recipe_id', 'title as text1', 'text as text2', sql<string | null>`null`.as('text3'), 'position', 'id'])
        .where(inIds(engine, 'recipe_id', ids)),
    )
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const of = (name: string) => groupBy(rows.filter((r) => r.kind === name), (r) => r.recipe_id);
  return { notesOf: of('note'), assetsOf: of('asset'), extrasOf: of('extra') };
}

/**
 * Full recipes (Mealie's Recipe-Output) for the given ids, in that order; unknown ids are skipped.
 * A fixed number of queries whatever the number of recipes or of their ingredients.
 */
export async function loadRecipes(
  db: Executor,
  engine: DbEngine,
  ids: readonly string[],
  viewerHouseholdId: string | null,
): Promise<RecipeOut[]> {
  if (ids.length === 0) return [];
  const recipes = await db.selectFrom('recipes').selectAll().where(inIds(engine, 'id', ids)).execute();
  return loadRecipesOfRows(db, engine, recipes, viewerHouseholdId, ids);
}

/** The same for recipe rows the caller has already read (one query fewer), in `order` (default: theirs). */
export async function loadRecipesOfRows(
  db: Executor,
  engine: DbEngine,
  recipes: readonly RecipeRow[],
  viewerHouseholdId: string | null,
  order: readonly string[] = recipes.map((r) => r.id),
): Promise<RecipeOut[]> {
  if (recipes.length === 0) return [];
  const ids = order;
  const found = recipes.map((r) => r.id);
  const [organizers, ingredients, instructions, { notesOf, assetsOf, extrasOf }, nutrition, comments] = await Promise.all([
    loadRecipeOrganizers(db, engine, found, viewerHouseholdId),
    loadIngredients(db, engine, found, viewerHouseholdId).then((entries) => new Map(entries)),
    loadInstructions(db, engine, found),
    loadExtrasNotesAssets(db, engine, found),
    db.selectFrom('recipe_nutrition').selectAll().where(inIds(engine, 'recipe_id', found)).execute(),
    db
      .selectFrom('recipe_comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.recipe_id', 'c.user_id', 'c.text', 'c.created_at', 'c.update_at', 'u.username', 'u.full_name', 'u.admin'])
      .where(inIds(engine, 'c.recipe_id', found))
      .orderBy('c.created_at')
      .execute(),
  ]);
  const nutritionOf = new Map(nutrition.map((n) => [n.recipe_id, n]));
  const commentsOf = groupBy(comments, (c) => c.recipe_id);
  const byId = new Map(recipes.map((r) => [r.id, r]));

  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const disableAmount = bool(row.settings_disable_amount);
    const recipeIngredient: RecipeIngredientOut[] = (ingredients.get(id) ?? []).map((ingredient) => ({
      ...ingredient,
      isFood: ingredient.food !== null,
      disableAmount,
      display: ingredientDisplay(ingredient, disableAmount),
    }));
    const nutritionRow = nutritionOf.get(id);
    const nutritionOut = emptyNutrition();
    if (nutritionRow) for (const field of nutritionFields) nutritionOut[field] = nutritionRow[NUTRITION_COLUMNS[field]];
    return [
      {
        ...toRecipeSummary(row, organizers),
        recipeIngredient,
        recipeInstructions: instructions.get(id) ?? [],
        nutrition: nutritionOut,
        settings: {
          public: bool(row.settings_public),
          showNutrition: bool(row.settings_show_nutrition),
          showAssets: bool(row.settings_show_assets),
          landscapeView: bool(row.settings_landscape_view),
          disableComments: bool(row.settings_disable_comments),
          disableAmount,
          locked: bool(row.settings_locked),
        },
        assets: (assetsOf.get(id) ?? []).map((a) => ({ name: a.text1, icon: a.text2 ?? '', fileName: a.text3 ?? '' })),
        notes: (notesOf.get(id) ?? []).map((n) => ({ title: n.text1 ?? '', text: n.text2 ?? '' })),
        extras: Object.fromEntries((extrasOf.get(id) ?? []).map((e) => [e.text1, e.text2 ?? ''])),
        comments: (commentsOf.get(id) ?? []).map((c) => ({
          id: c.id,
          recipeId: c.recipe_id,
          userId: c.user_id,
          text: c.text,
          createdAt: c.created_at,
          updatedAt: c.update_at,
          user: { id: c.user_id, username: c.username, admin: bool(c.admin), fullName: c.full_name },
        })),
      },
    ];
  });
}
