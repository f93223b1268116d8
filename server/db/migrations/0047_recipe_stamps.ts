import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';
import { addGroupVersionTriggers, type GroupOf } from './0041_group_versions.js';

/**
 * Issue 36: the first list page after a write read and rebuilt every recipe summary on the page, though only
 * the edited recipe had changed (a summary was kept under its group's version, which any write moves). A
 * summary is read from its recipe's row and organizer links (categories, tags, tools) and from the group's
 * organizers (their names and slugs, the households that have a tool). So:
 * - `hearth_recipe_stamps` holds a number per recipe that every write to its row or its links moves, in the
 *   same transaction (these triggers);
 * - `<group id>~organizers` in `hearth_group_versions` moves with every write to the group's categories,
 *   tags, tools and households' tools (besides the group's own version, which they still move).
 * A summary is kept under the recipe's stamp and the group's organizers version (server/modules/recipes/list.ts):
 * an edit rebuilds only the edited recipe's summary. Numbers only grow; a recipe with no row yet is at 0.
 */
export const ORGANIZERS_PART = '~organizers';

/** Tables whose rows are a recipe's own in its summary: the column naming the recipe. */
const STAMPED: Record<string, string> = {
  recipes: 'id',
  recipes_to_categories: 'recipe_id',
  recipes_to_tags: 'recipe_id',
  recipes_to_tools: 'recipe_id',
};

const ORGANIZERS: Record<string, GroupOf> = {
  categories: { column: 'group_id', part: ORGANIZERS_PART },
  tags: { column: 'group_id', part: ORGANIZERS_PART },
  tools: { column: 'group_id', part: ORGANIZERS_PART },
  households_to_tools: { via: 'household', column: 'household_id', part: ORGANIZERS_PART },
};

function sqliteStamp(recipe: string): string {
  return `insert into hearth_recipe_stamps (recipe_id, stamp) values (${recipe}, 1)
    on conflict (recipe_id) do update set stamp = hearth_recipe_stamps.stamp + 1;`;
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('hearth_recipe_stamps')
    .addColumn('recipe_id', 'text', (c) => c.primaryKey())
    .addColumn('stamp', 'bigint', (c) => c.notNull())
    .execute();
  if (engine === 'sqlite') {
    for (const [table, column] of Object.entries(STAMPED)) {
      for (const event of ['insert', 'update', 'delete'] as const) {
        // A recipe's own delete needs no stamp: its id is never listed again.
        if (table === 'recipes' && event === 'delete') continue;
        let body = event === 'delete' ? sqliteStamp(`old.${column}`) : sqliteStamp(`new.${column}`);
        if (event === 'update') body += `\n ${sqliteStamp(`old.${column}`)}`;
        await sql`create trigger ${sql.id(`hearth_rs_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
          ${sql.raw(body)}
        end`.execute(db);
      }
    }
  } else {
    await sql`create function hearth_recipe_stamped() returns trigger language plpgsql as $$
      declare
        col text := TG_ARGV[0];
        seen jsonb;
      begin
        foreach seen in array (case when TG_OP = 'DELETE' then array[to_jsonb(OLD)]
                                    when TG_OP = 'INSERT' then array[to_jsonb(NEW)]
                                    else array[to_jsonb(NEW), to_jsonb(OLD)] end) loop
          insert into hearth_recipe_stamps (recipe_id, stamp) values (seen ->> col, 1)
            on conflict (recipe_id) do update set stamp = hearth_recipe_stamps.stamp + 1;
        end loop;
        return null;
      end $$`.execute(db);
    for (const [table, column] of Object.entries(STAMPED)) {
      const events = table === 'recipes' ? sql.raw('insert or update') : sql.raw('insert or update or delete');
      await sql`create trigger ${sql.id(`hearth_rs_${table}`)} after ${events} on ${sql.table(table)}
        for each row execute procedure hearth_recipe_stamped(${sql.lit(column)})`.execute(db);
    }
  }
  await addGroupVersionTriggers(db, engine, ORGANIZERS, 'hearth_ov');
}
