import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DbEngine } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * `column IN (ids)` bound as ONE parameter (a JSON array on SQLite, a text[] on PostgreSQL), so a page of
 * any size, even perPage=-1 over 100k recipes, stays one query under SQLite's bound-parameter limit.
 */
export function inIds(engine: DbEngine, column: string, ids: readonly string[]): Expression<SqlBool> {
  if (engine === 'postgres') return sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::text[])`;
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * Which recipes a child query (ingredients, steps, organizers…) reads, as a condition on its recipe-id
 * column: a list of ids, or the recipe row of an enclosing query (one statement for a whole recipe).
 */
export type RecipeMatch = (column: string) => Expression<SqlBool>;

export function recipeIdsIn(engine: DbEngine, ids: readonly string[]): RecipeMatch {
  return (column) => inIds(engine, column, ids);
}

export function sameRecipeAs(outerIdColumn: string): RecipeMatch {
  return (column) => sql<SqlBool>`${sql.ref(column)} = ${sql.ref(outerIdColumn)}`;
}

/**
 * A constant `kind` column naming the arm of a UNION ALL, inlined (not bound) so PostgreSQL types it as
 * text in every arm.
 */
export function kind(name: string) {
  return sql<string>`${sql.lit(name)}`.as('kind');
}

/** A unique or primary-key violation on either engine (a concurrent writer took the same slug or id). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Groups rows by a key, keeping their order. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
