import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * PostgreSQL: a search's count skips the group test when the group holds every recipe (most installations
 * have one group). The test is a text comparison on each of the matching rows the index hands back: a fifth
 * of the count's time for "chicken" at 100,000 recipes (17 ms against 13.5). hearth_recipe_counts (migration
 * 0014) says whether any other group has recipes; each branch is an init plan, so only the taken one runs.
 * JIT stays off: with sequential scans priced out, a tiny table's plan costs 10^10 and would be compiled
 * (45 ms) on every call.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create or replace function hearth_search_count(search_group text, search_query tsquery) returns bigint
    language sql stable parallel safe set enable_seqscan = off set jit = off
    as 'select case
      when exists (select 1 from hearth_recipe_counts where group_id <> search_group and recipes > 0)
        then (select count(*) from recipe_search_words where group_id = search_group and document @@ search_query)
      else (select count(*) from recipe_search_words where document @@ search_query)
    end'`.execute(db);
}
