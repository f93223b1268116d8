import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { SHARED_DATA_DIR } from '../server/paths.js';
import { openPostgres, openSqlite, type DbHandle } from '../server/db/connect.js';
import { seedFirstRun } from '../server/modules/users/first-run.js';
import { migrate } from '../server/db/migrate.js';
import { generateRecipes, loadIngredientLines } from './generate.js';
import { GET_WALK_RECIPES } from './scenarios.js';
import { generateKitchenRecipes, KITCHEN_RECIPES, kitchenRecipes } from './food.js';
import { insertFoods } from '../server/modules/foods/service.js';
import { generateGroups } from './groups.js';

/** Foods of the measured group: adding a shopping item matches its note among these many (issue 36). */
export const BENCH_FOODS = 5000;

export const root = path.resolve(import.meta.dirname, '..');
// HEARTH_SHARED_DIR, else ../shared beside the checkout (server/paths.ts).
export const sharedData = SHARED_DATA_DIR;
/** Groups the mixed run spreads its connections over: the measured one and as many others. */
export const MIXED_GROUPS = Number(process.env.BENCH_MIXED_GROUPS ?? 50);
export const pgUrl = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;

/** A fresh data directory (and PostgreSQL database) holding `count` generated recipes, ready to serve. */
export async function prepare(engine: 'sqlite' | 'postgres', count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hearth-bench-${engine}-`));
  // The bench signs in every group's member from one address: far more than the per-address limit allows.
  const env: Record<string, string> = { DATA_DIR: dataDir, HEARTH_SIGN_IN_LIMIT_PER_ADDRESS: '1000000' };
  let handle: DbHandle;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `hearth_bench_${count}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    env.DB_ENGINE = 'postgres';
    env.POSTGRES_URL_OVERRIDE = url.toString();
    handle = openPostgres(url.toString());
    drop = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    handle = openSqlite(path.join(dataDir, 'hearth.db'));
  }
  const config = loadConfig(env);
  await migrate(handle);
  await seedFirstRun(handle, config);
  const admin = await handle.db.selectFrom('users').select(['id', 'group_id', 'household_id']).executeTakeFirstOrThrow();
  const ingredientLines = loadIngredientLines(sharedData);
  const started = performance.now();
  let lastReport = 0;
  // Issue 37's costs need recipes with parsed lines (linked foods, mixed units): a twentieth of the library, at most 2,000.
  const kitchenCount = Math.min(KITCHEN_RECIPES, Math.floor(count / 20));
  await generateRecipes(handle.db, {
    count: count - kitchenCount,
    groupId: admin.group_id,
    householdId: admin.household_id,
    userId: admin.id,
    ingredientLines,
    onProgress: (done) => {
      if (done - lastReport >= 10_000 || done === count) {
        lastReport = done;
        process.stdout.write(`  ${engine}: ${done}/${count} recipes\r`);
      }
    },
  });
  await generateKitchenRecipes(handle.db, { count: kitchenCount, groupId: admin.group_id, householdId: admin.household_id, userId: admin.id });
  const foodCount = async () => Number((await handle.db.selectFrom('ingredient_foods').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', admin.group_id).executeTakeFirstOrThrow()).n);
  const missingFoods = BENCH_FOODS - (await foodCount());
  if (missingFoods > 0) await insertFoods(handle.db, admin.group_id, Array.from({ length: missingFoods }, (_, i) => ({ name: `bench food ${String(i).padStart(5, '0')}` })));
  const foods = (await handle.db.selectFrom('ingredient_foods').select('name').where('group_id', '=', admin.group_id).orderBy('name').execute()).map((f) => f.name);
  // The mixed run's other groups, each with its own users and recipes.
  const groups = await generateGroups(handle.db, { count: MIXED_GROUPS - 1, recipesEach: Math.max(20, Math.floor(count / MIXED_GROUPS)), ingredientLines, bcryptCost: config.signIn.bcryptCost });
  const searchModule = path.join(root, 'server/search/index.ts');
  if (fs.existsSync(searchModule)) {
    const search = await import(searchModule);
    if (typeof search.rebuildSearchIndex === 'function') await search.rebuildSearchIndex({ db: handle.db, engine: handle.engine, config });
  }
  const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
  // The other scenarios read the generator's plain recipes, as before the kitchen recipes were added.
  const plain = () => handle.db.selectFrom('recipes').select('slug').where('group_id', '=', admin.group_id).where('name', 'not like', 'Kitchen %');
  const slug = (await plain().orderBy('created_at', 'desc').executeTakeFirstOrThrow()).slug;
  const oldestSlugs = (await plain().orderBy('created_at', 'asc').orderBy('id').limit(2000).execute()).map((r) => r.slug);
  const walkSlugs = (await plain().orderBy('created_at', 'desc').orderBy('id').limit(GET_WALK_RECIPES).execute()).map((r) => r.slug);
  const kitchen = await kitchenRecipes(handle.db);
  // A real install's autovacuum keeps statistics (migration 0018 makes it analyze the small lookup tables
  // after any change) and visibility maps; a database loaded a second ago has neither, and autovacuum would
  // vacuum 100,000 fresh rows during the first scenarios. So the bench vacuums and analyzes once, as
  // autovacuum would have long before.
  if (engine === 'postgres') await import('kysely').then(({ sql }) => sql`vacuum (analyze)`.execute(handle.db));
  if (engine === 'sqlite') await import('kysely').then(({ sql }) => sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db));
  await handle.close();
  process.stdout.write('\n');
  return { env, dataDir, drop, generateSeconds, slug, walkSlugs, kitchen, oldestSlugs, foods, ingredientLines, groups };
}
