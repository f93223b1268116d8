import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FoodRefInput, OrganizerRefInput, UnitRefInput } from '../../../contract/recipes.js';
import type { DbEngine } from '../../db/connect.js';
import { nowIso } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { normalizeText, slugify } from '../../platform/slug.js';
import { insertFoods } from '../foods/service.js';
import { insertUnits } from '../units/service.js';
import { inIds, type Executor } from './sql.js';

/*
 * Turning the organizers, foods and units named in a recipe payload into row ids of the caller's group.
 * An id must be one of the group's; a reference without a known id is matched by slug or name and created
 * when the group has none. Each kind costs a fixed number of queries, whatever the payload's size.
 */

export type OrganizerTable = 'categories' | 'tags' | 'tools';
const NOUN: Record<OrganizerTable, string> = { categories: 'category', tags: 'tag', tools: 'tool' };

interface Scope {
  db: Executor;
  engine: DbEngine;
  groupId: string;
}

async function idsInGroup(scope: Scope, table: OrganizerTable | 'ingredient_foods' | 'ingredient_units' | 'multi_purpose_labels', ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await scope.db
    .selectFrom(table)
    .select('id')
    .where('group_id', '=', scope.groupId)
    .where(inIds(scope.engine, 'id', ids))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The ids of the referenced organizers, in payload order without repeats; unknown names are created. */
export async function resolveOrganizers(scope: Scope, table: OrganizerTable, refs: readonly OrganizerRefInput[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const known = await idsInGroup(scope, table, refs.flatMap((r) => (r.id ? [r.id] : [])));
  const wantedSlug = (ref: OrganizerRefInput) => slugify(ref.slug || ref.name || '');
  const byName = refs.filter((ref) => !(ref.id && known.has(ref.id)));
  for (const ref of byName) {
    if (!ref.name && !ref.slug) throw badRequest('recipes.unknown-id', { value: NOUN[table], id: ref.id });
  }
  const slugs = [...new Set(byName.map(wantedSlug))];
  const names = [...new Set(byName.flatMap((ref) => (ref.name ? [ref.name.toLowerCase()] : [])))];
  const existing = byName.length
    ? await scope.db
        .selectFrom(table)
        .select(['id', 'name', 'slug'])
        .where('group_id', '=', scope.groupId)
        .where((eb) => eb.or([inIds(scope.engine, 'slug', slugs), eb(sql<string>`lower(name)`, 'in', names.length ? names : [''])]))
        .execute()
    : [];
  const bySlug = new Map(existing.map((row) => [row.slug, row.id]));
  const byLowerName = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));

  const now = nowIso();
  const ids: string[] = [];
  for (const ref of refs) {
    let id = ref.id && known.has(ref.id) ? ref.id : undefined;
    if (!id) {
      const slug = wantedSlug(ref);
      id = bySlug.get(slug) ?? (ref.name ? byLowerName.get(ref.name.toLowerCase()) : undefined);
      if (!id) {
        id = crypto.randomUUID();
        const row = { id, group_id: scope.groupId, name: ref.name || ref.slug || slug, slug, created_at: now, update_at: now };
        if (table === 'tools') await scope.db.insertInto('tools').values({ ...row, on_hand: false }).execute();
        else await scope.db.insertInto(table).values(row).execute();
        bySlug.set(slug, id);
        if (ref.name) byLowerName.set(ref.name.toLowerCase(), id);
      }
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Resolves ingredient foods; the result maps each input object to its food id. */
export async function resolveFoods(scope: Scope, refs: readonly FoodRefInput[]): Promise<Map<FoodRefInput, string>> {
  const out = new Map<FoodRefInput, string>();
  if (refs.length === 0) return out;
  const known = await idsInGroup(scope, 'ingredient_foods', refs.flatMap((r) => (r.id ? [r.id] : [])));
  const byName = refs.filter((ref) => !(ref.id && known.has(ref.id)));
  const keys = [...new Set(byName.map((ref) => normalizeText(ref.name)))];
  for (const ref of byName) if (!ref.name) throw badRequest('recipes.unknown-food-id', { id: ref.id });
  const existing = keys.length
    ? await scope.db
        .selectFrom('ingredient_foods')
        .select(['id', 'name_normalized', 'plural_name_normalized'])
        .where('group_id', '=', scope.groupId)
        .where((eb) => eb.or([inIds(scope.engine, 'name_normalized', keys), inIds(scope.engine, 'plural_name_normalized', keys)]))
        .orderBy('created_at')
        .execute()
    : [];
  const match = new Map<string, string>();
  for (const row of existing) if (!match.has(row.plural_name_normalized)) match.set(row.plural_name_normalized, row.id);
  for (const row of existing) match.set(row.name_normalized, row.id);
  const labels = await idsInGroup(scope, 'multi_purpose_labels', byName.flatMap((r) => (r.labelId ? [r.labelId] : [])));

  for (const ref of refs) {
    if (ref.id && known.has(ref.id)) {
      out.set(ref, ref.id);
      continue;
    }
    const key = normalizeText(ref.name);
    let id = match.get(key);
    if (!id) {
      [id] = await insertFoods(scope.db, scope.groupId, [
        { name: ref.name ?? '', pluralName: ref.pluralName, description: ref.description, labelId: ref.labelId && labels.has(ref.labelId) ? ref.labelId : null },
      ]);
      match.set(key, id);
    }
    out.set(ref, id);
  }
  return out;
}

/** Resolves ingredient units by id, else by name, plural name or abbreviation; unknown names are created. */
export async function resolveUnits(scope: Scope, refs: readonly UnitRefInput[]): Promise<Map<UnitRefInput, string>> {
  const out = new Map<UnitRefInput, string>();
  if (refs.length === 0) return out;
  const known = await idsInGroup(scope, 'ingredient_units', refs.flatMap((r) => (r.id ? [r.id] : [])));
  const byName = refs.filter((ref) => !(ref.id && known.has(ref.id)));
  for (const ref of byName) if (!ref.name) throw badRequest('recipes.unknown-unit-id', { id: ref.id });
  const keys = [...new Set(byName.map((ref) => normalizeText(ref.name)))];
  const existing = keys.length
    ? await scope.db
        .selectFrom('ingredient_units')
        .select(['id', 'name_normalized', 'plural_name_normalized', 'abbreviation_normalized'])
        .where('group_id', '=', scope.groupId)
        .where((eb) =>
          eb.or([
            inIds(scope.engine, 'name_normalized', keys),
            inIds(scope.engine, 'plural_name_normalized', keys),
            inIds(scope.engine, 'abbreviation_normalized', keys),
          ]),
        )
        .orderBy('created_at')
        .execute()
    : [];
  // A name match beats a plural match, which beats an abbreviation match.
  const match = new Map<string, string>();
  for (const column of ['abbreviation_normalized', 'plural_name_normalized', 'name_normalized'] as const) {
    for (const row of existing) if (row[column]) match.set(row[column], row.id);
  }

  for (const ref of refs) {
    if (ref.id && known.has(ref.id)) {
      out.set(ref, ref.id);
      continue;
    }
    const key = normalizeText(ref.name);
    let id = match.get(key);
    if (!id) {
      [id] = await insertUnits(scope.db, scope.groupId, [
        {
          name: ref.name ?? '',
          pluralName: ref.pluralName,
          description: ref.description,
          abbreviation: ref.abbreviation,
          pluralAbbreviation: ref.pluralAbbreviation,
          useAbbreviation: ref.useAbbreviation ?? undefined,
          fraction: ref.fraction ?? undefined,
        },
      ]);
      match.set(key, id);
    }
    out.set(ref, id);
  }
  return out;
}
