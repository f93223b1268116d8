import type { CreateTableBuilder } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from '../any-db.js';

export type Engine = 'sqlite' | 'postgres';

/** An integer primary key that the database numbers itself, on both dialects. */
export function autoId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function timestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('update_at', 'text', (c) => c.notNull());
}

/** A floating point column: SQLite's REAL, PostgreSQL's double precision. */
export function floatType(engine: Engine) {
  return engine === 'postgres' ? sql`double precision` : sql`real`;
}

export type { AnyDb };
