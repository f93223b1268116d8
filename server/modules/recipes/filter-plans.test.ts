import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ENGINE, type TestContext } from '../../test/harness.js';
import { applyRecipeFilters, recipeQueryFilter, recipesQuery } from './list-repo.js';

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
      expect(steps.some((s) => /SEARCH r USING INDEX sqlite_autoindex_recipes_1 \(id=\?\)/.test(s)), filter).toBe(true);
    }
  });
});
