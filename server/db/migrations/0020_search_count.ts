import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * PostgreSQL: how many of a group's recipes match a search. The documents live in TOAST (migration 0018), so
 * the planner prices a sequential scan of recipe_search_words as cheap as the GIN bitmap scan (it does not
 * price de-TOASTing) and, costs being within 1 %, took the scan for its zero start-up cost: 18 ms against
 * 2.5 ms for "chicken" at 10,000 recipes, depending on the day's statistics. The count runs in a function
 * whose own setting rules the scan out, so the index always answers it.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create or replace function hearth_search_count(search_group text, search_query tsquery) returns bigint
    language sql stable parallel safe set enable_seqscan = off
    as 'select count(*) from recipe_search_words where group_id = search_group and document @@ search_query'`.execute(db);
}
