import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UnitIn, UnitOut } from '../../../contract/foods.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { normalizeText } from '../../platform/slug.js';
import { distinctAliases } from '../foods/service.js';
import { findUnitIdByName, getUnit, type Executor } from './repo.js';
import { isUniqueViolation } from '../recipes/sql.js';

type Db = Kysely<Database>;

export interface NewUnit {
  name: string;
  pluralName?: string | null;
  description?: string | null;
  abbreviation?: string | null;
  pluralAbbreviation?: string | null;
  useAbbreviation?: boolean;
  fraction?: boolean;
}

/** Inserts unit rows with their normalized columns (no checks: callers validate). Returns the ids in order. */
export async function insertUnits(db: Executor, groupId: string, units: NewUnit[]): Promise<string[]> {
  const now = nowIso();
  const rows = units.map((unit) => {
    const pluralName = unit.pluralName?.trim() || null;
    const abbreviation = unit.abbreviation?.trim() ?? '';
    const pluralAbbreviation = unit.pluralAbbreviation?.trim() ?? '';
    return {
      id: crypto.randomUUID(),
      group_id: groupId,
      name: unit.name.trim(),
      plural_name: pluralName,
      description: unit.description ?? '',
      abbreviation,
      plural_abbreviation: pluralAbbreviation,
      use_abbreviation: unit.useAbbreviation ?? false,
      fraction: unit.fraction ?? true,
      name_normalized: normalizeText(unit.name),
      plural_name_normalized: normalizeText(pluralName),
      abbreviation_normalized: normalizeText(abbreviation),
      plural_abbreviation_normalized: normalizeText(pluralAbbreviation),
      created_at: now,
      update_at: now,
    };
  });
  for (let start = 0; start < rows.length; start += 100) {
    await db.insertInto('ingredient_units').values(rows.slice(start, start + 100)).execute();
  }
  return rows.map((row) => row.id);
}

/** The database's unique index settles a race the check above lost: still a 409, never a 500. */
function nameTaken(name: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict('units.unit-named-already-exists', { name });
    throw error;
  };
}

async function assertNameFree(db: Executor, groupId: string, name: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom('ingredient_units').select('id').where('group_id', '=', groupId).where('name_normalized', '=', normalizeText(name));
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw conflict('units.unit-named-already-exists', { name });
}

async function replaceAliases(db: Executor, unitId: string, aliases: Array<{ name: string }>): Promise<void> {
  await db.deleteFrom('ingredient_units_aliases').where('unit_id', '=', unitId).execute();
  const rows = distinctAliases(aliases).map((alias) => ({ id: crypto.randomUUID(), unit_id: unitId, ...alias }));
  if (rows.length > 0) await db.insertInto('ingredient_units_aliases').values(rows).execute();
}

export async function createUnit(db: Db, groupId: string, input: UnitIn): Promise<UnitOut> {
  await assertNameFree(db, groupId, input.name);
  const unitId = await db.transaction().execute(async (trx) => {
    const [id] = await insertUnits(trx, groupId, [input]);
    await replaceAliases(trx, id, input.aliases ?? []);
    return id;
  }).catch(nameTaken(input.name));
  return getUnit(db, groupId, unitId);
}

/** Updates a unit: absent fields keep their value, null or [] clears them. */
export async function updateUnit(db: Db, groupId: string, unitId: string, input: UnitIn): Promise<UnitOut> {
  const current = await getUnit(db, groupId, unitId);
  await assertNameFree(db, groupId, input.name, unitId);
  const keep = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  const pluralName = input.pluralName === undefined ? current.pluralName : input.pluralName?.trim() || null;
  const abbreviation = keep(input.abbreviation, current.abbreviation)?.trim() ?? '';
  const pluralAbbreviation = keep(input.pluralAbbreviation, current.pluralAbbreviation)?.trim() ?? '';
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ingredient_units')
      .set({
        name: input.name,
        name_normalized: normalizeText(input.name),
        plural_name: pluralName,
        plural_name_normalized: normalizeText(pluralName),
        description: keep(input.description, current.description) ?? '',
        abbreviation,
        abbreviation_normalized: normalizeText(abbreviation),
        plural_abbreviation: pluralAbbreviation,
        plural_abbreviation_normalized: normalizeText(pluralAbbreviation),
        use_abbreviation: keep(input.useAbbreviation, current.useAbbreviation),
        fraction: keep(input.fraction, current.fraction),
        update_at: nowIso(),
      })
      .where('id', '=', unitId)
      .where('group_id', '=', groupId)
      .execute();
    if (input.aliases !== undefined) await replaceAliases(trx, unitId, input.aliases ?? []);
  }).catch(nameTaken(input.name));
  return getUnit(db, groupId, unitId);
}

/** Deletes a unit; ingredients that used it keep their quantity, food and note without a unit. */
export async function deleteUnit(db: Db, groupId: string, unitId: string): Promise<UnitOut> {
  const unit = await getUnit(db, groupId, unitId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('recipes_ingredients').set({ unit_id: null }).where('unit_id', '=', unitId).execute();
    await trx.deleteFrom('ingredient_units').where('id', '=', unitId).execute();
  });
  return unit;
}

/**
 * Merges one unit into another of the same group, in one transaction: every ingredient moves to the
 * target, the source's names and abbreviations become aliases of the target, and the source is deleted.
 */
export async function mergeUnits(db: Db, groupId: string, fromId: string, toId: string): Promise<void> {
  if (fromId === toId) throw badRequest('units.unit-cannot-be-merged-into-itself');
  await db.transaction().execute(async (trx) => {
    const units = await trx
      .selectFrom('ingredient_units')
      .select(['id', 'name', 'plural_name', 'abbreviation', 'plural_abbreviation'])
      .where('group_id', '=', groupId)
      .where('id', 'in', [fromId, toId])
      .execute();
    const source = units.find((unit) => unit.id === fromId);
    const target = units.find((unit) => unit.id === toId);
    if (!source || !target) throw notFound('common.unit-not-found');

    await trx.updateTable('recipes_ingredients').set({ unit_id: toId }).where('unit_id', '=', fromId).execute();

    const aliases = await trx.selectFrom('ingredient_units_aliases').select(['unit_id', 'name', 'name_normalized']).where('unit_id', 'in', [fromId, toId]).execute();
    const known = new Set(
      [target.name, target.plural_name, target.abbreviation, target.plural_abbreviation].map(normalizeText).concat(
        aliases.filter((alias) => alias.unit_id === toId).map((alias) => alias.name_normalized),
      ),
    );
    const candidates = [source.name, source.plural_name, source.abbreviation, source.plural_abbreviation]
      .concat(aliases.filter((alias) => alias.unit_id === fromId).map((alias) => alias.name))
      .filter((name): name is string => Boolean(name))
      .map((name) => ({ name }));
    const moved = distinctAliases(candidates).filter((alias) => !known.has(alias.name_normalized));
    if (moved.length > 0) {
      await trx.insertInto('ingredient_units_aliases').values(moved.map((alias) => ({ id: crypto.randomUUID(), unit_id: toId, ...alias }))).execute();
    }
    await trx.deleteFrom('ingredient_units_aliases').where('unit_id', '=', fromId).execute();
    await trx.updateTable('ingredient_units').set({ update_at: nowIso() }).where('id', '=', toId).execute();
    await trx.deleteFrom('ingredient_units').where('id', '=', fromId).execute();
  });
}

/**
 * The group's unit called `name` (by name, plural, abbreviation or alias, accents and case ignored),
 * created when there is none. For importers and parsers.
 */
export async function findOrCreateUnitByName(db: Executor, groupId: string, name: string): Promise<{ id: string; created: boolean }> {
  if (!normalizeText(name)) throw badRequest('units.unit-name-is-required');
  const existing = await findUnitIdByName(db, groupId, name);
  if (existing) return { id: existing, created: false };
  const [id] = await insertUnits(db, groupId, [{ name }]);
  return { id, created: true };
}
