import type { Kysely, Transaction } from 'kysely';
import type { UnitOut } from '../../../contract/foods.js';
import type { SearchablePaginationQuery } from '../../../contract/organizers.js';
import type { Database } from '../../db/schema.js';
import { bool } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { envelope, pageWindow } from '../../platform/pagination.js';
import { normalizeText } from '../../platform/slug.js';
import { collectionAttribute } from '../../platform/query-filter/index.js';
import { filterClause, orderClauses, searchClauses, standardFilterAttributes, timestampOrderColumns, type ListSpec } from '../organizers/listing.js';
import { API } from '../../../contract/routes.js';

export type Executor = Kysely<Database> | Transaction<Database>;

const listSpec: ListSpec = {
  orderColumns: {
    ...timestampOrderColumns('u'),
    name: { column: 'u.name', text: true },
    plural_name: { column: 'u.plural_name', text: true },
    abbreviation: { column: 'u.abbreviation', text: true },
    plural_abbreviation: { column: 'u.plural_abbreviation', text: true },
    description: { column: 'u.description', text: true },
    use_abbreviation: { column: 'u.use_abbreviation' },
    fraction: { column: 'u.fraction' },
  },
  searchColumns: ['u.name_normalized', 'u.plural_name_normalized', 'u.abbreviation_normalized', 'u.plural_abbreviation_normalized'],
  normalizedColumns: true,
  filterAttributes: {
    ...standardFilterAttributes('u', {
      name: 'text', plural_name: 'text', abbreviation: 'text', plural_abbreviation: 'text', description: 'text', use_abbreviation: 'boolean', fraction: 'boolean',
    }),
    'aliases.name': collectionAttribute({ table: 'ingredient_units_aliases', alias: 'qf_alias', parentKey: 'unit_id', parentReference: 'u.id', column: 'qf_alias.name' }, 'text'),
  },
};

const UNIT_COLUMNS = [
  'u.id', 'u.name', 'u.plural_name', 'u.description', 'u.abbreviation', 'u.plural_abbreviation', 'u.use_abbreviation',
  'u.fraction', 'u.created_at', 'u.update_at',
] as const;

function selectUnits(db: Executor, groupId: string) {
  return db.selectFrom('ingredient_units as u').select(UNIT_COLUMNS).where('u.group_id', '=', groupId);
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof selectUnits>['executeTakeFirstOrThrow']>>;

/** Units as Mealie's IngredientUnit, with their aliases loaded in one query. */
async function unitsOut(db: Executor, rows: UnitRow[]): Promise<UnitOut[]> {
  const aliases = new Map<string, Array<{ name: string }>>();
  if (rows.length > 0) {
    const aliasRows = await db
      .selectFrom('ingredient_units_aliases')
      .select(['unit_id', 'name'])
      .where('unit_id', 'in', rows.map((row) => row.id))
      .orderBy('name')
      .execute();
    for (const row of aliasRows) aliases.set(row.unit_id, [...(aliases.get(row.unit_id) ?? []), { name: row.name }]);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    pluralName: row.plural_name,
    description: row.description,
    extras: {},
    fraction: bool(row.fraction),
    abbreviation: row.abbreviation,
    pluralAbbreviation: row.plural_abbreviation,
    useAbbreviation: bool(row.use_abbreviation),
    aliases: aliases.get(row.id) ?? [],
    createdAt: row.created_at,
    updatedAt: row.update_at,
  }));
}

/** The group's units by id, in the order asked, in two queries (unknown or foreign ids are left out). */
export async function loadUnitsOut(db: Executor, groupId: string, unitIds: string[]): Promise<UnitOut[]> {
  if (unitIds.length === 0) return [];
  const rows = await selectUnits(db, groupId).where('u.id', 'in', [...new Set(unitIds)]).execute();
  const byId = new Map((await unitsOut(db, rows)).map((unit) => [unit.id, unit]));
  return unitIds.flatMap((id) => byId.get(id) ?? []);
}

export async function getUnit(db: Executor, groupId: string, unitId: string): Promise<UnitOut> {
  const [unit] = await loadUnitsOut(db, groupId, [unitId]);
  if (!unit) throw notFound('common.unit-not-found');
  return unit;
}

/** One page of the group's units: count, page and aliases (three queries). */
export async function listUnitsPage(db: Executor, groupId: string, query: SearchablePaginationQuery, rawQuery: Record<string, unknown>) {
  const filter = filterClause(listSpec, query.queryFilter);
  const search = searchClauses(listSpec, query.search);
  const ordering = orderClauses(listSpec, query, search !== null);
  let count = db.selectFrom('ingredient_units as u').select((eb) => eb.fn.countAll<number>().as('n')).where('u.group_id', '=', groupId);
  if (filter) count = count.where(filter);
  if (search) count = count.where(search.where);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const window = pageWindow(query, total);

  let page = selectUnits(db, groupId);
  if (filter) page = page.where(filter);
  if (search) page = page.where(search.where).orderBy(...search.relevance);
  for (const [expression, modifiers] of ordering) page = page.orderBy(expression, modifiers);
  page = page.orderBy('u.id');
  if (window.limit !== null) page = page.limit(window.limit).offset(window.offset);
  return envelope(API.units, rawQuery, window, total, await unitsOut(db, await page.execute()));
}

/** The group's unit whose name, plural, abbreviation (singular or plural) or alias is `name` (accents and case ignored). */
export async function findUnitIdByName(db: Executor, groupId: string, name: string): Promise<string | undefined> {
  const needle = normalizeText(name);
  if (!needle) return undefined;
  const direct = await db
    .selectFrom('ingredient_units')
    .select('id')
    .where('group_id', '=', groupId)
    .where((eb) =>
      eb.or([
        eb('name_normalized', '=', needle),
        eb('plural_name_normalized', '=', needle),
        eb('abbreviation_normalized', '=', needle),
        eb('plural_abbreviation_normalized', '=', needle),
      ]),
    )
    .orderBy((eb) => eb.case().when('name_normalized', '=', needle).then(0).else(1).end())
    .orderBy('created_at')
    .executeTakeFirst();
  if (direct) return direct.id;
  const alias = await db
    .selectFrom('ingredient_units_aliases as a')
    .innerJoin('ingredient_units as u', 'u.id', 'a.unit_id')
    .select('u.id')
    .where('u.group_id', '=', groupId)
    .where('a.name_normalized', '=', needle)
    .executeTakeFirst();
  return alias?.id;
}
