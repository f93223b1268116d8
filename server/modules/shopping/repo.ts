import crypto from 'node:crypto';
import { PostgresAdapter, sql, type Insertable, type SqlBool, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ShoppingItemRecipeRefTable, ShoppingListItemsTable, ShoppingListsTable } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { compiledOnce } from '../../db/prepared.js';
import { normalizeText } from '../../platform/slug.js';

/** SQL of the shopping area. Every function takes the executor (the request's db or a transaction). */
export type Executor = Kysely<Database> | Transaction<Database>;
export type ListRow = Selectable<ShoppingListsTable>;
export type ItemRow = Selectable<ShoppingListItemsTable>;
export type ItemRefRow = Selectable<ShoppingItemRecipeRefTable>;

export interface Scope {
  groupId: string;
  householdId: string;
  userId: string;
}

// ---- lists ----

export function listRowsQuery(db: Executor, scope: Scope) {
  return db.selectFrom('shopping_lists').selectAll().where('household_id', '=', scope.householdId);
}

/*
 * The statements of every list answer and every write to a list, of fixed shape, built and compiled once
 * (server/db/prepared.ts) rather than on each call: a whole list's ids are one bound value.
 */
const LIST_BY_ID = compiledOnce((db: Kysely<Database>, value: (name: 'householdId' | 'listId') => string) =>
  db.selectFrom('shopping_lists').selectAll().where('household_id', '=', value('householdId')).where('id', '=', value('listId')),
);

const ITEMS_OF_LIST = compiledOnce((db: Kysely<Database>, value: (name: 'listId') => string) =>
  db.selectFrom('shopping_list_items').selectAll().where('shopping_list_id', '=', value('listId')).orderBy('position').orderBy('created_at').orderBy('id'),
);

const refsOfItemsStatement = (postgres: boolean) =>
  compiledOnce((db: Kysely<Database>, value: (name: 'ids') => string) =>
    db
      .selectFrom('shopping_list_item_recipe_reference')
      .selectAll()
      .where(postgres ? sql<SqlBool>`shopping_list_item_id = any(${value('ids')}::text[])` : sql<SqlBool>`shopping_list_item_id in (select value from json_each(${value('ids')}))`)
      .orderBy('id'),
  );
const REFS_OF_ITEMS = { sqlite: refsOfItemsStatement(false), postgres: refsOfItemsStatement(true) };

export async function findList(db: Executor, scope: Scope, listId: string): Promise<ListRow | undefined> {
  return (await LIST_BY_ID(db, { householdId: scope.householdId, listId })).rows[0];
}

export async function insertList(db: Executor, row: Insertable<ShoppingListsTable>): Promise<void> {
  await db.insertInto('shopping_lists').values(row).execute();
}

export async function touchList(db: Executor, listId: string, now = nowIso()): Promise<void> {
  await db.updateTable('shopping_lists').set({ update_at: now }).where('id', '=', listId).execute();
}

// ---- items ----

export async function itemsOfList(db: Executor, listId: string): Promise<ItemRow[]> {
  return (await ITEMS_OF_LIST(db, { listId })).rows;
}

/** Items by id, restricted to the household's lists. */
export async function itemsByIds(db: Executor, scope: Scope, ids: string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shopping_list_items as i')
    .innerJoin('shopping_lists as l', 'l.id', 'i.shopping_list_id')
    .selectAll('i')
    .where('l.household_id', '=', scope.householdId)
    .where('i.id', 'in', [...new Set(ids)])
    .execute();
}

/** Items by id whatever their household (to tell a retried create from an id taken elsewhere). */
export async function itemsByIdsAnywhere(db: Executor, ids: string[]): Promise<Array<ItemRow & { household_id: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shopping_list_items as i')
    .innerJoin('shopping_lists as l', 'l.id', 'i.shopping_list_id')
    .selectAll('i')
    .select('l.household_id')
    .where('i.id', 'in', [...new Set(ids)])
    .execute();
}

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** What adding to an item changes: its amount, unit, note and extras, with a new updatedAt. */
export interface MergedItemChange {
  id: string;
  quantity: number;
  note: string;
  unit_id: string | null;
  extras: string;
  update_at: string;
}

/**
 * Writes the changes of every item merged into by one write in ONE statement whatever their number (the rows
 * travel as one JSON parameter, so the statement's text, and its plan, is the same for any number).
 */
export async function updateMergedItems(db: Executor, changes: MergedItemChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = JSON.stringify(changes);
  if (isPostgres(db)) {
    await sql`update shopping_list_items as i
      set quantity = v.quantity, note = v.note, unit_id = v.unit_id, extras = v.extras, update_at = v.update_at
      from jsonb_to_recordset(${rows}::jsonb) as v(id text, quantity double precision, note text, unit_id text, extras text, update_at text)
      where i.id = v.id`.execute(db);
    return;
  }
  await sql`update shopping_list_items
    set quantity = json_extract(v.value, '$.quantity'), note = json_extract(v.value, '$.note'), unit_id = json_extract(v.value, '$.unit_id'),
      extras = json_extract(v.value, '$.extras'), update_at = json_extract(v.value, '$.update_at')
    from json_each(${rows}) as v
    where shopping_list_items.id = json_extract(v.value, '$.id')`.execute(db);
}

export interface ItemRefChange {
  id: string;
  recipe_quantity: number;
  recipe_scale: number;
  recipe_note: string | null;
}

/** The recipe references those merges changed (their quantity, scale or note), in ONE statement likewise. */
export async function updateItemRefs(db: Executor, changes: ItemRefChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = JSON.stringify(changes);
  if (isPostgres(db)) {
    await sql`update shopping_list_item_recipe_reference as r
      set recipe_quantity = v.recipe_quantity, recipe_scale = v.recipe_scale, recipe_note = v.recipe_note
      from jsonb_to_recordset(${rows}::jsonb) as v(id text, recipe_quantity double precision, recipe_scale double precision, recipe_note text)
      where r.id = v.id`.execute(db);
    return;
  }
  await sql`update shopping_list_item_recipe_reference
    set recipe_quantity = json_extract(v.value, '$.recipe_quantity'), recipe_scale = json_extract(v.value, '$.recipe_scale'),
      recipe_note = json_extract(v.value, '$.recipe_note')
    from json_each(${rows}) as v
    where shopping_list_item_recipe_reference.id = json_extract(v.value, '$.id')`.execute(db);
}

/** New quantities of lists' own recipe references (how many times each recipe was added), in ONE statement. */
export async function updateListRecipeRefs(db: Executor, changes: Array<{ id: string; recipe_quantity: number }>): Promise<void> {
  if (changes.length === 0) return;
  const rows = JSON.stringify(changes);
  if (isPostgres(db)) {
    await sql`update shopping_list_recipe_reference as r set recipe_quantity = v.recipe_quantity
      from jsonb_to_recordset(${rows}::jsonb) as v(id text, recipe_quantity double precision) where r.id = v.id`.execute(db);
    return;
  }
  await sql`update shopping_list_recipe_reference set recipe_quantity = json_extract(v.value, '$.recipe_quantity')
    from json_each(${rows}) as v where shopping_list_recipe_reference.id = json_extract(v.value, '$.id')`.execute(db);
}

/** Unchecked items without a food whose note is one of those given (note-only items merge by note and unit). */
export async function noteMergeCandidates(db: Executor, listIds: string[], notes: string[]): Promise<ItemRow[]> {
  if (listIds.length === 0 || notes.length === 0) return [];
  return db
    .selectFrom('shopping_list_items')
    .selectAll()
    .where('shopping_list_id', 'in', [...new Set(listIds)])
    .where('food_id', 'is', null)
    .where('note', 'in', [...new Set(notes)])
    .where('checked', '=', false)
    .orderBy('position')
    .execute();
}

/** Unchecked food items of the lists that an added ingredient may merge into (indexed by list and food). */
export async function mergeCandidates(db: Executor, listIds: string[], foodIds: string[]): Promise<ItemRow[]> {
  if (listIds.length === 0 || foodIds.length === 0) return [];
  return db
    .selectFrom('shopping_list_items')
    .selectAll()
    .where('shopping_list_id', 'in', [...new Set(listIds)])
    .where('food_id', 'in', [...new Set(foodIds)])
    .where('checked', '=', false)
    .orderBy('position')
    .execute();
}

export async function maxPositions(db: Executor, listIds: string[]): Promise<Map<string, number>> {
  if (listIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shopping_list_items')
    .select(['shopping_list_id', (eb) => eb.fn.max('position').as('max')])
    .where('shopping_list_id', 'in', [...new Set(listIds)])
    .groupBy('shopping_list_id')
    .execute();
  return new Map(rows.map((row) => [row.shopping_list_id, Number(row.max ?? -1)]));
}

export async function refsOfItems(db: Executor, itemIds: string[]): Promise<ItemRefRow[]> {
  if (itemIds.length === 0) return [];
  const ids = [...new Set(itemIds)];
  return (isPostgres(db) ? await REFS_OF_ITEMS.postgres(db, { ids }) : await REFS_OF_ITEMS.sqlite(db, { ids: JSON.stringify(ids) })).rows;
}

/** The items of a list that carry a reference to a recipe, with those references. */
export async function refsOfRecipeOnList(db: Executor, listId: string, recipeId: string): Promise<Array<ItemRefRow & { item_quantity: number }>> {
  return db
    .selectFrom('shopping_list_item_recipe_reference as r')
    .innerJoin('shopping_list_items as i', 'i.id', 'r.shopping_list_item_id')
    .selectAll('r')
    .select('i.quantity as item_quantity')
    .where('i.shopping_list_id', '=', listId)
    .where('r.recipe_id', '=', recipeId)
    .execute();
}

// ---- food matching (index lookups only) ----

/**
 * Foods of the group named exactly like each text (name, plural name or alias; accents and case ignored):
 * two indexed queries whatever the number of texts, never a scan of the group's foods.
 */
export async function matchFoodsByText(db: Executor, groupId: string, texts: string[]): Promise<Map<string, GroupFoodRow>> {
  const needles = [...new Set(texts.map((text) => normalizeText(text)).filter(Boolean))];
  const found = new Map<string, GroupFoodRow>();
  if (needles.length === 0) return found;
  // Two arms, each searched by its own (group, name) index: as one OR, SQLite read every food of the group.
  const named = (column: 'name_normalized' | 'plural_name_normalized') =>
    db
      .selectFrom('ingredient_foods')
      .select(['id', 'label_id', 'density', 'piece_grams', 'reference_food_id', 'name_normalized', 'plural_name_normalized', 'created_at'])
      .where('group_id', '=', groupId)
      .where(column, 'in', needles);
  const direct = await named('name_normalized').unionAll(named('plural_name_normalized')).orderBy('created_at').execute();
  const food = (row: GroupFoodRow): GroupFoodRow => ({ id: row.id, label_id: row.label_id, density: row.density, piece_grams: row.piece_grams, reference_food_id: row.reference_food_id });
  for (const row of direct) if (!found.has(row.name_normalized)) found.set(row.name_normalized, food(row));
  for (const row of direct) if (!found.has(row.plural_name_normalized)) found.set(row.plural_name_normalized, food(row));
  const missing = needles.filter((needle) => !found.has(needle));
  if (missing.length > 0) {
    const aliases = await db
      .selectFrom('ingredient_foods_aliases as a')
      .innerJoin('ingredient_foods as f', 'f.id', 'a.food_id')
      .select(['f.id', 'f.label_id', 'f.density', 'f.piece_grams', 'f.reference_food_id', 'a.name_normalized'])
      .where('a.name_normalized', 'in', missing)
      .where('f.group_id', '=', groupId)
      .execute();
    for (const row of aliases) if (!found.has(row.name_normalized)) found.set(row.name_normalized, food(row));
  }
  return found;
}

/** A food of the group as adding to a list needs it: its label, and its physics for converting amounts. */
export interface GroupFoodRow {
  id: string;
  label_id: string | null;
  density?: number | null;
  piece_grams?: number | null;
  reference_food_id?: string | null;
}

/** The group's foods and ids of the group's units among those given (unknown ids dropped), two statements at most. */
export async function groupFoodsAndUnits(db: Executor, groupId: string, foodIds: string[], unitIds: string[]) {
  const foods = new Map<string, GroupFoodRow>();
  const units = new Set<string>();
  if (foodIds.length > 0) {
    const rows = await db
      .selectFrom('ingredient_foods')
      .select(['id', 'label_id', 'density', 'piece_grams', 'reference_food_id'])
      .where('group_id', '=', groupId)
      .where('id', 'in', [...new Set(foodIds)])
      .execute();
    for (const row of rows) foods.set(row.id, row);
  }
  if (unitIds.length > 0) {
    const rows = await db.selectFrom('ingredient_units').select('id').where('group_id', '=', groupId).where('id', 'in', [...new Set(unitIds)]).execute();
    for (const row of rows) units.add(row.id);
  }
  return { foods, units };
}

export async function groupLabelIds(db: Executor, groupId: string, labelIds: string[]): Promise<Set<string>> {
  if (labelIds.length === 0) return new Set();
  const rows = await db.selectFrom('multi_purpose_labels').select('id').where('group_id', '=', groupId).where('id', 'in', [...new Set(labelIds)]).execute();
  return new Set(rows.map((row) => row.id));
}

// ---- label settings ----

/**
 * Label settings of lists, with every label of the group: labels without a row yet (created after the
 * list) are added at the end, as Mealie adds a row to every list when a label is created.
 */
export async function ensureLabelSettings(db: Executor, groupId: string, listIds: string[]) {
  if (listIds.length === 0) return [];
  const labels = await db.selectFrom('multi_purpose_labels').select(['id', 'name', 'color', 'group_id']).where('group_id', '=', groupId).orderBy('name').execute();
  const settings = await db.selectFrom('shopping_lists_multi_purpose_labels').selectAll().where('shopping_list_id', 'in', listIds).orderBy('position').orderBy('id').execute();
  const missing: Array<{ id: string; shopping_list_id: string; label_id: string; position: number }> = [];
  for (const listId of listIds) {
    const own = settings.filter((row) => row.shopping_list_id === listId);
    const have = new Set(own.map((row) => row.label_id));
    let next = own.reduce((max, row) => Math.max(max, row.position), -1) + 1;
    for (const label of labels) if (!have.has(label.id)) missing.push({ id: crypto.randomUUID(), shopping_list_id: listId, label_id: label.id, position: next++ });
  }
  if (missing.length > 0) {
    for (let start = 0; start < missing.length; start += 200) {
      await db.insertInto('shopping_lists_multi_purpose_labels').values(missing.slice(start, start + 200)).onConflict((oc) => oc.doNothing()).execute();
    }
  }
  const byLabel = new Map(labels.map((label) => [label.id, label]));
  return [...settings, ...missing]
    .filter((row) => byLabel.has(row.label_id))
    .map((row) => {
      const label = byLabel.get(row.label_id)!;
      return { ...row, label: { id: label.id, name: label.name, color: label.color, groupId: label.group_id } };
    });
}

// ---- unit conversion (convert.ts) ----

/** What merging amounts in different units needs besides the foods: the group's units, the household's unit system. */
export async function conversionRows(db: Executor, scope: Scope) {
  const [units, aliases, preferences] = await Promise.all([
    db.selectFrom('ingredient_units').select(['id', 'name', 'plural_name', 'abbreviation', 'plural_abbreviation', 'use_abbreviation']).where('group_id', '=', scope.groupId).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('ingredient_units_aliases as a')
      .innerJoin('ingredient_units as u', 'u.id', 'a.unit_id')
      .select(['a.unit_id', 'a.name'])
      .where('u.group_id', '=', scope.groupId)
      .execute(),
    db.selectFrom('household_preferences').select('unit_system').where('household_id', '=', scope.householdId).executeTakeFirst(),
  ]);
  return { units, aliases, unitSystem: preferences?.unit_system ?? null };
}

/**
 * Ticking items bought marks their foods on hand in the household when its preference says so (issue 37).
 * Foods already on hand are left as they are. Returns the foods marked.
 */
export async function markBoughtFoodsOnHand(db: Executor, householdId: string, foodIds: string[]): Promise<string[]> {
  if (foodIds.length === 0) return [];
  const preference = await db.selectFrom('household_preferences').select('on_hand_from_shopping').where('household_id', '=', householdId).executeTakeFirst();
  if (!preference?.on_hand_from_shopping) return [];
  const wanted = [...new Set(foodIds)];
  const present = new Set(
    (await db.selectFrom('households_to_ingredient_foods').select('food_id').where('household_id', '=', householdId).where('food_id', 'in', wanted).execute()).map((row) => row.food_id),
  );
  const missing = wanted.filter((id) => !present.has(id));
  if (missing.length) await db.insertInto('households_to_ingredient_foods').values(missing.map((food_id) => ({ household_id: householdId, food_id }))).execute();
  return missing;
}
