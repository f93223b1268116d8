import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * How many recipes each group holds, kept by triggers on `recipes` in the very statement (so the very
 * transaction) that inserts, deletes, truncates or moves them: every path (the API, bulk delete, imports,
 * backups restore, seeding, cascades from a deleted group) keeps it exact without knowing about it.
 * An unfiltered recipe list reads its total here instead of counting the whole group on every page.
 * `hearth_` keeps it out of backups (it is derived from the recipes).
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('hearth_recipe_counts')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('recipes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (engine === 'sqlite') {
    await sql`create trigger hearth_recipe_counts_insert after insert on recipes begin
      insert into hearth_recipe_counts (group_id, recipes) values (new.group_id, 1)
        on conflict (group_id) do update set recipes = recipes + 1;
    end`.execute(db);
    await sql`create trigger hearth_recipe_counts_delete after delete on recipes begin
      update hearth_recipe_counts set recipes = recipes - 1 where group_id = old.group_id;
    end`.execute(db);
    await sql`create trigger hearth_recipe_counts_move after update of group_id on recipes
      when old.group_id is not new.group_id begin
      update hearth_recipe_counts set recipes = recipes - 1 where group_id = old.group_id;
      insert into hearth_recipe_counts (group_id, recipes) values (new.group_id, 1)
        on conflict (group_id) do update set recipes = recipes + 1;
    end`.execute(db);
  } else {
    // Statement-level with transition tables: a bulk insert or delete of thousands of recipes touches each
    // group's row once. Groups are taken in id order so two bulk writes never lock them crosswise.
    await sql`create function hearth_recipe_counts_added() returns trigger language plpgsql as $$
      begin
        insert into hearth_recipe_counts (group_id, recipes)
          select group_id, count(*) from hearth_added group by group_id order by group_id
          on conflict (group_id) do update set recipes = hearth_recipe_counts.recipes + excluded.recipes;
        return null;
      end $$`.execute(db);
    await sql`create function hearth_recipe_counts_removed() returns trigger language plpgsql as $$
      declare removed record;
      begin
        for removed in select group_id, count(*) as n from hearth_removed group by group_id order by group_id loop
          update hearth_recipe_counts set recipes = recipes - removed.n where group_id = removed.group_id;
        end loop;
        return null;
      end $$`.execute(db);
    await sql`create function hearth_recipe_counts_moved() returns trigger language plpgsql as $$
      begin
        update hearth_recipe_counts set recipes = recipes - 1 where group_id = old.group_id;
        insert into hearth_recipe_counts (group_id, recipes) values (new.group_id, 1)
          on conflict (group_id) do update set recipes = hearth_recipe_counts.recipes + 1;
        return null;
      end $$`.execute(db);
    await sql`create function hearth_recipe_counts_emptied() returns trigger language plpgsql as $$
      begin
        delete from hearth_recipe_counts;
        return null;
      end $$`.execute(db);
    await sql`create trigger hearth_recipe_counts_insert after insert on recipes
      referencing new table as hearth_added for each statement execute procedure hearth_recipe_counts_added()`.execute(db);
    await sql`create trigger hearth_recipe_counts_delete after delete on recipes
      referencing old table as hearth_removed for each statement execute procedure hearth_recipe_counts_removed()`.execute(db);
    await sql`create trigger hearth_recipe_counts_move after update of group_id on recipes
      for each row when (old.group_id is distinct from new.group_id) execute procedure hearth_recipe_counts_moved()`.execute(db);
    await sql`create trigger hearth_recipe_counts_truncate after truncate on recipes
      for each statement execute procedure hearth_recipe_counts_emptied()`.execute(db);
  }

  await sql`insert into hearth_recipe_counts (group_id, recipes) select group_id, count(*) from recipes group by group_id`.execute(db);
}
