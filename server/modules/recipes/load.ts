import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type {
  IngredientFoodOut, IngredientUnitOut, NutritionOut, RecipeIngredientOut, RecipeOut, RecipeStepOut,
} from '../../../contract/recipes.js';
import { nutritionFields } from '../../../contract/recipes.js';
import type { DbEngine } from '../../db/connect.js';
import { compiledOnce, keepPlan } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { bool } from '../../db/schema.js';
import { ingredientDisplay } from './display.js';
import { organizerRowsQuery, organizersOfRows, toRecipeSummary } from './relations.js';
import { canonicalId, pickBySlugOrId, recipesBySlugOrId } from './slugs.js';
import { groupBy, inIds, kind, sameRecipeAs, type Executor, type RecipeMatch } from './sql.js';

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

function ingredientRowsQuery(db: Executor, match: RecipeMatch) {
  return db
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
    .where(match('i.recipe_id'))
    .orderBy('i.recipe_id')
    .orderBy('i.position')
    .orderBy('i.id');
}

/**
 * The foods' aliases and households and the units' aliases, keyed by the recipes (not by the foods found)
 * so the statement never depends on the ingredients' rows; arms tagged by kind, each in its own order.
 */
function ingredientLookupsQuery(db: Executor, match: RecipeMatch) {
  const ingredientColumn = (column: 'i.food_id' | 'i.unit_id') =>
    db.selectFrom('recipes_ingredients as i').select(column).where(match('i.recipe_id'));
  return db
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
    .orderBy('value');
}

type IngredientRow = Awaited<ReturnType<ReturnType<typeof ingredientRowsQuery>['execute']>>[number];
type IngredientLookupRow = Awaited<ReturnType<ReturnType<typeof ingredientLookupsQuery>['execute']>>[number];

function ingredientsOfRows(rows: readonly IngredientRow[], lookups: readonly IngredientLookupRow[], viewerHouseholdId: string | null) {
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

/**
 * Steps, their ingredient links, extras, assets and notes as ONE statement: each row is (kind, recipe_id,
 * four text columns, position, id); steps and notes in position order, links, assets and extras in
 * insertion (id) order. Extras come first because their nullable value column sets the union's row type.
 */
function textRowsQuery(db: Executor, match: RecipeMatch) {
  const nothing = sql<string | null>`null`;
  const zero = sql<number>`0`;
  return db
    .selectFrom('recipe_extras')
    .select([kind('extra'), 'recipe_id', 'key_name as text1', 'value as text2', nothing.as('text3'), nothing.as('text4'), zero.as('position'), 'id'])
    .where(match('recipe_id'))
    .unionAll(
      db
        .selectFrom('recipe_assets')
        .select([kind('asset'), 'recipe_id', 'name as text1', 'icon as text2', 'file_name as text3', nothing.as('text4'), zero.as('position'), 'id'])
        .where(match('recipe_id')),
    )
    .unionAll(
      db
        .selectFrom('notes')
        .select([kind('note'), 'recipe_id', 'title as text1', 'text as text2', nothing.as('text3'), nothing.as('text4'), 'position', 'id'])
        .where(match('recipe_id')),
    )
    .unionAll(
      db
        .selectFrom('recipe_instructions')
        .select([kind('step'), 'recipe_id', 'title as text1', 'summary as text2', 'text as text3', 'id as text4', 'position', zero.as('id')])
        .where(match('recipe_id')),
    )
    .unionAll(
      db
        .selectFrom('recipe_ingredient_ref_link as link')
        .innerJoin('recipe_instructions as s', 's.id', 'link.instruction_id')
        .select([kind('link'), 's.recipe_id', 'link.instruction_id as text1', 'link.reference_id as text2', nothing.as('text3'), nothing.as('text4'), zero.as('position'), 'link.id'])
        .where(match('s.recipe_id')),
    )
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id');
}

type TextRow = Awaited<ReturnType<ReturnType<typeof textRowsQuery>['execute']>>[number];

function textsOfRows(rows: readonly TextRow[]) {
  const of = (name: string) => groupBy(rows.filter((r) => r.kind === name), (r) => r.recipe_id);
  const linksOf = groupBy(rows.filter((r) => r.kind === 'link'), (r) => r.text1 ?? '');
  const instructions = new Map<string, RecipeStepOut[]>();
  for (const [recipeId, steps] of of('step')) {
    instructions.set(
      recipeId,
      steps.map((s) => ({
        id: s.text4 ?? '',
        title: s.text1 ?? '',
        summary: s.text2 ?? '',
        text: s.text3 ?? '',
        ingredientReferences: (linksOf.get(s.text4 ?? '') ?? []).map((l) => ({ referenceId: l.text2 ?? '' })),
      })),
    );
  }
  return { instructions, notesOf: of('note'), assetsOf: of('asset'), extrasOf: of('extra') };
}

function nutritionRowsQuery(db: Executor, match: RecipeMatch) {
  return db
    .selectFrom('recipe_nutrition')
    .select(['recipe_id', ...Object.values(NUTRITION_COLUMNS)])
    .where(match('recipe_id'));
}

function commentRowsQuery(db: Executor, match: RecipeMatch) {
  return db
    .selectFrom('recipe_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.recipe_id', 'c.user_id', 'c.text', 'c.created_at', 'c.update_at', 'u.username', 'u.full_name', 'u.admin'])
    .where(match('c.recipe_id'))
    .orderBy('c.created_at');
}

/**
 * The matched recipes with everything hanging off them in ONE statement: each recipe row carries its
 * organizers, ingredients, lookups, texts, nutrition and comments as JSON arrays (a round trip per statement
 * is the main cost of a page on PostgreSQL), whatever the number of recipes or of their ingredients.
 */
function detailedRecipesQuery(db: Executor, engine: DbEngine) {
  const jsonArrayFrom = engine === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom;
  const ofRecipe = sameRecipeAs('r.id');
  return db
    .selectFrom('recipes as r')
    .selectAll('r')
    .select([
      jsonArrayFrom(organizerRowsQuery(db, ofRecipe)).as('organizer_rows'),
      jsonArrayFrom(ingredientRowsQuery(db, ofRecipe)).as('ingredient_rows'),
      jsonArrayFrom(ingredientLookupsQuery(db, ofRecipe)).as('lookup_rows'),
      jsonArrayFrom(textRowsQuery(db, ofRecipe)).as('text_rows'),
      jsonArrayFrom(nutritionRowsQuery(db, ofRecipe)).as('nutrition_rows'),
      jsonArrayFrom(commentRowsQuery(db, ofRecipe)).as('comment_rows'),
    ]);
}

type DetailedRow = Awaited<ReturnType<ReturnType<typeof detailedRecipesQuery>['execute']>>[number];

type ChildRows = 'organizer_rows' | 'ingredient_rows' | 'lookup_rows' | 'text_rows' | 'nutrition_rows' | 'comment_rows';

/** One kind of child rows of all the recipes. PostgreSQL's driver parses json columns; SQLite hands back text. */
function childRows<K extends ChildRows>(rows: readonly DetailedRow[], key: K): DetailedRow[K] {
  return rows.flatMap((row) => {
    const value: unknown = row[key];
    return typeof value === 'string' ? JSON.parse(value) : value;
  }) as DetailedRow[K];
}

function toRecipeOuts(rows: readonly DetailedRow[], viewerHouseholdId: string | null): RecipeOut[] {
  const organizers = organizersOfRows(childRows(rows, 'organizer_rows'), viewerHouseholdId);
  const ingredients = new Map(ingredientsOfRows(childRows(rows, 'ingredient_rows'), childRows(rows, 'lookup_rows'), viewerHouseholdId));
  const { instructions, notesOf, assetsOf, extrasOf } = textsOfRows(childRows(rows, 'text_rows'));
  const nutritionOf = new Map(childRows(rows, 'nutrition_rows').map((n) => [n.recipe_id, n]));
  const commentsOf = groupBy(childRows(rows, 'comment_rows'), (c) => c.recipe_id);

  return rows.map((row) => {
    const { id } = row;
    const disableAmount = bool(row.settings_disable_amount);
    const recipeIngredient: RecipeIngredientOut[] = (ingredients.get(id) ?? []).map((ingredient) => ({
      ...ingredient,
      isFood: ingredient.food !== null,
      disableAmount,
      display: ingredientDisplay(ingredient, disableAmount),
    }));
    const nutritionRow = nutritionOf.get(id);
    const nutrition = emptyNutrition();
    if (nutritionRow) for (const field of nutritionFields) nutrition[field] = nutritionRow[NUTRITION_COLUMNS[field]];
    return {
      ...toRecipeSummary(row, organizers),
      recipeIngredient,
      recipeInstructions: instructions.get(id) ?? [],
      nutrition,
      settings: {
        public: bool(row.settings_public),
        showNutrition: bool(row.settings_show_nutrition),
        showAssets: bool(row.settings_show_assets),
        landscapeView: bool(row.settings_landscape_view),
        disableComments: bool(row.settings_disable_comments),
        disableAmount,
        locked: bool(row.settings_locked),
      },
      assets: (assetsOf.get(id) ?? []).map((a) => ({ name: a.text1 ?? '', icon: a.text2 ?? '', fileName: a.text3 ?? '' })),
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
    };
  });
}

/** Full recipes (Mealie's Recipe-Output) for the given ids, in that order; unknown ids are skipped. One statement. */
export async function loadRecipes(
  db: Executor,
  engine: DbEngine,
  ids: readonly string[],
  viewerHouseholdId: string | null,
): Promise<RecipeOut[]> {
  if (ids.length === 0) return [];
  const rows = await keepPlan(detailedRecipesQuery(db, engine).where(inIds(engine, 'r.id', ids))).execute();
  const byId = new Map(toRecipeOuts(rows, viewerHouseholdId).map((recipe) => [recipe.id, recipe]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function recipeBySlugOrIdStatement(engine: DbEngine, byId: boolean) {
  return compiledOnce((db: Kysely<Database>, value: (name: 'groupId' | 'slug' | 'id') => string) => {
    const matching = recipesBySlugOrId(db, value('groupId'), value('slug'), byId ? value('id') : null).select('id');
    return keepPlan(detailedRecipesQuery(db, engine).where('r.id', 'in', matching));
  });
}

const RECIPE_BY_SLUG_OR_ID = {
  sqlite: { bySlug: recipeBySlugOrIdStatement('sqlite', false), byId: recipeBySlugOrIdStatement('sqlite', true) },
  postgres: { bySlug: recipeBySlugOrIdStatement('postgres', false), byId: recipeBySlugOrIdStatement('postgres', true) },
};

/** The group's recipe with this slug or id (the slug wins), or null. One statement, compiled once. */
export async function loadRecipeBySlugOrId(
  db: Kysely<Database>,
  engine: DbEngine,
  groupId: string,
  slugOrId: string,
  viewerHouseholdId: string | null,
): Promise<RecipeOut | null> {
  const id = canonicalId(slugOrId);
  const statements = RECIPE_BY_SLUG_OR_ID[engine];
  const { rows } = await (id ? statements.byId : statements.bySlug)(db, { groupId, slug: slugOrId, id });
  const row = pickBySlugOrId(rows, slugOrId);
  return row ? (toRecipeOuts([row], viewerHouseholdId)[0] ?? null) : null;
}
