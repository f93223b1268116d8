import type { Deps } from '../../platform/deps.js';

async function count(deps: Deps, table: 'recipes' | 'users' | 'households' | 'groups'): Promise<number> {
  const row = await deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function appStatisticsFor(deps: Deps) {
  const uncategorized = await deps.db
    .selectFrom('recipes as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('recipes_to_categories as rc').select('rc.recipe_id').whereRef('rc.recipe_id', '=', 'r.id'))))
    .executeTakeFirstOrThrow();
  const untagged = await deps.db
    .selectFrom('recipes as r')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('recipes_to_tags as rt').select('rt.recipe_id').whereRef('rt.recipe_id', '=', 'r.id'))))
    .executeTakeFirstOrThrow();
  return {
    totalRecipes: await count(deps, 'recipes'),
    totalUsers: await count(deps, 'users'),
    totalHouseholds: await count(deps, 'households'),
    totalGroups: await count(deps, 'groups'),
    uncategorizedRecipes: Number(uncategorized.n),
    untaggedRecipes: Number(untagged.n),
  };
}
