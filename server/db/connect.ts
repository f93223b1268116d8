import fs from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './schema.js';
import { countQuery } from './query-count.js';
import { lazyRequire, loadPg } from '../lazy.js';
import { isConnectionLost } from './connection-lost.js';
import { keepsPlan, statementName } from './prepared.js';

export type DbEngine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  engine: DbEngine;
  close(): Promise<void>;
  /**
   * Runs start-up work that reads much of the database with SQLite's page cache held small, then hands the
   * cache's memory back: the search index check reads ~10 MB of index pages at 100,000 recipes, and a full
   * cache freed afterwards still left ~8 MiB resident in a fragmented heap.
   */
  leanStartUp<T>(work: () => Promise<T>): Promise<T>;
  /** PostgreSQL: the pool's connections (for /api/app/metrics); SQLite has one connection and none. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

// Each driver is required only when its engine is used: a SQLite install never pays pg's ~16 MiB, nor a
// PostgreSQL one better-sqlite3's native library.
const loadSqlite = lazyRequire<typeof SqliteDatabase>('better-sqlite3');
let pgReady: typeof pg | undefined;
function pgModule(): typeof pg {
  if (pgReady) return pgReady;
  const module = loadPg();
  // pg returns bigint/numeric as strings by default; counts and sums are small enough for JS numbers.
  module.types.setTypeParser(20, (v) => Number(v));
  module.types.setTypeParser(1700, (v) => Number(v));
  return (pgReady = module);
}

/** better-sqlite3 refuses JS booleans as parameters; store them as 1/0 like SQLite itself does. */
function sqliteParam(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

const STATEMENT_CACHE_SIZE = 500;

type RowBuilder = ((values: unknown[]) => Record<string, unknown>) & { width: number };

/**
 * Builds a statement's row objects in JS from better-sqlite3's raw value arrays. better-sqlite3 sets each
 * column on a fresh object one property at a time; an object literal of fixed shape costs about half, and a
 * list page reads ~1,000 values. Same result: later columns of the same name win. A column named `__proto__`
 * gets a computed key, so it is a plain property and never the object's prototype.
 */
function rowBuilder(stmt: SqliteDatabase.Statement): RowBuilder | null {
  if (!stmt.reader) return null;
  const names = stmt.columns().map((column) => column.name);
  stmt.raw(true);
  const build = new Function('v', `return {${names.map((name, i) => `${name === '__proto__' ? '["__proto__"]' : JSON.stringify(name)}: v[${i}]`).join(', ')}};`) as RowBuilder;
  return Object.assign(build, { width: names.length });
}

interface CachedStatement {
  stmt: SqliteDatabase.Statement;
  toRow: RowBuilder | null;
}

/** A row of a reader statement. Another process may have changed the schema under it: rebuilt for its new columns. */
function rowOf(cached: CachedStatement, values: unknown[]): Record<string, unknown> {
  if (values.length !== cached.toRow!.width) cached.toRow = rowBuilder(cached.stmt);
  return cached.toRow!(values);
}

/** A schema change re-prepares statements inside SQLite, so their columns may no longer be the ones built for. */
const CHANGES_SCHEMA = /^\s*(create|alter|drop)\b/i;

/** The part of better-sqlite3 that Kysely uses, with boolean parameters converted. */
function wrapSqlite(database: SqliteDatabase.Database) {
  // Kysely prepares every query anew and better-sqlite3 frees a native statement only when it is
  // garbage-collected, which let RSS climb to ~450 MiB under load; reusing statements keeps it flat.
  const statements = new Map<string, CachedStatement>();
  const prepareNew = (sql: string): CachedStatement => {
    const stmt = database.prepare(sql);
    return { stmt, toRow: rowBuilder(stmt) };
  };
  const cachedStatement = (sql: string): CachedStatement => {
    const hit = statements.get(sql);
    // A statement still being iterated cannot run again; such a caller gets a fresh one.
    if (hit && !hit.stmt.busy) {
      statements.delete(sql);
      statements.set(sql, hit); // most recently used last
      return hit;
    }
    if (hit) return prepareNew(sql);
    const prepared = prepareNew(sql);
    statements.set(sql, prepared);
    if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    return prepared;
  };
  const convert = (args: unknown[]) =>
    args.map((arg) => (Array.isArray(arg) ? arg.map(sqliteParam) : sqliteParam(arg)));
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string) {
      const cached = cachedStatement(sql);
      const { stmt } = cached;
      return {
        get reader() {
          return stmt.reader;
        },
        all: (...args: unknown[]) => {
          const rows = stmt.all(...convert(args));
          return cached.toRow ? (rows as unknown[][]).map((values) => rowOf(cached, values)) : rows;
        },
        run: (...args: unknown[]) => {
          const result = stmt.run(...convert(args));
          if (CHANGES_SCHEMA.test(sql)) statements.clear();
          return result;
        },
        *iterate(...args: unknown[]) {
          for (const row of stmt.iterate(...convert(args))) yield cached.toRow ? rowOf(cached, row as unknown[]) : row;
        },
      };
    },
  };
}

/** Negative: KiB. 16 MB while serving; 1 MB while start-up checks scan. */
const SQLITE_CACHE_KIB = -16000;
const SQLITE_START_UP_CACHE_KIB = -1024;

export function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new (loadSqlite())(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma(`cache_size = ${SQLITE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: wrapSqlite(raw) }), log: countQuery });
  const leanStartUp = async <T>(work: () => Promise<T>) => {
    raw.pragma(`cache_size = ${SQLITE_START_UP_CACHE_KIB}`);
    try {
      return await work();
    } finally {
      raw.pragma(`cache_size = ${SQLITE_CACHE_KIB}`);
      raw.pragma('shrink_memory');
    }
  };
  return { db, engine: 'sqlite', close: () => db.destroy(), leanStartUp };
}

export function openPostgres(url: string): DbHandle {
  // random_page_cost 1.1 (SSD, data in cache) instead of 4: at 4 the planner counts a broad search by
  // reading the whole search table, de-TOASTing every tsvector (~12× slower than the GIN bitmap it then
  // rejects, since it does not price the de-TOAST). A URL's own `options` win.
  const pool = new (pgModule().Pool)({ connectionString: url, max: 10, options: '-c random_page_cost=1.1' });
  // An idle connection the server drops (restart, DROP DATABASE ... FORCE) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', () => undefined);
  // A connection dropped while a request holds it (pg_terminate_backend, failover, a proxy's timeout) makes
  // the client emit 'error' with no listener attached — pg-pool only listens on idle clients — which would
  // crash the process. Its queries are already rejected (the request answers 503, see errors.ts) and the
  // pool discards the dead client when it is released, so the event itself needs nothing more.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: retryingPool(pool) }), log: countQuery });
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, engine: 'postgres', close: () => db.destroy(), leanStartUp: (work) => work(), poolStats };
}

/** Statements that may run again on a fresh connection: nothing of theirs can have taken effect. */
const SAFE_TO_RETRY = /^\s*(select|begin)\b/i;

/**
 * The pool Kysely uses, with one difference: when the FIRST statement of a checkout fails because the
 * connection was already dead (an idle connection the server dropped, whose 'error' event has not arrived yet)
 * and that statement is a read or a BEGIN, it runs again on a fresh connection. Reads and whole transactions
 * are thereby retried transparently; a write that may have reached the server is never repeated.
 */
function retryingPool(pool: pg.Pool): PostgresPool {
  return {
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      let client = await pool.connect();
      let first = true;
      const query = async (text: string, params: ReadonlyArray<unknown>) => {
        const attempts = first && SAFE_TO_RETRY.test(text) ? 1 + Math.max(1, pool.options.max ?? 10) : 1;
        first = false;
        for (let attempt = 1; ; attempt += 1) {
          try {
            const name = keepsPlan(text) ? statementName(text) : undefined;
            if (name) return await client.query({ name, text, values: params as unknown[] });
            return await client.query(text, params as unknown[]);
          } catch (err) {
            if (attempt >= attempts || !isConnectionLost(err)) throw err;
            client.release(err as Error);
            client = await pool.connect();
          }
        }
      };
      return {
        query: ((textOrCursor: unknown, params?: ReadonlyArray<unknown>) => {
          if (typeof textOrCursor !== 'string') {
            first = false;
            return client.query(textOrCursor as never);
          }
          return query(textOrCursor, params ?? []);
        }) as unknown as PostgresPoolClient["query"],
        release: () => client.release(),
      };
    },
  };
}

export function openDatabase(config: Config): DbHandle {
  if (config.db.engine === 'postgres') return openPostgres(config.db.url);
  return openSqlite(path.join(config.dataDir, 'hearth.db'));
}

