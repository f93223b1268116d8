import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ENGINE, type TestContext } from '../test/harness.js';
import { compiledOnce, keepPlan, statementName } from './prepared.js';
import type { Database } from './schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('statements compiled once', () => {
  it('binds each call its own values, in their places, and builds the statement once per database', async () => {
    let builds = 0;
    const usersNamed = compiledOnce((db: Kysely<Database>, value: (name: 'first' | 'second') => string) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select(['username'])
        .where((eb) => eb.or([eb('username', '=', value('second')), eb('username', '=', 'admin'), eb('username', '=', value('first'))]))
        .orderBy('username');
    });
    const admin = await usersNamed(ctx.deps.db, { first: 'nobody', second: 'no one' });
    expect(admin.rows).toEqual([{ username: 'admin' }]);
    const none = await usersNamed(ctx.deps.db, { first: 'x', second: 'y' });
    expect(none.rows).toEqual([{ username: 'admin' }]);
    expect(builds).toBe(1);
    const inTransaction = await ctx.deps.db.transaction().execute((trx) => usersNamed(trx, { first: 'admin', second: 'x' }));
    expect(inTransaction.rows).toEqual([{ username: 'admin' }]);
    expect(builds).toBe(1);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('on PostgreSQL a marked statement is prepared once per connection, an unmarked one not at all', async () => {
    const prepared = await ctx.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i += 1) await keepPlan(trx.selectFrom('users').select('id').where('username', '=', `user ${i}`)).execute();
      await trx.selectFrom('users').select('id').where('username', '=', 'not marked').execute();
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
    });
    const ofThisShape = prepared.rows.filter((r) => r.statement.includes('from "users" where "username" = $1'));
    expect(ofThisShape).toHaveLength(1);
    expect(ofThisShape[0].statement).toContain('keep plan');
  });

  it('names at most 100 statement texts, so no connection keeps an unbounded number', () => {
    const first = statementName('select 1 /* keep plan */');
    expect(first).toMatch(/^hearth_\d+$/);
    const names = Array.from({ length: 150 }, (_, i) => statementName(`select ${i + 2} /* keep plan */`));
    expect(new Set(names.filter(Boolean)).size).toBeLessThan(100);
    expect(names.at(-1)).toBeUndefined();
    expect(statementName('select 1 /* keep plan */')).toBe(first);
  });
});
