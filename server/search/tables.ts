import type { Expression, Generated, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { DbEngine } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/** Tables of migration 0003_search; only this module reads or writes them. */
export type SearchTables = {
  recipe_search_terms: { term: string };
  recipe_search_term_variants: { variant: string; term: string };
  /** SQLite only. */
  recipe_search_docs: { doc_id: Generated<number>; recipe_id: string; group_id: string; name_sort: string; created_at: string };
  /** SQLite only (FTS5, contentless: columns can be written and matched, not read back). */
  recipe_search_fts: {
    rowid: number;
    name: string;
    description: string;
    organizers: string;
    ingredients: string;
    instructions: string;
    scope: string;
  };
  /** PostgreSQL only: the page keys and the words of the first two tiers. */
  recipe_search_documents: { recipe_id: string; group_id: string; name_sort: string; created_at: string; name_terms: string; top_terms: string };
  /** PostgreSQL only: every field's words, weighted (migration 0018: a narrow heap, so a count reads little). */
  recipe_search_words: { recipe_id: string; group_id: string; document: string };
};

/** What search needs of the app's Deps; a transaction may stand in for `db`. */
export interface SearchDeps {
  db: Kysely<Database>;
  engine: DbEngine;
}

export type SearchDb = Kysely<Database & SearchTables>;

export function searchDb(db: Kysely<Database>): SearchDb {
  return db.withTables<SearchTables>();
}

/** `column IN (values)` with the list bound as ONE parameter, so a batch never hits a bound-parameter limit. */
export function inList(engine: DbEngine, column: string, values: readonly string[]): Expression<SqlBool> {
  if (engine === 'postgres') return sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::text[])`;
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}

/** Runs `work` in a transaction, or directly when `db` already is one (a caller's transaction). */
export async function inTransaction<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx) => work(trx));
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
