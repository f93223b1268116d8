import { sql } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import type { AnyDb } from '../../db/any-db.js';

/**
 * What a backup needs to know about the live schema, read from the database itself (so tables that other
 * areas add later are backed up and restored without this module knowing them): each table's columns with
 * a coarse type, its primary key and its foreign keys, and an order in which parents come before children.
 * On PostgreSQL only tables of current_schema() count (pg-boss keeps its own in `pgboss`).
 */
export type ColumnKind = 'text' | 'int' | 'float' | 'bool' | 'other';

export interface ColumnInfo {
  name: string;
  kind: ColumnKind;
  notNull: boolean;
  hasDefault: boolean;
  /** An integer key the database numbers itself (serial / INTEGER PRIMARY KEY). */
  autoNumber: boolean;
}

export interface ForeignKey {
  column: string;
  table: string;
  refColumn: string;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}

export interface SchemaInfo {
  /** Data tables in dependency order (parents first). */
  tables: TableInfo[];
  byName: Map<string, TableInfo>;
}

/**
 * Tables that are not the instance's data: the migration ledger, the search index (rebuilt from the
 * recipes after a restore), the platform's delivery machinery and this module's own schedule state.
 */
const OPERATIONAL = [/^hearth_/, /^recipe_search_/, /^sqlite_/, /^kysely_/, /^event_outbox/, /^outbox/, /^jobs?$/, /^job_/, /^schedule_runs?$/, /^backup_schedule/, /^backup_verifications$/];

export function isOperationalTable(name: string): boolean {
  return OPERATIONAL.some((pattern) => pattern.test(name));
}

function kindOf(type: string): ColumnKind {
  const t = type.toLowerCase();
  if (t.includes('bool')) return 'bool';
  if (t.includes('int') || t === 'serial' || t === 'bigserial') return 'int';
  if (t.includes('real') || t.includes('double') || t.includes('float') || t.includes('numeric')) return 'float';
  if (t.includes('text') || t.includes('char') || t === '') return 'text';
  return 'other';
}


async function sqliteTables(db: AnyDb): Promise<TableInfo[]> {
  const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  const out: TableInfo[] = [];
  for (const { name } of names.rows) {
    if (isOperationalTable(name)) continue;
    const cols = await sql<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }>`select * from pragma_table_info(${name})`.execute(db);
    const fks = await sql<{ table: string; from: string; to: string | null }>`select * from pragma_foreign_key_list(${name})`.execute(db);
    const pkCols = cols.rows.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    out.push({
      name,
      columns: cols.rows.map((c) => ({
        name: c.name,
        kind: kindOf(c.type),
        notNull: c.notnull === 1 || c.pk > 0,
        hasDefault: c.dflt_value !== null,
        autoNumber: pkCols.length === 1 && c.pk === 1 && c.type.toLowerCase() === 'integer',
      })),
      primaryKey: pkCols.map((c) => c.name),
      foreignKeys: fks.rows.map((f) => ({ column: f.from, table: f.table, refColumn: f.to ?? 'id' })),
    });
  }
  return out;
}

async function postgresTables(db: AnyDb): Promise<TableInfo[]> {
  const cols = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema()
    order by c.table_name, c.ordinal_position`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string; contype: string; ref_table: string | null; ref_column: string | null; position: number }>`
    select cl.relname as table_name, att.attname as column_name, con.contype, ref.relname as ref_table, ratt.attname as ref_column, k.ord as position
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    cross join lateral unnest(con.conkey, coalesce(con.confkey, con.conkey)) with ordinality as k(a, r, ord)
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = k.a
    left join pg_class ref on ref.oid = con.confrelid
    left join pg_attribute ratt on ratt.attrelid = con.confrelid and ratt.attnum = k.r
    where n.nspname = current_schema() and con.contype in ('p', 'f')
    order by cl.relname, con.conname, k.ord`.execute(db);
  const tables = new Map<string, TableInfo>();
  for (const c of cols.rows) {
    if (isOperationalTable(c.table_name)) continue;
    let table = tables.get(c.table_name);
    if (!table) tables.set(c.table_name, (table = { name: c.table_name, columns: [], primaryKey: [], foreignKeys: [] }));
    table.columns.push({
      name: c.column_name,
      kind: kindOf(c.data_type),
      notNull: c.is_nullable === 'NO',
      hasDefault: c.column_default !== null,
      autoNumber: (c.column_default ?? '').startsWith('nextval('),
    });
  }
  for (const k of keys.rows) {
    const table = tables.get(k.table_name);
    if (!table) continue;
    if (k.contype === 'p') table.primaryKey.push(k.column_name);
    else if (k.ref_table && k.ref_column) table.foreignKeys.push({ column: k.column_name, table: k.ref_table, refColumn: k.ref_column });
  }
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Parents before children; a cycle (or a self reference) is broken where it is met. */
function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (table: TableInfo) => {
    if (done.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const fk of table.foreignKeys) {
      const parent = byName.get(fk.table);
      if (parent && parent.name !== table.name) visit(parent);
    }
    visiting.delete(table.name);
    done.add(table.name);
    out.push(table);
  };
  for (const table of tables) visit(table);
  return out;
}

export async function readSchema(db: AnyDb, engine: DbEngine): Promise<SchemaInfo> {
  const raw = engine === 'postgres' ? await postgresTables(db) : await sqliteTables(db);
  // Virtual-table shadow tables and the like have no columns we can write; keep real tables only.
  const tables = dependencyOrder(raw.filter((t) => t.columns.length > 0));
  return { tables, byName: new Map(tables.map((t) => [t.name, t])) };
}
