import type { Kysely, Transaction } from 'kysely';
import type { FoodOut } from '../../../contract/foods.js';
import type { SearchablePaginationQuery } from '../../../contract/organizers.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { normalizeText } from '../../platform/slug.js';
import { collectionAttribute, lookupAttribute } from '../../platform/query-filter/index.js';
import { filterClause, orderClauses, searchClauses, standardFilterAttributes, timestampOrderColumns, type ListSpec } from '../organizers/listing.js';
import { API } from '../../../contract/routes.js';
import { foodKnowledgeOut } from '../../food/links.js';

export type Executor = Kysely<Database> | Transaction<Database>;

const listSpec: ListSpec = {
  orderColumns: {
    ...timestampOrderColumns('f'),
    name: { column: 'f.name', text: true },
    plural_name: { column: 'f.plural_name', text: true },
    description: { column: 'f.description', text: true },
    label_id: { column: 'f.label_id' },
    'label.name': { column: 'l.name', text: true },
  },
  searchColumns: ['f.name_normalized', 'f.plural_name_normalized'],
  normalizedColumns: true,
  filterAttributes: {
    ...standardFilterAttributes('f', { name: 'text', plural_name: 'text', description: 'text', label_id: 'uuid' }),
    'label.id': lookupAttribute({ table: 'multi_purpose_labels', alias: 'qf_label', column: 'id', key: 'id', foreignKey: 'f.label_id' }, 'uuid'),
    'label.name': lookupAttribute({ table: 'multi_purpose_labels', alias: 'qf_label', column: 'name', key: 'id', foreignKey: 'f.label_id' }, 'text'),
    'aliases.name': collectionAttribute({ table: 'ingredient_foods_aliases', alias: 'qf_alias', parentKey: 'food_id', parentReference: 'f.id', column: 'qf_alias.name' }, 'text'),
    'households_with_ingredient_food.id': collectionAttribute(
      { table: 'households_to_ingredient_foods', alias: 'qf_hf', parentKey: 'food_id', parentReference: 'f.id', column: 'qf_hf.household_id' },
      'uuid',
    ),
  },
};

function selectFoods(db: Executor) {
  return db
    .selectFrom('ingredient_foods as f')
    .leftJoin('multi_purpose_labels as l', 'l.id', 'f.label_id')
    .select([
      'f.id', 'f.group_id', 'f.name', 'f.plural_name', 'f.description', 'f.label_id', 'f.extras', 'f.created_at', 'f.update_at',
      'l.name as label_name', 'l.color as label_color', 'l.group_id as label_group_id',
      'f.reference_food_id', 'f.density', 'f.piece_grams', 'f.nutrition_per_100g',
    ]);
}

/** The stored extras (a JSON object), or {} when unreadable. */
function parseExtras(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type FoodRow = Awaited<ReturnType<ReturnType<typeof selectFoods>['executeTakeFirstOrThrow']>>;

/** Aliases and on-hand households of foods: two queries whatever the number of foods. */
async function foodRelations(db: Executor, foodIds: string[]) {
  const aliases = new Map<string, Array<{ name: string }>>();
  const households = new Map<string, string[]>();
  if (foodIds.length === 0) return { aliases, households };
  const ids = [...new Set(foodIds)];
  const aliasRows = await db.selectFrom('ingredient_foods_aliases').select(['food_id', 'name']).where('food_id', 'in', ids).orderBy('name').execute();
  for (const row of aliasRows) aliases.set(row.food_id, [...(aliases.get(row.food_id) ?? []), { name: row.name }]);
  const householdRows = await db
    .selectFrom('households_to_ingredient_foods')
    .select(['food_id', 'household_id'])
    .where('food_id', 'in', ids)
    .orderBy('household_id')
    .execute();
  for (const row of householdRows) households.set(row.food_id, [...(households.get(row.food_id) ?? []), row.household_id]);
  return { aliases, households };
}

/** Foods as Mealie's IngredientFood; `onHand` answers for the given household; `knowledge` adds Hearth's food knowledge. */
async function foodsOut(db: Executor, rows: FoodRow[], householdId: string, knowledge = false): Promise<FoodOut[]> {
  const { aliases, households } = await foodRelations(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const withFood = households.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      pluralName: row.plural_name,
      description: row.description,
      extras: parseExtras(row.extras),
      onHand: withFood.includes(householdId),
      labelId: row.label_id,
      label:
        row.label_id && row.label_name !== null && row.label_color !== null && row.label_group_id !== null
          ? { id: row.label_id, name: row.label_name, color: row.label_color, groupId: row.label_group_id }
          : null,
      aliases: aliases.get(row.id) ?? [],
      householdsWithIngredientFood: withFood,
      createdAt: row.created_at,
      updatedAt: row.update_at,
      ...(knowledge ? foodKnowledgeOut(row) : {}),
    };
  });
}

/**
 * The group's foods by id, in the order asked, in three queries (unknown or foreign ids are left out).
 * For recipe and shopping-list outputs that embed foods.
 */
export async function loadFoodsOut(db: Executor, groupId: string, foodIds: string[], householdId: string): Promise<FoodOut[]> {
  if (foodIds.length === 0) return [];
  const rows = await selectFoods(db).where('f.group_id', '=', groupId).where('f.id', 'in', [...new Set(foodIds)]).execute();
  const byId = new Map((await foodsOut(db, rows, householdId)).map((food) => [food.id, food]));
  return foodIds.flatMap((id) => byId.get(id) ?? []);
}

export async function getFood(db: Executor, groupId: string, foodId: string, householdId: string): Promise<FoodOut> {
  const rows = await selectFoods(db).where('f.group_id', '=', groupId).where('f.id', '=', foodId).execute();
  const [food] = await foodsOut(db, rows, householdId, true);
  if (!food) throw notFound('common.food-not-found');
  return food;
}

/** One page of the group's foods: count, page, aliases and households (four queries). */
export async function listFoodsPage(
  db: Executor,
  scope: { groupId: string; householdId: string },
  query: SearchablePaginationQuery,
  rawQuery: Record<string, unknown>,
) {
  const filter = filterClause(listSpec, query.queryFilter);
  const search = searchClauses(listSpec, query.search);
  const ordering = orderClauses(listSpec, query, search !== null);
  let count = db.selectFrom('ingredient_foods as f').select((eb) => eb.fn.countAll<number>().as('n')).where('f.group_id', '=', scope.groupId);
  if (filter) count = count.where(filter);
  if (search) count = count.where(search.where);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);

  let page = selectFoods(db).where('f.group_id', '=', scope.groupId);
  if (filter) page = page.where(filter);
  if (search) page = page.where(search.where).orderBy(...search.relevance);
  for (const [expression, modifiers] of ordering) page = page.orderBy(expression, modifiers);
  page = page.orderBy('f.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  const items = await foodsOut(db, await page.execute(), scope.householdId, true);
  return envelope(API.foods, rawQuery, window, total, items);
}

/** The group's food whose name, plural name or alias is `name` (accents and case ignored). */
export async function findFoodIdByName(db: Executor, groupId: string, name: string): Promise<string | undefined> {
  const needle = normalizeText(name);
  if (!needle) return undefined;
  const direct = await db
    .selectFrom('ingredient_foods')
    .select('id')
    .where('group_id', '=', groupId)
    .where((eb) => eb.or([eb('name_normalized', '=', needle), eb('plural_name_normalized', '=', needle)]))
    .orderBy((eb) => eb.case().when('name_normalized', '=', needle).then(0).else(1).end())
    .orderBy('created_at')
    .executeTakeFirst();
  if (direct) return direct.id;
  const alias = await db
    .selectFrom('ingredient_foods_aliases as a')
    .innerJoin('ingredient_foods as f', 'f.id', 'a.food_id')
    .select('f.id')
    .where('f.group_id', '=', groupId)
    .where('a.name_normalized', '=', needle)
    .executeTakeFirst();
  return alias?.id;
}
