import { sql, type CompiledQuery, type Compilable, type Expression, type Kysely, type QueryResult } from 'kysely';

const KEEP_PLAN_MARK = '/* keep plan */';

/**
 * Marks a hot statement whose planning costs more than its execution (a recipe with all its children is
 * planned in ~1.4 ms and runs in ~0.2 ms): on PostgreSQL it becomes a named prepared statement, so each
 * connection parses it once and the server can reuse its plan. Only statements of a fixed shape may be
 * marked, since every connection keeps each one for its lifetime. SQLite already reuses its statements.
 */
export function keepPlan<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(KEEP_PLAN_MARK));
}

export function keepsPlan(text: string): boolean {
  return text.endsWith(KEEP_PLAN_MARK);
}

const statementNames = new Map<string, string>();
// A bound on what each connection keeps, should a marked statement's text ever vary with its input.
const MAX_KEPT_STATEMENTS = 100;

/** The prepared statement's name: one per marked text, the same on every connection; undefined past the bound. */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_KEPT_STATEMENTS) statementNames.set(text, (name = `hearth_${statementNames.size + 1}`));
  return name;
}

const PARAMETER = '\u0000hearth-parameter:';

/**
 * A statement of fixed shape that is built and compiled once per database instead of on every call (the
 * query builder's work was a fifth of a recipe page's CPU): `build` receives placeholders for the named
 * values, and each call binds the real ones in their places. Kept per database adapter, which a database's
 * transactions share (each transaction is a new Kysely object: keyed by it, a write compiled every time).
 */
export function compiledOnce<DB, V extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, value: (name: keyof V & string) => string) => Compilable<R>,
) {
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return (db: Kysely<DB>, values: V): Promise<QueryResult<R>> => {
    // A database with plugins (a test's collector) compiles through them: its plugin list, which its
    // transactions share too, is its own key.
    const executor = db.getExecutor();
    const key = executor.plugins.length > 0 ? executor.plugins : executor.adapter;
    let query = compiled.get(key);
    if (!query) {
      query = build(db, (name) => PARAMETER + name).compile();
      compiled.set(key, query);
    }
    const parameters = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(PARAMETER) ? values[p.slice(PARAMETER.length)] : p));
    return db.executeQuery<R>({ ...query, parameters });
  };
}
