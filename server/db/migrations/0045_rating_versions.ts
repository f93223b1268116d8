import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';
import { addGroupVersionTriggers } from './0041_group_versions.js';

/**
 * Issue 36: a rating or a favourite no longer empties its group's cached reads. What a list, a recipe or a
 * search shows of ratings is the recipe's mean (`recipes.rating`), which the ratings API rewrites only when it
 * changes, and whose change moves the group's version through `recipes`' own trigger. A user's row in
 * `users_to_recipes` is read by cached pages only where a request asks for it: the caller's own rating when a
 * list is ordered by rating, and the `favorited_by` filter. Its writes now move a row of the group's own,
 * `<group id>~ratings`, which only such pages add to their version (server/platform/version-gate.ts).
 */
export const RATINGS_PART = '~ratings';

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    // As migration 0041's function, but a third argument names the part of the group the row moves.
    await sql`create or replace function hearth_group_changed() returns trigger language plpgsql as $$
      declare
        via text := TG_ARGV[0];
        col text := TG_ARGV[1];
        part text := case when TG_NARGS > 2 then TG_ARGV[2] else '' end;
        seen jsonb;
        ref text;
        g text;
        flag text;
        first boolean := true;
      begin
        if via = 'all' then
          if current_setting('hearth.gv_all', true) is distinct from 'yes' then
            perform set_config('hearth.gv_all', 'yes', true);
            update hearth_list_version set version = version + 1;
          end if;
          return null;
        end if;
        if via = 'vocabulary' then
          if current_setting('hearth.gv_vocabulary', true) is distinct from 'yes' then
            perform set_config('hearth.gv_vocabulary', 'yes', true);
            insert into hearth_group_versions (group_id, version) values ('~vocabulary', 1)
              on conflict (group_id) do update set version = hearth_group_versions.version + 1;
          end if;
          return null;
        end if;
        foreach seen in array (case when TG_OP = 'DELETE' then array[to_jsonb(OLD)]
                                    when TG_OP = 'INSERT' then array[to_jsonb(NEW)]
                                    else array[to_jsonb(NEW), to_jsonb(OLD)] end) loop
          ref := seen ->> col;
          g := null;
          if ref is not null then
            case via
              when 'group' then g := ref;
              when 'recipe' then select group_id into g from recipes where id = ref;
              when 'household' then select group_id into g from households where id = ref;
              when 'food' then select group_id into g from ingredient_foods where id = ref;
              when 'unit' then select group_id into g from ingredient_units where id = ref;
              when 'instruction' then
                select r.group_id into g from recipe_instructions i join recipes r on r.id = i.recipe_id where i.id = ref;
            end case;
          end if;
          if g is null then
            -- An orphan written (not a row deleted after its parent): every group.
            if first and TG_OP <> 'DELETE' and current_setting('hearth.gv_all', true) is distinct from 'yes' then
              perform set_config('hearth.gv_all', 'yes', true);
              update hearth_list_version set version = version + 1;
            end if;
          else
            g := g || part;
            flag := 'hearth.gv_' || md5(g);
            if current_setting(flag, true) is distinct from 'yes' then
              perform set_config(flag, 'yes', true);
              insert into hearth_group_versions (group_id, version) values (g, 1)
                on conflict (group_id) do update set version = hearth_group_versions.version + 1;
            end if;
          end if;
          first := false;
        end loop;
        return null;
      end $$`.execute(db);
  }
  await addGroupVersionTriggers(db, engine, { users_to_recipes: { via: 'recipe', column: 'recipe_id', part: RATINGS_PART } });
}
