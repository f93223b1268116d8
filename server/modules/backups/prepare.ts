import crypto from 'node:crypto';
import { normalizeText, slugify } from '../../platform/slug.js';
import type { ColumnInfo, SchemaInfo, TableInfo } from './introspect.js';
import { nowIso } from '../../db/schema.js';
import { adaptMealieTables, dashedUuid, FOLDED_TABLES, type Row, type Tables } from './mealie.js';

/**
 * Turns a backup's database.json (Mealie's, of any revision, or Hearth's own) into the rows to load into
 * the live schema, table by table in dependency order: values converted to each column's type, columns the
 * backup lacks filled (group and household inherited from the row's parents, *_normalized computed,
 * positions numbered), rows whose parent is missing dropped (or their optional link cleared), duplicate
 * keys dropped. Everything it drops or skips is counted, so the restore can say what it did.
 */
export interface PreparedTable {
  table: TableInfo;
  rows: Row[];
}

export interface PrepareResult {
  tables: PreparedTable[];
  /** Per table: rows in the backup, rows loaded, rows dropped (missing parent / duplicate key). */
  counts: Record<string, { source: number; loaded: number; dropped: number }>;
  /** Backup tables with no table here. */
  skippedTables: string[];
}

const DATETIME_COLUMNS = new Set(['created_at', 'update_at', 'timestamp', 'locked_at', 'last_made', 'date_updated', 'expires_at', 'completed_date']);
const DATE_COLUMNS = new Set(['date', 'date_added']);
const NAIVE_DATETIME = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(\.\d+)?$/;
const ANY_DATETIME = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?$/;

/**
 * Whether a date or datetime text names a moment that exists ("2026-02-30" and "not a date" do not): the API
 * would serve it as it is, and clients parsing it fail.
 */
export function realDate(text: string, withTime: boolean): boolean {
  const m = ANY_DATETIME.exec(text);
  if (!m) return false;
  if (withTime && m[4] === undefined) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return false;
  return m[4] === undefined || (Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6] ?? 0) <= 59);
}

function isIdColumn(name: string): boolean {
  return name === 'id' || name.endsWith('_id');
}

/** Mealie's naive-UTC datetimes (microseconds, no offset) as Hearth's stored form, microseconds kept. */
function isoDatetime(value: string): string {
  const m = NAIVE_DATETIME.exec(value);
  if (!m) return value;
  const micros = (m[3] ?? '.').slice(1).padEnd(6, '0').slice(0, 6);
  return `${m[1]}T${m[2]}.${micros}Z`;
}

function convert(column: ColumnInfo, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  switch (column.kind) {
    case 'bool':
      if (typeof value === 'string') return value === 'true' || value === '1' || value === 't';
      return Boolean(value);
    case 'int': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? Math.trunc(n) : undefined;
    }
    case 'float': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case 'text': {
      let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
      // PostgreSQL refuses NUL in text (SQLite keeps it): dropped, so a SQLite backup restores anywhere.
      if (text.includes('\u0000')) text = text.split('\u0000').join('');
      if (isIdColumn(column.name)) text = dashedUuid(text) as string;
      else if (DATETIME_COLUMNS.has(column.name)) {
        text = isoDatetime(text.trim());
        if (!realDate(text, true)) return null; // an impossible datetime is no datetime (required ones: see below)
      } else if (DATE_COLUMNS.has(column.name)) {
        text = text.trim().slice(0, 10);
        if (!realDate(text, false)) return null;
      }
      return text;
    }
    default:
      return value;
  }
}

function filler(column: ColumnInfo): unknown {
  switch (column.kind) {
    case 'bool':
      return false;
    case 'int':
    case 'float':
      return 0;
    default:
      return '';
  }
}

/** The default household of each group: the first household of the group in the backup. */
function defaultHouseholds(prepared: Map<string, Row[]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const h of prepared.get('households') ?? []) {
    const group = String(h.group_id);
    if (!out.has(group)) out.set(group, String(h.id));
  }
  return out;
}

export function prepareRestore(database: Tables, schema: SchemaInfo): PrepareResult {
  const isHearth = Array.isArray(database.hearth_migrations);
  const source = isHearth ? database : adaptMealieTables(database);
  const prepared = new Map<string, Row[]>();
  const keySets = new Map<string, Set<string>>();
  const counts: PrepareResult['counts'] = {};
  const now = nowIso();
  let households = new Map<string, string>();
  let groupUsers = new Map<string, string>();

  for (const table of schema.tables) {
    const input = Array.isArray(source[table.name]) ? source[table.name] : [];
    const columns = new Map(table.columns.map((c) => [c.name, c]));
    const parentIndexes = table.foreignKeys.map((fk) => ({ fk, keys: keySets.get(`${fk.table}.${fk.refColumn}`), byKey: lazyIndex(prepared.get(fk.table), fk.refColumn) }));
    const positions = new Map<string, number>();
    const seen = new Set<string>();
    const out: Row[] = [];
    let dropped = 0;
    for (const raw of input) {
      const row: Row = {};
      for (const column of table.columns) {
        if (!(column.name in raw)) continue;
        const value = convert(column, raw[column.name]);
        if (value !== undefined) row[column.name] = value;
      }
      // Inherit group / household from a parent row (Mealie derives them through joins).
      for (const wanted of ['group_id', 'household_id']) {
        if (!columns.has(wanted) || row[wanted] !== undefined && row[wanted] !== null) continue;
        for (const { fk, byKey } of parentIndexes) {
          if (row[fk.column] === undefined || row[fk.column] === null) continue;
          const parent = byKey()?.get(String(row[fk.column]));
          if (parent && parent[wanted]) {
            row[wanted] = parent[wanted];
            break;
          }
        }
        if (wanted === 'household_id' && (row.household_id === undefined || row.household_id === null) && row.group_id) {
          const h = households.get(String(row.group_id));
          if (h) row.household_id = h;
        }
      }
      // A required owner that older revisions did not record (shopping lists, meal plans): the group's first admin.
      if (columns.get('user_id')?.notNull && (row.user_id === undefined || row.user_id === null) && row.group_id && table.name !== 'users') {
        const owner = groupUsers.get(String(row.group_id));
        if (owner) row.user_id = owner;
      }
      // A required date that is missing or impossible (a meal plan's day): the row cannot be kept.
      let orphan = table.columns.some((c) => c.notNull && DATE_COLUMNS.has(c.name) && c.name in raw && (row[c.name] === null || row[c.name] === undefined));
      fillMissing(table, row, columns, positions, now);
      // Links to rows that are not there: clear an optional one, drop the row for a required one.
      for (const { fk, keys } of parentIndexes) {
        const value = row[fk.column];
        if (value === undefined || value === null || !keys || keys.has(String(value))) continue;
        if (columns.get(fk.column)?.notNull) {
          orphan = true;
          break;
        }
        row[fk.column] = null;
      }
      const pk = table.primaryKey.map((c) => String(row[c] ?? '')).join('|');
      if (orphan || (table.primaryKey.length > 0 && !table.columns.find((c) => c.name === table.primaryKey[0])?.autoNumber && seen.has(pk))) {
        dropped += 1;
        continue;
      }
      if (table.primaryKey.length > 0) seen.add(pk);
      out.push(row);
    }
    prepared.set(table.name, out);
    for (const column of new Set([...table.primaryKey, 'id', ...columnsReferencedBy(schema, table.name)])) {
      if (!columns.has(column)) continue;
      keySets.set(`${table.name}.${column}`, new Set(out.map((r) => String(r[column]))));
    }
    if (table.name === 'households') households = defaultHouseholds(prepared);
    if (table.name === 'users') groupUsers = firstUsers(out);
    counts[table.name] = { source: input.length, loaded: out.length, dropped };
  }

  const known = new Set([...schema.tables.map((t) => t.name), ...FOLDED_TABLES, 'hearth_migrations']);
  const skippedTables = Object.entries(database)
    .filter(([name, list]) => !known.has(name) && Array.isArray(list) && list.length > 0)
    .map(([name]) => name)
    .sort();
  return { tables: schema.tables.map((table) => ({ table, rows: prepared.get(table.name) ?? [] })), counts, skippedTables };
}

/** Each group's first admin (else first user), in backup order. */
function firstUsers(users: Row[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const admin of [true, false]) {
    for (const u of users) if (Boolean(u.admin) === admin && !out.has(String(u.group_id))) out.set(String(u.group_id), String(u.id));
  }
  return out;
}

/** A parent table's rows by one column, built the first time a child needs it. */
function lazyIndex(rows: Row[] | undefined, column: string): () => Map<string, Row> | undefined {
  let index: Map<string, Row> | undefined;
  return () => {
    if (!rows) return undefined;
    if (!index) index = new Map(rows.map((r) => [String(r[column]), r]));
    return index;
  };
}

function columnsReferencedBy(schema: SchemaInfo, table: string): string[] {
  const out: string[] = [];
  for (const t of schema.tables) for (const fk of t.foreignKeys) if (fk.table === table) out.push(fk.refColumn);
  return out;
}

function fillMissing(table: TableInfo, row: Row, columns: Map<string, ColumnInfo>, positions: Map<string, number>, now: string): void {
  for (const column of table.columns) {
    if (row[column.name] !== undefined && row[column.name] !== null) continue;
    const name = column.name;
    if (name.endsWith('_normalized')) {
      const base = row[name.slice(0, -'_normalized'.length)];
      row[name] = normalizeText(typeof base === 'string' ? base : '');
      continue;
    }
    if (name === 'slug' && typeof row.name === 'string') {
      row.slug = slugify(row.name);
      continue;
    }
    if (name === 'position') {
      // Numbered in backup order within the parent (notes of a recipe, entries of a report).
      const parentKey = table.foreignKeys[0] ? String(row[table.foreignKeys[0].column] ?? '') : '';
      const next = positions.get(parentKey) ?? 0;
      positions.set(parentKey, next + 1);
      row.position = next;
      continue;
    }
    if ((name === 'created_at' || name === 'update_at') && column.kind === 'text') {
      row[name] = row.created_at ?? row.update_at ?? now;
      continue;
    }
    if (DATETIME_COLUMNS.has(name) && column.notNull && column.kind === 'text') {
      row[name] = row.created_at ?? now; // a required moment that was impossible (a timeline event's timestamp)
      continue;
    }
    if (row[name] === null && !column.notNull) continue;
    if (column.autoNumber) continue;
    if (name === 'id' && column.kind === 'text') {
      row.id = crypto.randomUUID();
      continue;
    }
    if (name === 'cache_key') {
      row.cache_key = crypto.randomBytes(2).toString('hex');
      continue;
    }
    if (!column.notNull) continue;
    if (column.hasDefault) {
      delete row[name];
      continue;
    }
    row[name] = filler(column);
  }
  void columns;
}
