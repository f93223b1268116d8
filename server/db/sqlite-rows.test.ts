import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../test/harness.js';
import { openSqlite, type DbHandle } from './connect.js';

// Rows of SQLite statements are built from raw value arrays (connect.ts); they must be exactly the objects
// better-sqlite3 itself would have made, for every statement shape.
let handle: DbHandle | undefined;
afterEach(async () => handle?.close());

describe.skipIf(TEST_ENGINE !== 'sqlite')('SQLite rows', () => {
  const setUp = async () => {
    handle = openSqlite(':memory:');
    await sql`create table pantry (id integer primary key, name text not null, grams real, note text, flag boolean)`.execute(handle.db);
    await sql`insert into pantry (name, grams, note, flag) values ('flour', 1000, null, 1), ('salt', 250.5, 'fine', 0), ('Crème', 0, '', 1)`.execute(handle.db);
    return handle;
  };

  it('are the objects better-sqlite3 makes, column names, order, types and nulls alike', async () => {
    const { db } = await setUp();
    const rows = (await sql`select * from pantry order by id`.execute(db)).rows;
    const plain = new Database(':memory:');
    plain.exec("create table pantry (id integer primary key, name text not null, grams real, note text, flag boolean); insert into pantry (name, grams, note, flag) values ('flour', 1000, null, 1), ('salt', 250.5, 'fine', 0), ('Crème', 0, '', 1)");
    const expected = plain.prepare('select * from pantry order by id').all();
    plain.close();
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Object.keys(row as object))).toEqual(expected.map((row) => Object.keys(row as object)));
  });

  it('keep the last of two columns of one name, as better-sqlite3 does', async () => {
    const { db } = await setUp();
    const rows = (await sql`select id, name, 'other' as name from pantry where id = 1`.execute(db)).rows;
    expect(rows).toEqual([{ id: 1, name: 'other' }]);
  });

  it('hold a column named __proto__ as a plain property, never as their prototype', async () => {
    const { db } = await setUp();
    const rows = (await sql`select id, name as "__proto__" from pantry where id = 1`.execute(db)).rows as object[];
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe('flour');
    expect((rows[0] as { id: number }).id).toBe(1);
  });

  it('follow a schema change under a statement read before it', async () => {
    const { db } = await setUp();
    const read = () => db.selectFrom('pantry' as never).selectAll().where('id' as never, '=', 1 as never).execute();
    expect(Object.keys((await read())[0] as object)).toEqual(['id', 'name', 'grams', 'note', 'flag']);
    await sql`alter table pantry add column shelf text default 'top'`.execute(db);
    expect((await read())[0]).toMatchObject({ name: 'flour', shelf: 'top' });
    await sql`alter table pantry rename column note to remark`.execute(db);
    const renamed = (await read())[0] as Record<string, unknown>;
    expect(Object.keys(renamed)).toEqual(['id', 'name', 'grams', 'remark', 'flag', 'shelf']);
  });

  it('are built the same when a query is streamed and when RETURNING hands them back', async () => {
    const { db } = await setUp();
    const streamed: unknown[] = [];
    for await (const row of db.selectFrom('pantry' as never).select(['name' as never, 'grams' as never]).orderBy('id' as never).stream()) streamed.push(row);
    expect(streamed).toEqual([{ name: 'flour', grams: 1000 }, { name: 'salt', grams: 250.5 }, { name: 'Crème', grams: 0 }]);
    const inserted = await sql`insert into pantry (name, grams) values ('yeast', 7) returning id, name`.execute(db);
    expect(inserted.rows).toEqual([{ id: 4, name: 'yeast' }]);
  });
});
