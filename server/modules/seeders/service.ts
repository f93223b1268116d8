import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { SeederKind } from '../../../contract/labels.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import { HttpError } from '../../platform/errors.js';
import { normalizeText } from '../../platform/slug.js';
import { isSupportedSeedLocale, loadSeedFoods, loadSeedLabels, loadSeedUnits } from '../../seed/index.js';
import { insertFoods } from '../foods/service.js';
import { insertUnits } from '../units/service.js';
import { seedReference } from '../../food/synonyms.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Seeding fills a group from Hearth's own seed data. Each kind is idempotent: an item whose name the
 * group already has (accents and case ignored) is skipped, so seeding twice adds nothing.
 * Foods get the label of their kind when the group has it (by its translated name); seeding labels
 * after foods gives the seeded foods that still have no label their label. Neither seeder creates
 * the other's items.
 */
export function assertSeedLocale(locale: string): void {
  if (!isSupportedSeedLocale(locale)) throw new HttpError(422, 'seeders.locale-is-not-supported', { locale });
}

/** The group's label ids by lower-cased name. */
async function groupLabelIds(db: Executor, groupId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('multi_purpose_labels').select(['id', 'name']).where('group_id', '=', groupId).execute();
  return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));
}

/** Label id in the group for each seed label key of the locale. */
async function labelIdsByKey(db: Executor, groupId: string, locale: string): Promise<Map<string, string>> {
  const byName = await groupLabelIds(db, groupId);
  const byKey = new Map<string, string>();
  for (const label of loadSeedLabels(locale)) {
    const id = byName.get(label.name.toLowerCase());
    if (id) byKey.set(label.key, id);
  }
  return byKey;
}

export async function seedLabels(db: Executor, groupId: string, locale: string): Promise<number> {
  const existing = await groupLabelIds(db, groupId);
  const now = nowIso();
  const rows = loadSeedLabels(locale)
    .filter((label) => !existing.has(label.name.toLowerCase()))
    .map((label) => ({ id: crypto.randomUUID(), group_id: groupId, name: label.name, color: label.color, created_at: now, update_at: now }));
  if (rows.length > 0) await db.insertInto('multi_purpose_labels').values(rows).execute();

  const labelByKey = await labelIdsByKey(db, groupId, locale);
  const foodNamesByLabel = new Map<string, string[]>();
  for (const food of loadSeedFoods(locale)) {
    const labelId = labelByKey.get(food.labelKey);
    if (labelId) foodNamesByLabel.set(labelId, [...(foodNamesByLabel.get(labelId) ?? []), normalizeText(food.name)]);
  }
  for (const [labelId, names] of foodNamesByLabel) {
    await db
      .updateTable('ingredient_foods')
      .set({ label_id: labelId })
      .where('group_id', '=', groupId)
      .where('label_id', 'is', null)
      .where('name_normalized', 'in', names)
      .execute();
  }
  return rows.length;
}

export async function seedUnits(db: Executor, groupId: string, locale: string): Promise<number> {
  const existingRows = await db.selectFrom('ingredient_units').select('name_normalized').where('group_id', '=', groupId).execute();
  const existing = new Set(existingRows.map((row) => row.name_normalized));
  const missing = loadSeedUnits(locale).filter((unit) => {
    const normalized = normalizeText(unit.name);
    if (!normalized || existing.has(normalized)) return false;
    existing.add(normalized);
    return true;
  });
  return (await insertUnits(db, groupId, missing)).length;
}

export async function seedFoods(db: Executor, groupId: string, locale: string): Promise<number> {
  const existingRows = await db.selectFrom('ingredient_foods').select('name_normalized').where('group_id', '=', groupId).execute();
  const existing = new Set(existingRows.map((row) => row.name_normalized));
  const labelByKey = await labelIdsByKey(db, groupId, locale);
  const missing = loadSeedFoods(locale).filter((food) => {
    const normalized = normalizeText(food.name);
    if (!normalized || existing.has(normalized)) return false;
    existing.add(normalized);
    return true;
  });
  const ids = await insertFoods(
    db,
    groupId,
    missing.map((food) => ({
      name: food.name,
      pluralName: food.pluralName,
      labelId: labelByKey.get(food.labelKey) ?? null,
      referenceFoodId: food.key ? (seedReference(food.key) ?? null) : null,
    })),
  );
  return ids.length;
}

const SEEDERS: Record<SeederKind, (db: Executor, groupId: string, locale: string) => Promise<number>> = {
  foods: seedFoods,
  units: seedUnits,
  labels: seedLabels,
};

/**
 * Seeds the given kinds for a group in one transaction (labels before foods, so foods get labels).
 * Also for registration with `seedData`. Returns how many items of each kind were added.
 */
export async function seedGroup(db: Kysely<Database>, groupId: string, locale: string, kinds: readonly SeederKind[]): Promise<Record<SeederKind, number>> {
  assertSeedLocale(locale);
  const ordered = (['labels', 'units', 'foods'] as const).filter((kind) => kinds.includes(kind));
  return db.transaction().execute(async (trx) => {
    const added: Record<SeederKind, number> = { foods: 0, units: 0, labels: 0 };
    for (const kind of ordered) added[kind] = await SEEDERS[kind](trx, groupId, locale);
    return added;
  });
}
