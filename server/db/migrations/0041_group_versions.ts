import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * Cached reads (list pages, their items and totals, whole recipes: server/platform/read-cache.ts) are kept
 * under a version of the caller's group, not of the whole instance: a write moves the version of the group
 * whose data it changes, so a comment, a rating or a food in one group no longer empties every other group's
 * caches. The search vocabulary (words of every group's recipes, for prefixes and typo corrections) is shared
 * by all groups: it moves a row of its own, `~vocabulary`, which searches add to their version and nothing
 * else reads (a list, a filter or a recipe does not depend on it). The version a request reads is `hearth_list_version.version` (still moved by writes that cannot be
 * pinned on one group: a TRUNCATE, a row whose group cannot be found) plus the group's own `hearth_group_versions.version`; both only grow, so their sum moves whenever
 * either does.
 *
 * The triggers keep the names of migrations 0019 and 0023 (`hearth_lv_<table>…`) and every table they covered.
 * Each one works out the group of the row it sees: from its `group_id`, or through its recipe, household,
 * food, unit or instruction. A row deleted after its parent (a cascade) has no group left to find; the
 * parent's own delete moved that group. An inserted or updated row whose parent cannot be found (an orphan)
 * moves every group: when in doubt, invalidate.
 *
 * A user's sign-in bookkeeping (failed attempts, lock, password hash, update time) changes nothing a cached
 * read shows, so an update of only those columns moves nothing: a failed sign-in used to empty every cache.
 */

/** Columns of `users` whose change alone moves no version. */
export const USER_BOOKKEEPING_COLUMNS = ['login_attemps', 'locked_at', 'password', 'update_at'] as const;

export type GroupOf =
  | { column: string; part?: string } // the row's own group column (`part`: a row of the group's own, migration 0047)
  | { via: 'recipe' | 'household' | 'food' | 'unit' | 'instruction'; column: string; part?: string } // `part`: a row of the group's own (migration 0045)
  | 'vocabulary'
  | 'all';

/** The row of `hearth_group_versions` moved by the search vocabulary, which every group's searches read. */
export const VOCABULARY_VERSION = '~vocabulary';

const SHARED: Record<string, GroupOf> = {
  recipes: { column: 'group_id' },
  recipes_to_categories: { via: 'recipe', column: 'recipe_id' },
  recipes_to_tags: { via: 'recipe', column: 'recipe_id' },
  recipes_to_tools: { via: 'recipe', column: 'recipe_id' },
  categories: { column: 'group_id' },
  tags: { column: 'group_id' },
  tools: { column: 'group_id' },
  households_to_tools: { via: 'household', column: 'household_id' },
  users_to_recipes: { via: 'recipe', column: 'recipe_id' },
  recipes_ingredients: { via: 'recipe', column: 'recipe_id' },
  ingredient_foods: { column: 'group_id' },
  ingredient_units: { column: 'group_id' },
  households_to_ingredient_foods: { via: 'household', column: 'household_id' },
  users: { column: 'group_id' },
  households: { column: 'group_id' },
  household_preferences: { via: 'household', column: 'household_id' },
  groups: { column: 'id' },
  recipe_search_terms: 'vocabulary',
  recipe_search_term_variants: 'vocabulary',
  recipe_instructions: { via: 'recipe', column: 'recipe_id' },
  recipe_ingredient_ref_link: { via: 'instruction', column: 'instruction_id' },
  notes: { via: 'recipe', column: 'recipe_id' },
  recipe_nutrition: { via: 'recipe', column: 'recipe_id' },
  recipe_assets: { via: 'recipe', column: 'recipe_id' },
  recipe_extras: { via: 'recipe', column: 'recipe_id' },
  recipe_comments: { via: 'recipe', column: 'recipe_id' },
  ingredient_foods_aliases: { via: 'food', column: 'food_id' },
  ingredient_units_aliases: { via: 'unit', column: 'unit_id' },
  multi_purpose_labels: { column: 'group_id' },
};

/** Every table whose writes move a version, with how its rows' group is found, on this engine. */
export function versionSources(engine: Engine): Record<string, GroupOf> {
  return engine === 'sqlite'
    ? { ...SHARED, recipe_search_docs: { column: 'group_id' } }
    : { ...SHARED, recipe_search_documents: { column: 'group_id' }, recipe_search_words: { column: 'group_id' } };
}

/** SQLite: the group of the row `row` (`new` or `old`) as an expression. */
function sqliteGroupOf(of: Exclude<GroupOf, 'all' | 'vocabulary'>, row: 'new' | 'old'): string {
  const value = `${row}.${of.column}`;
  if (!('via' in of)) return of.part ? `(${value} || '${of.part}')` : value;
  // The group's part (`<group id>~ratings`): null still when the group is not found.
  if (of.part) return `(${sqliteGroupOf({ via: of.via, column: of.column }, row)} || '${of.part}')`;
  switch (of.via) {
    case 'recipe': return `(select group_id from recipes where id = ${value})`;
    case 'household': return `(select group_id from households where id = ${value})`;
    case 'food': return `(select group_id from ingredient_foods where id = ${value})`;
    case 'unit': return `(select group_id from ingredient_units where id = ${value})`;
    case 'instruction': return `(select r.group_id from recipe_instructions i join recipes r on r.id = i.recipe_id where i.id = ${value})`;
  }
}

function sqliteBump(group: string): string {
  return `insert into hearth_group_versions (group_id, version) select g, 1 from (select ${group} as g) where g is not null
    on conflict (group_id) do update set version = hearth_group_versions.version + 1;`;
}

const BUMP_ALL = 'update hearth_list_version set version = version + 1;';

async function sqliteTriggers(db: AnyDb, table: string, of: GroupOf, prefix: string): Promise<void> {
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql`drop trigger if exists ${sql.id(`${prefix}_${table}_${event}`)}`.execute(db);
    let body: string;
    if (of === 'all') body = BUMP_ALL;
    else if (of === 'vocabulary') body = sqliteBump(`'${VOCABULARY_VERSION}'`);
    else if (event === 'delete') body = sqliteBump(sqliteGroupOf(of, 'old'));
    else {
      const added = sqliteGroupOf(of, 'new');
      body = `${sqliteBump(added)}\n update hearth_list_version set version = version + 1 where ${added} is null;`;
      if (event === 'update') {
        const previous = sqliteGroupOf(of, 'old');
        body += `\n ${sqliteBump(`(select ${previous} where ${previous} is not ${added})`)}`;
      }
    }
    let when = '';
    if (table === 'users' && event === 'update') {
      const columns = (await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(db)).rows.map((r) => r.name);
      const shown = columns.filter((c) => !(USER_BOOKKEEPING_COLUMNS as readonly string[]).includes(c));
      when = ` when ${shown.map((c) => `old.${c} is not new.${c}`).join(' or ')}`;
    }
    await sql`create trigger ${sql.id(`${prefix}_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}${sql.raw(when)} begin
      ${sql.raw(body)}
    end`.execute(db);
  }
}

async function postgresTriggers(db: AnyDb, table: string, of: GroupOf, prefix: string): Promise<void> {
  await sql`drop trigger if exists ${sql.id(`${prefix}_${table}`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger if exists ${sql.id(`${prefix}_${table}_update`)} on ${sql.table(table)}`.execute(db);
  const [via, column] = typeof of === 'string' ? [of, ''] : ['via' in of ? of.via : 'group', of.column];
  const part = typeof of !== 'string' && 'part' in of && of.part ? `, '${of.part}'` : '';
  const args = sql.raw(`'${via}', '${column}'${part}`);
  if (table !== 'users') {
    await sql`create constraint trigger ${sql.id(`${prefix}_${table}`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute procedure hearth_group_changed(${args})`.execute(db);
    return;
  }
  const ignored = sql.raw(`array[${USER_BOOKKEEPING_COLUMNS.map((c) => `'${c}'`).join(', ')}]`);
  await sql`create constraint trigger ${sql.id(`${prefix}_${table}`)} after insert or delete on ${sql.table(table)}
    deferrable initially deferred for each row execute procedure hearth_group_changed(${args})`.execute(db);
  await sql`create constraint trigger ${sql.id(`${prefix}_${table}_update`)} after update on ${sql.table(table)}
    deferrable initially deferred for each row
    when ((to_jsonb(old) - ${ignored}::text[]) is distinct from (to_jsonb(new) - ${ignored}::text[]))
    execute procedure hearth_group_changed(${args})`.execute(db);
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('hearth_group_versions')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (engine === 'postgres') {
    // Deferred to commit like 0019's: each group's row is locked only at the very end of a writing
    // transaction, and moved once per transaction however many rows it wrote.
    await sql`create function hearth_group_changed() returns trigger language plpgsql as $$
      declare
        via text := TG_ARGV[0];
        col text := TG_ARGV[1];
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
  await addGroupVersionTriggers(db, engine, versionSources(engine));
  if (engine === 'postgres') await sql`drop function if exists hearth_list_changed()`.execute(db);
}

/**
 * Makes every write to each table move the version of its rows' group (replacing the table's `hearth_lv_`
 * triggers, if any). A table a cached read newly reads gets these in its own migration. Triggers named with
 * another `prefix` are a second set beside those (migration 0047: a part of the group moved as well).
 */
export async function addGroupVersionTriggers(db: AnyDb, engine: Engine, sources: Record<string, GroupOf>, prefix = 'hearth_lv'): Promise<void> {
  for (const [table, of] of Object.entries(sources)) {
    if (engine === 'sqlite') await sqliteTriggers(db, table, of, prefix);
    else await postgresTriggers(db, table, of, prefix);
  }
}
