import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { applyRecipeFilters, applyRecipeOrder, recipeQueryFilter, recipesQuery, sortsEveryMatch } from './list-repo.js';

/*
 * SQLite keeps no statistics, so the list's plans are pinned here: a queryFilter naming organizers by name
 * starts from those organizers (migration 0017's name index) and their recipes, never from a walk of the
 * whole link table or of the group.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function plan(filter: string): Promise<string[]> {
  const user = await ctx.deps.db.selectFrom('users').select('group_id').executeTakeFirstOrThrow();
  const query = applyRecipeFilters(recipesQuery(ctx.deps.db), { groupId: user.group_id, engine: 'sqlite', queryFilter: recipeQueryFilter(filter) })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .compile();
  const explained = await ctx.deps.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
  return explained.rows.map((r) => r.detail);
}

describe.runIf(TEST_ENGINE === 'sqlite')('recipe list plans on SQLite', () => {
  it('a queryFilter on tag, category and tool names starts from the named organizers', async () => {
    for (const [filter, table] of [
      ['tags.name IN ["Vegan", "Quick"] AND rating >= 3', 'tags'],
      ['categories.name = "Dinner"', 'categories'],
      ['tools.name IN ["Wok"]', 'tools'],
    ] as const) {
      const steps = await plan(filter);
      expect(steps.join('\n'), filter).toMatch(new RegExp(`SEARCH \\w+ USING INDEX ${table}_name_idx \\(name=\\?\\)`));
      expect(steps.join('\n'), filter).not.toMatch(/SCAN qf_link|SCAN r\b/);
      // Each linked recipe's group, rating and date added come from migration 0022's index, not its row.
      expect(steps.some((s) => /SEARCH r USING COVERING INDEX recipes_list_keys_idx \(id=\? AND group_id=\?\)/.test(s)), filter).toBe(true);
    }
  });

  it('counts a page with its ids only where its plan sorts every match anyway', async () => {
    const user = await ctx.deps.db.selectFrom('users').select('group_id').executeTakeFirstOrThrow();
    const sorts = (filter: string | null, orderBy?: string) => {
      const filters = { groupId: user.group_id, engine: 'sqlite' as const, queryFilter: recipeQueryFilter(filter) };
      const query = applyRecipeOrder(applyRecipeFilters(recipesQuery(ctx.deps.db), filters), { orderBy, orderDirection: 'desc', engine: 'sqlite' });
      return sortsEveryMatch(ctx.deps.db, 'sqlite', query.select('r.id').limit(30));
    };
    expect(await sorts('tags.name IN ["Vegan", "Quick"] AND rating >= 3')).toBe(true);
    expect(await sorts('categories.name = "Dinner"', 'name')).toBe(true);
    // Walked in the order of an index, a page stops after its rows: counting would be a second, longer walk.
    expect(await sorts(null)).toBe(false);
    expect(await sorts('rating >= 3')).toBe(false);
    expect(await sorts(null, 'name')).toBe(false);
    expect(await sortsEveryMatch(ctx.deps.db, 'postgres', recipesQuery(ctx.deps.db).select('r.id'))).toBe(false);
  });
});
