import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import {
  collectionAttribute,
  columnAttribute,
  lookupAttribute,
  type FilterAttribute,
  type QueryFilterRegistry,
} from './compile.js';
import type { FilterValueType } from './values.js';

/** The recipes' own columns and their types (migration 0002). */
const RECIPE_COLUMNS: Record<string, FilterValueType> = {
  id: 'uuid',
  slug: 'text',
  name: 'text',
  description: 'text',
  image: 'text',
  rating: 'number',
  total_time: 'text',
  prep_time: 'text',
  cook_time: 'text',
  perform_time: 'text',
  recipe_yield: 'text',
  recipe_yield_quantity: 'number',
  recipe_servings: 'number',
  recipe_cuisine: 'text',
  org_url: 'text',
  is_ocr_recipe: 'boolean',
  date_added: 'date',
  date_updated: 'datetime',
  last_made: 'datetime',
  created_at: 'datetime',
  update_at: 'datetime',
  name_normalized: 'text',
  description_normalized: 'text',
  user_id: 'uuid',
  household_id: 'uuid',
  group_id: 'uuid',
};

const SETTINGS = ['public', 'show_nutrition', 'show_assets', 'landscape_view', 'disable_comments', 'disable_amount', 'locked'];

const HOUSEHOLD_PREFERENCES: Record<string, FilterValueType> = {
  private_household: 'boolean',
  lock_recipe_edits_from_other_households: 'boolean',
  first_day_of_week: 'number',
  recipe_public: 'boolean',
  recipe_show_nutrition: 'boolean',
  recipe_show_assets: 'boolean',
  recipe_landscape_view: 'boolean',
  recipe_disable_comments: 'boolean',
  recipe_disable_amount: 'boolean',
};

/**
 * What a recipe list can be filtered by, with Mealie's attribute names: the recipe's columns, its settings,
 * its organizers, its ingredients' foods and units, its owner, household and group.
 * `recipes` is how the filtered query names the recipes table (pass the alias if it uses one).
 */
export function recipeFilterAttributes(recipes = 'recipes'): QueryFilterRegistry {
  const attributes: Record<string, FilterAttribute> = {};
  const add = (names: string[], attribute: FilterAttribute) => {
    for (const name of names) attributes[name] = attribute;
  };

  for (const [column, type] of Object.entries(RECIPE_COLUMNS)) add([column], columnAttribute(`${recipes}.${column}`, type));
  add(['updated_at'], attributes.update_at);
  for (const setting of SETTINGS) add([`settings.${setting}`], columnAttribute(`${recipes}.settings_${setting}`, 'boolean'));

  // Organizers: the link table alone answers `.id`; the organizer table is joined for name and slug.
  const organizers = [
    { names: ['tags'], link: 'recipes_to_tags', key: 'tag_id', table: 'tags' },
    { names: ['recipe_category', 'categories'], link: 'recipes_to_categories', key: 'category_id', table: 'categories' },
    { names: ['tools'], link: 'recipes_to_tools', key: 'tool_id', table: 'tools' },
  ];
  for (const organizer of organizers) {
    const link = { table: organizer.link, alias: 'qf_link', parentKey: 'recipe_id', parentReference: `${recipes}.id` };
    const joins = [{ table: organizer.table, alias: 'qf_org', on: ['qf_org.id', `qf_link.${organizer.key}`] as [string, string] }];
    add(organizer.names.map((n) => `${n}.id`), collectionAttribute({ ...link, column: `qf_link.${organizer.key}` }, 'uuid'));
    add(organizer.names.map((n) => `${n}.name`), collectionAttribute({ ...link, joins, column: 'qf_org.name' }, 'text'));
    add(organizer.names.map((n) => `${n}.slug`), collectionAttribute({ ...link, joins, column: 'qf_org.slug' }, 'text'));
    if (organizer.table === 'tools') add(['tools.on_hand'], collectionAttribute({ ...link, joins, column: 'qf_org.on_hand' }, 'boolean'));
  }

  // Ingredients, their foods and units.
  const ingredients = { table: 'recipes_ingredients', alias: 'qf_ing', parentKey: 'recipe_id', parentReference: `${recipes}.id` };
  add(['recipe_ingredient.note'], collectionAttribute({ ...ingredients, column: 'qf_ing.note' }, 'text'));
  add(['recipe_ingredient.original_text'], collectionAttribute({ ...ingredients, column: 'qf_ing.original_text' }, 'text'));
  add(['recipe_ingredient.food.id', 'foods.id'], collectionAttribute({ ...ingredients, column: 'qf_ing.food_id' }, 'uuid'));
  add(['recipe_ingredient.unit.id', 'units.id'], collectionAttribute({ ...ingredients, column: 'qf_ing.unit_id' }, 'uuid'));
  const foodJoin = [{ table: 'ingredient_foods', alias: 'qf_food', on: ['qf_food.id', 'qf_ing.food_id'] as [string, string] }];
  add(['recipe_ingredient.food.name', 'foods.name'], collectionAttribute({ ...ingredients, joins: foodJoin, column: 'qf_food.name' }, 'text'));
  add(['recipe_ingredient.food.on_hand'], collectionAttribute({ ...ingredients, joins: foodJoin, column: 'qf_food.on_hand' }, 'boolean'));
  const unitJoin = [{ table: 'ingredient_units', alias: 'qf_unit', on: ['qf_unit.id', 'qf_ing.unit_id'] as [string, string] }];
  add(['recipe_ingredient.unit.name', 'units.name'], collectionAttribute({ ...ingredients, joins: unitJoin, column: 'qf_unit.name' }, 'text'));

  // Users who marked the recipe as a favourite.
  add(
    ['favorited_by.id'],
    collectionAttribute(
      {
        table: 'users_to_recipes',
        alias: 'qf_fav',
        parentKey: 'recipe_id',
        parentReference: `${recipes}.id`,
        where: (alias) => sql<SqlBool>`${sql.ref(`${alias}.is_favorite`)} = ${true}`,
        column: 'qf_fav.user_id',
      },
      'uuid',
    ),
  );

  // To-one relations: owner, household (and its preferences), group.
  const user = { table: 'users', alias: 'qf_user', key: 'id', foreignKey: `${recipes}.user_id` };
  add(['user.id'], attributes.user_id);
  add(['user.username'], lookupAttribute({ ...user, column: 'username' }, 'text'));
  add(['user.full_name'], lookupAttribute({ ...user, column: 'full_name' }, 'text'));
  add(['user.email'], lookupAttribute({ ...user, column: 'email' }, 'text'));
  const household = { table: 'households', alias: 'qf_household', key: 'id', foreignKey: `${recipes}.household_id` };
  add(['household.id'], attributes.household_id);
  add(['household.name'], lookupAttribute({ ...household, column: 'name' }, 'text'));
  add(['household.slug'], lookupAttribute({ ...household, column: 'slug' }, 'text'));
  for (const [preference, type] of Object.entries(HOUSEHOLD_PREFERENCES)) {
    add(
      [`household.preferences.${preference}`],
      lookupAttribute(
        { table: 'household_preferences', alias: 'qf_hprefs', key: 'household_id', foreignKey: `${recipes}.household_id`, column: preference },
        type,
      ),
    );
  }
  const group = { table: 'groups', alias: 'qf_group', key: 'id', foreignKey: `${recipes}.group_id` };
  add(['group.id'], attributes.group_id);
  add(['group.name'], lookupAttribute({ ...group, column: 'name' }, 'text'));
  add(['group.slug'], lookupAttribute({ ...group, column: 'slug' }, 'text'));

  return attributes;
}

/** The registry for queries that select from `recipes` without an alias. */
export const RECIPE_FILTER_ATTRIBUTES: QueryFilterRegistry = recipeFilterAttributes();
