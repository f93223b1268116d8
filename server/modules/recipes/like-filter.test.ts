import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/connect.js';
import { migrate, MIGRATIONS } from '../../db/migrate.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { postRecipe } from './testing.js';
import { dropDatabaseForce } from '../../test/pg-databases.js';

/*
 * queryFilter LIKE on text (compiled to lower(column) LIKE lower(pattern)) is served by trigram indexes on
 * PostgreSQL when pg_trgm can be had (migration 0016); the answers are the same with or without them.
 */

let ctx: TestContext;
const RECIPES = [
  { name: 'Chicken Soup', description: 'Warming broth' },
  { name: 'CHICKPEA Curry', description: 'Spiced and slow' },
  { name: 'Roast chicken', description: null },
  { name: 'Apple Crumble', description: 'with a chick of cinnamon' },
  { name: 'Beef Stew', description: 'Hearty' },
];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const recipe of RECIPES) await postRecipe(ctx, ctx.admin, recipe);
});
afterAll(async () => {
  await ctx?.close();
});

async function filtered(filter: string, perPage = -1): Promise<{ names: string[]; total: number }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recipes?perPage=${perPage}&orderBy=name&orderDirection=asc&queryFilter=${encodeURIComponent(filter)}`, headers: ctx.admin });
  expect(res.statusCode, res.body).toBe(200);
  return { names: res.json().items.map((r: { name: string }) => r.name), total: res.json().total };
}

describe('queryFilter LIKE', () => {
  it('matches case-insensitively anywhere in the text, with _ and %, and NOT LIKE is its complement', async () => {
    expect((await filtered('name LIKE "%chick%"')).names).toEqual(['Chicken Soup', 'CHICKPEA Curry', 'Roast chicken']);
    expect((await filtered('name LIKE "%CHICKEN%"')).names).toEqual(['Chicken Soup', 'Roast chicken']);
    expect((await filtered('name LIKE "chick_n%"')).names).toEqual(['Chicken Soup']);
    expect((await filtered('name LIKE "%ck%"')).names).toEqual(['Chicken Soup', 'CHICKPEA Curry', 'Roast chicken']);
    expect((await filtered('description LIKE "%chick%"')).names).toEqual(['Apple Crumble']);
    expect((await filtered('name NOT LIKE "%chick%"')).names).toEqual(['Apple Crumble', 'Beef Stew']);
    const paged = await filtered('name LIKE "%chick%" OR description LIKE "%hearty%"', 2);
    expect(paged).toEqual({ names: ['Beef Stew', 'Chicken Soup'], total: 4 });
  });

  it.runIf(TEST_ENGINE === 'postgres')('has trigram indexes on PostgreSQL when pg_trgm could be installed', async () => {
    const { sql } = await import('kysely');
    const extension = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(ctx.deps.db);
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'recipes' and indexname like '%trgm%' order by indexname`.execute(ctx.deps.db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(extension.rows.length ? ['recipes_description_trgm_idx', 'recipes_name_trgm_idx'] : []);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('migration 0016 for a role that may not install pg_trgm', () => {
  const adminUrl = process.env.TEST_PG_URL ?? '';
  const role = 'hearth_plain_like_test';
  const database = 'hearth_t_plain_like_test';
  let superuser = false;
  /** Where migrations run: a plain role of its own (superuser), or our own role once it gave up CREATE (CI). */
  let migrateUrl = '';

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    superuser = (await client.query(`select rolsuper from pg_roles where rolname = current_user`)).rows[0]?.rolsuper === true;
    // Fixed names, cleared first: a run killed before its clean-up leaves nothing that changes the next.
    await dropDatabaseForce(client, database);
    if (superuser) {
      await client.query(`drop role if exists ${role}`);
      await client.query(`create role ${role} login password 'plain' nosuperuser`);
    }
    await client.query(`create database ${database}`);
    await client.end();
    const inDb = new pg.Client({ connectionString: withDatabase(adminUrl, database) });
    await inDb.connect();
    if (superuser) {
      // The plain role may create tables, but not extensions: no CREATE on the database, not its owner.
      await inDb.query(`grant all on schema public to ${role}; revoke create on database ${database} from public`);
      const url = new URL(withDatabase(adminUrl, database));
      url.username = role;
      url.password = 'plain';
      migrateUrl = url.toString();
    } else {
      // A role that is no superuser (CI's) owns the database it made; giving up CREATE on it leaves it the
      // public schema (PostgreSQL 15 gives that to the database owner) but no trusted extension either.
      await inDb.query(`revoke create on database ${database} from public, current_user`);
      migrateUrl = withDatabase(adminUrl, database);
    }
    await inDb.end();
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await dropDatabaseForce(client, database);
    if (superuser) await client.query(`drop role if exists ${role}`);
    await client.end();
  });

  it('applies every migration without the extension, and LIKE still answers', async () => {
    const url = new URL(migrateUrl);
    const handle = openPostgres(url.toString());
    try {
      expect(await migrate(handle)).toEqual(MIGRATIONS.map(([name]) => name));
      const { sql } = await import('kysely');
      expect((await sql`select 1 from pg_indexes where indexname like '%trgm%'`.execute(handle.db)).rows).toEqual([]);
      const n = await sql<{ n: string }>`select count(*) as n from recipes where lower(name) like '%chick%'`.execute(handle.db);
      expect(Number(n.rows[0].n)).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

function withDatabase(url: string, database: string): string {
  const out = new URL(url);
  out.pathname = `/${database}`;
  return out.toString();
}
