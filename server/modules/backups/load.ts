import { sql } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import { HttpError } from '../../platform/errors.js';
import type { PreparedTable } from './prepare.js';
import type { AnyDb } from '../../db/any-db.js';


/** Bound parameters per INSERT, below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

/**
 * Replaces every data table's rows with the prepared ones inside ONE transaction: children emptied before
 * parents, parents loaded before children, integer sequences moved past the loaded ids, and every table's
 * count checked before commit. Any failure rolls the whole thing back, so the live data is either the
 * backup's, entirely, or untouched. The search index is emptied in the same transaction (rebuilt after).
 */
export async function replaceAllRows(db: AnyDb, engine: DbEngine, tables: PreparedTable[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (engine === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
    if (engine === 'postgres') {
      // One statement empties them all, whatever their links; only current_schema()'s tables are named.
      const names = [...tables.map((t) => sql.id(t.table.name)), sql.id('recipe_search_documents'), sql.id('recipe_search_words')];
      await sql`truncate table ${sql.join(names)}`.execute(trx);
    } else {
      for (const { table } of [...tables].reverse()) await sql`delete from ${sql.id(table.name)}`.execute(trx);
      await sql`insert into recipe_search_fts (recipe_search_fts) values ('delete-all')`.execute(trx);
      await sql`delete from recipe_search_docs`.execute(trx);
    }
    await sql`delete from recipe_search_term_variants`.execute(trx);
    await sql`delete from recipe_search_terms`.execute(trx);

    for (const { table, rows } of tables) {
      if (rows.length === 0) continue;
      // Rows of one table may carry different column sets (an auto-numbered id given or not): group them.
      const groups = new Map<string, Record<string, unknown>[]>();
      for (const row of rows) {
        const key = Object.keys(row).sort().join(',');
        let list = groups.get(key);
        if (!list) groups.set(key, (list = []));
        list.push(row);
      }
      for (const [key, list] of groups) {
        const width = Math.max(1, key.split(',').length);
        const batch = Math.max(1, Math.floor(MAX_PARAMS / width));
        for (let i = 0; i < list.length; i += batch) {
          try {
            await trx.insertInto(table.name).values(list.slice(i, i + batch)).execute();
          } catch (error) {
            throw new HttpError(400, 'backups.restore-failed-a-row-of-could-not', { name: table.name, reason: (error as Error).message });
          }
        }
      }
    }

    if (engine === 'postgres') {
      for (const { table } of tables) {
        for (const column of table.columns.filter((c) => c.autoNumber)) {
          await sql`select setval(pg_get_serial_sequence(${table.name}, ${column.name}), coalesce((select max(${sql.id(column.name)}) from ${sql.id(table.name)}), 0) + 1, false)`.execute(trx);
        }
      }
    }

    // The check: every table holds exactly what was prepared for it.
    for (const { table, rows } of tables) {
      const result = await sql<{ n: number }>`select count(*) as n from ${sql.id(table.name)}`.execute(trx);
      const n = Number(result.rows[0]?.n ?? 0);
      if (n !== rows.length) throw new HttpError(500, 'backups.restore-failed-holds-rows-after-loading', { name: table.name, n, length: rows.length });
    }
    if (engine === 'sqlite') {
      const broken = await sql<{ table: string }>`select "table" from pragma_foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new HttpError(400, 'backups.restore-failed-has-rows-whose-linked-row', { value: broken.rows[0].table });
    }
  });
}
