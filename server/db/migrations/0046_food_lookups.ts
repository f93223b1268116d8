import { sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/**
 * Issue 37: a shopping list answers its foods by id (`group_id = ? and id in (…)`), as does adding a recipe to
 * it. SQLite has no statistics, so it took the group's name index and read every food of the group (5,000 in
 * the bench: 1.9 ms for a list's 91 foods, against 0.2 ms by id); an index led by the id, with the group
 * beside it, is the one it prefers (as recipes_list_keys_idx does for recipes). PostgreSQL plans from its
 * statistics and needs no such index.
 * Both engines: a food's aliases and on-hand households were found by a scan of the whole table (their keys
 * lead with the alias id and the household id).
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine === 'sqlite') await sql`create index if not exists ingredient_foods_id_group_idx on ingredient_foods (id, group_id)`.execute(db);
  await sql`create index if not exists ingredient_foods_aliases_food_idx on ingredient_foods_aliases (food_id)`.execute(db);
  await sql`create index if not exists households_to_ingredient_foods_food_idx on households_to_ingredient_foods (food_id)`.execute(db);
}
