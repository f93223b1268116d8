import { sql } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import type { SchemaInfo, TableInfo } from './introspect.js';
import type { AnyDb } from '../../db/any-db.js';


/** Mealie's Alembic head at the time of the reference: what a Mealie reading this backup expects. */
export const MEALIE_HEAD_REVISION = '3897397b4631';

const PAGE = 2_000;

function encode(table: TableInfo, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of table.columns) {
    const value = row[column.name];
    out[column.name] = column.kind === 'bool' && value !== null && value !== undefined ? value === true || value === 1 : value ?? null;
  }
  return out;
}

/**
 * database.json for a Hearth backup, as a stream of text: Mealie's layout (one key per table, raw column
 * names, booleans as true/false, `alembic_version`), every data table of the live schema in dependency
 * order, read a page at a time in primary-key order (constant memory), and `hearth_migrations`, which
 * says which Hearth schema wrote it.
 */
export async function* databaseJson(db: AnyDb, engine: DbEngine, schema: SchemaInfo, counts: Record<string, number> = {}): AsyncGenerator<string> {
  yield `{"alembic_version":[{"version_num":"${MEALIE_HEAD_REVISION}"}]`;
  const migrations = await db.selectFrom('hearth_migrations').select(['name', 'applied_at']).orderBy('name').execute();
  yield `,"hearth_migrations":${JSON.stringify(migrations)}`;
  for (const table of schema.tables) {
    yield `,${JSON.stringify(table.name)}:[`;
    const order = table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((c) => c.name);
    let first = true;
    counts[table.name] = 0;
    for (let offset = 0; ; offset += PAGE) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.id(table.name)} order by ${sql.join(order.map((c) => sql.id(c)))} limit ${PAGE} offset ${offset}`.execute(db);
      for (const row of rows.rows) {
        yield `${first ? '' : ','}${JSON.stringify(encode(table, row))}`;
        first = false;
        counts[table.name] += 1;
      }
      if (rows.rows.length < PAGE) break;
    }
    yield ']';
  }
  yield '}';
  void engine;
}
