import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * PostgreSQL: trigram GIN indexes on lower(name) and lower(description), so a queryFilter `name LIKE
 * "%chick%"` (compiled to lower(r.name) LIKE '%chick%') is an index lookup instead of a scan of the group
 * (~111 ms of backend per request at 100,000 recipes). Needs the pg_trgm extension: used when installed,
 * created when this role may (a superuser, or the database's owner on PostgreSQL 13+ where it is
 * trusted), and otherwise skipped cleanly: the filter stays correct, only slower. The attempt runs under a
 * savepoint, so a refusal does not abort the migration's transaction. SQLite: nothing.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  if (!(await trigramsAvailable(db))) return;
  await sql`create index recipes_name_trgm_idx on recipes using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index recipes_description_trgm_idx on recipes using gin (lower(description) gin_trgm_ops)`.execute(db);
}

async function trigramsAvailable(db: AnyDb): Promise<boolean> {
  const installed = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  if (installed.rows.length > 0) return operatorClassVisible(db);
  const offered = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (offered.rows.length === 0) return false;
  await sql`savepoint hearth_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint hearth_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint hearth_trgm`.execute(db);
    await sql`release savepoint hearth_trgm`.execute(db);
    return false;
  }
  return operatorClassVisible(db);
}

/** gin_trgm_ops must be reachable by name from here (the extension may live in a schema off the search_path). */
async function operatorClassVisible(db: AnyDb): Promise<boolean> {
  const found = await sql`select 1 from pg_opclass where opcname = 'gin_trgm_ops' and pg_opclass_is_visible(oid)`.execute(db);
  return found.rows.length > 0;
}
