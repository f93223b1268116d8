import type { AnyDb, Engine } from './helpers.js';

/**
 * One food and one unit of a (normalized) name per group, enforced by the database: concurrent creates
 * used to slip past the application's check. Existing duplicates (from before) are renamed "name (2)",
 * "name (3)"… so that the index can be built and nothing is lost; they can be merged in the data pages.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  for (const table of ['ingredient_foods', 'ingredient_units']) {
    const rows: Array<{ id: string; group_id: string; name: string; name_normalized: string }> = await db
      .selectFrom(table)
      .select(['id', 'group_id', 'name', 'name_normalized'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const taken = new Set(rows.map((r) => `${r.group_id}\u0001${r.name_normalized}`));
    const seen = new Set<string>();
    for (const row of rows) {
      const key = `${row.group_id}\u0001${row.name_normalized}`;
      if (!seen.has(key)) {
        seen.add(key);
        continue;
      }
      let n = 2;
      while (taken.has(`${row.group_id}\u0001${row.name_normalized} (${n})`)) n += 1;
      const suffix = ` (${n})`;
      taken.add(`${row.group_id}\u0001${row.name_normalized}${suffix}`);
      await db.updateTable(table).set({ name: `${row.name}${suffix}`, name_normalized: `${row.name_normalized}${suffix}` }).where('id', '=', row.id).execute();
    }
    await db.schema.createIndex(`${table}_group_name_unique`).on(table).columns(['group_id', 'name_normalized']).unique().execute();
    // The unique index serves every lookup the plain one did.
    await db.schema.dropIndex(`${table}_group_idx`).execute();
  }
}
