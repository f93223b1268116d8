/**
 * Search latency on a generated database:
 *   npx tsx bench/search.ts [recipes=10000] [--postgres postgresql://user:pw@host/db]
 * (BENCH_ROUNDS=n runs per case, default 200; BENCH_KEEP=1 keeps the generated database.)
 * Builds N recipes (names, descriptions, ~10 ingredients, ~6 steps, tags) in a temp SQLite file (or a
 * temp PostgreSQL database created next to the given one), indexes them, then times the recipe-list query
 * shapes search is used in, and prints p50/p95 per kind.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres, openSqlite, type DbHandle } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { nowIso } from '../server/db/schema.js';
import { createGroup } from '../server/modules/groups/service.js';
import { queryFilterCondition, recipeFilterAttributes } from '../server/platform/query-filter/index.js';
import { normalizeText, slugify } from '../server/platform/slug.js';
import { prepareRecipeSearch, rebuildSearchIndex, type SearchOrder } from '../server/search/index.js';

/** Roughly in order of how often real recipes use them: staples first. */
const FOODS = `salt pepper oil garlic onion butter sugar flour eggs water milk lemon olive cream tomatoes parsley chicken cheese
carrot vanilla cinnamon cumin ginger potatoes rice honey beef stock celery thyme basil paprika lime soy sauce vinegar mustard
spinach mushrooms bacon pork parmesan yogurt coriander oregano rosemary chili shallot leek pasta beans chickpeas lentils apple
orange banana coconut almond walnut chocolate cocoa salmon shrimp prawns tuna cod tofu zucchini broccoli cauliflower cabbage kale
aubergine peas corn avocado mango pineapple strawberry raspberry blueberry cherry peach pear apricot hazelnut pecan pistachio
peanut cashew quinoa couscous bulgur oats barley noodles spaghetti penne nutmeg turmeric saffron maple syrup mayonnaise ketchup
sesame mint dill tarragon sage lamb feta ricotta mozzarella tempeh jalapeño wine beer broth`
  .split(/\s+/)
  .filter(Boolean);
const DISHES = `soup stew curry salad pie tart cake cookies bread loaf muffins pancakes waffles risotto paella lasagne casserole
gratin roast bake stir fry skewers burger tacos burritos enchiladas quesadilla pizza focaccia frittata omelette quiche sauce dip
smoothie crumble pudding mousse sorbet brûlée crème crêpes gnocchi pâté ragù goulash chowder biryani dal tagine`
  .split(/\s+/)
  .filter(Boolean);
const VERBS = `chop slice dice mince whisk stir fold simmer boil bake roast grill fry sauté toast blend knead rest season taste
serve garnish drain rinse peel grate melt cool chill marinate reduce preheat combine transfer cover cook heat add mix pour spread`
  .split(/\s+/)
  .filter(Boolean);
const FILLER = `the a and with until for about minutes then into over in of to on golden soft tender fragrant crispy smooth thick
large small medium bowl pan pot oven tray dish low high gently well each remaining half`
  .split(/\s+/)
  .filter(Boolean);

/** Deterministic pseudo-random numbers, so two runs time the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const rand = random(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
/** Zipf-like: the k-th word is picked about 1/k as often as the first, like real word frequencies. */
const pickSkewed = <T>(list: readonly T[]): T => list[Math.min(list.length - 1, Math.floor(Math.exp(rand() * Math.log(list.length + 1)) - 1))];
const sentence = (length: number, pool: readonly string[]) => Array.from({ length }, () => pickSkewed(pool)).join(' ');
/** A long tail of rare made-up words (brand names, regional dishes), so the vocabulary has a realistic size. */
const rareWord = () => Array.from({ length: 5 + Math.floor(rand() * 5) }, () => pick([...'bcdfghklmnprstvz']) + pick([...'aeiou'])).join('').slice(0, 9);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A fresh database: a temp SQLite file, or a new PostgreSQL database next to `postgresUrl`. */
async function openScratch(postgresUrl: string | undefined): Promise<{ handle: DbHandle; dispose: () => Promise<void> }> {
  if (!postgresUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-search-'));
    const handle = openSqlite(path.join(dir, 'hearth.db'));
    return {
      handle,
      dispose: async () => {
        await handle.close();
        if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
        else fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `hearth_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    handle,
    dispose: async () => {
      await handle.close();
      if (process.env.BENCH_KEEP) {
        console.log(`kept ${url.toString()}`);
        return;
      }
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main() {
  const args = process.argv.slice(2);
  const postgresFlag = args.indexOf('--postgres');
  const postgresUrl = postgresFlag >= 0 ? args.splice(postgresFlag, 2)[1] : undefined;
  const total = Number(args[0] ?? 10_000);
  const { handle, dispose } = await openScratch(postgresUrl);
  const { db } = handle;
  const deps = { db, engine: handle.engine };
  try {
    await migrate(handle);
    const { groupId, householdId } = await createGroup(db, 'Bench', { householdName: 'Bench home' });
    const tagIds: string[] = [];
    for (const name of ['Dinner', 'Lunch', 'Dessert', 'Vegetarian', 'Quick', 'Baking', 'Soup', 'Spicy']) {
      const id = crypto.randomUUID();
      await db.insertInto('tags').values({ id, group_id: groupId, name, slug: slugify(name), created_at: nowIso(), update_at: nowIso() }).execute();
      tagIds.push(id);
    }

    let started = performance.now();
    const batch = 1000;
    for (let offset = 0; offset < total; offset += batch) {
      await db.transaction().execute(async (trx) => {
        const recipes = [];
        const ingredients = [];
        const steps = [];
        const tags = [];
        for (let i = offset; i < Math.min(total, offset + batch); i++) {
          const id = crypto.randomUUID();
          const name = `${pick(FOODS)} ${rand() < 0.3 ? `${pick(FOODS)} ` : ''}${pick(DISHES)}${rand() < 0.05 ? ` ${rareWord()}` : ''}`;
          const description = `${sentence(6 + Math.floor(rand() * 10), FILLER)} ${pick(FOODS)}${rand() < 0.2 ? ` ${rareWord()}` : ''}`;
          const created = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
          recipes.push({
            id, slug: `${slugify(name)}-${i}`, group_id: groupId, household_id: householdId, name, description,
            recipe_yield_quantity: 0, recipe_servings: 4, is_ocr_recipe: false, name_normalized: normalizeText(name),
            description_normalized: normalizeText(description), settings_public: true, settings_show_nutrition: false,
            settings_show_assets: false, settings_landscape_view: false, settings_disable_comments: false,
            settings_disable_amount: true, settings_locked: false, created_at: created, update_at: created,
          });
          for (let k = 0; k < 6 + Math.floor(rand() * 8); k++) {
            const line = `${1 + Math.floor(rand() * 500)} g ${pickSkewed(FOODS)}${rand() < 0.3 ? `, ${pick(VERBS)}ed` : ''}`;
            ingredients.push({ recipe_id: id, position: k, note: line, original_text: line, reference_id: crypto.randomUUID(), note_normalized: normalizeText(line), original_text_normalized: normalizeText(line) });
          }
          for (let k = 0; k < 3 + Math.floor(rand() * 6); k++) {
            const text = `${pick(VERBS)} the ${pick(FOODS)} ${sentence(10 + Math.floor(rand() * 20), [...FILLER, ...VERBS])} ${pick(FOODS)}.`;
            steps.push({ id: crypto.randomUUID(), recipe_id: id, position: k, type: 'RecipeStep', title: '', summary: '', text });
          }
          tags.push({ recipe_id: id, tag_id: pick(tagIds) });
        }
        await trx.insertInto('recipes').values(recipes).execute();
        for (let k = 0; k < ingredients.length; k += 2000) await trx.insertInto('recipes_ingredients').values(ingredients.slice(k, k + 2000)).execute();
        for (let k = 0; k < steps.length; k += 2000) await trx.insertInto('recipe_instructions').values(steps.slice(k, k + 2000)).execute();
        await trx.insertInto('recipes_to_tags').values(tags).execute();
      });
    }
    console.log(`generated ${total} recipes in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    await rebuildSearchIndex(deps);
    console.log(`indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const sizes =
      handle.engine === 'sqlite'
        ? await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat group by name order by bytes desc limit 12`.execute(db)
        : await sql<{ name: string; bytes: number }>`select relname as name, pg_total_relation_size(oid) as bytes from pg_class
            where relkind = 'r' and relnamespace = 'public'::regnamespace order by bytes desc limit 8`.execute(db);
    const terms = await sql<{ n: number }>`select count(*) as n from recipe_search_terms`.execute(db);
    const variants = await sql<{ n: number }>`select count(*) as n from recipe_search_term_variants`.execute(db);
    console.log(`vocabulary: ${terms.rows[0].n} words, ${variants.rows[0].n} deletion variants`);
    console.log('largest tables/indexes (MB):', sizes.rows.map((r) => `${r.name} ${(Number(r.bytes) / 1e6).toFixed(1)}`).join(', '));
    await sql`analyze`.execute(db);

    const attributes = recipeFilterAttributes('r');
    /**
     * What GET /api/recipes runs: a search alone is answered from the index (page + total); with other
     * filters it is a WHERE and a first ORDER BY term of the list's count and page queries.
     */
    const listPage = async (text: string | null, filter: string | null, order?: SearchOrder) => {
      const search = text ? await prepareRecipeSearch(deps, text, { groupId }) : null;
      if (search && !filter) {
        const page = await search.page({ limit: 30, offset: 0, order });
        return { rows: page.recipeIds.length, total: page.total ?? 0 };
      }
      const where = filter ? queryFilterCondition(filter, attributes) : null;
      let base = db.selectFrom('recipes as r').where('r.group_id', '=', groupId);
      if (where) base = base.where(where);
      if (search) base = base.where(search.matches('r.id'));
      let page = base.select(['r.id', 'r.name']);
      if (search) page = page.orderBy(search.tier('r.id'));
      const rows = await page.orderBy('r.created_at', 'desc').orderBy('r.id').limit(30).execute();
      const n = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return { rows: rows.length, total: Number(n.n) };
    };

    const byName: SearchOrder = { by: 'name', direction: 'asc' };
    const cases: Array<[string, string | null, string | null, SearchOrder?]> = [
      ['list, no search', null, null],
      ['list + queryFilter tags.name IN', null, 'tags.name IN ["Dinner", "Quick"] AND rating IS NULL'],
      ['very common word "salt"', 'salt', null],
      ['very common word "salt", by name', 'salt', null, byName],
      ['common word "chicken"', 'chicken', null],
      ['common word "chicken", by name', 'chicken', null, byName],
      ['prefix while typing "chick"', 'chick', null],
      ['prefix while typing "sa"', 'sa', null],
      ['two words "chicken curry"', 'chicken curry', null],
      ['rare word (dish) "goulash"', 'goulash', null],
      ['typo "chiken"', 'chiken', null],
      ['typo "choclate cake"', 'choclate cake', null],
      ['accented "pâté"', 'pâté', null],
      ['unaccented "creme"', 'creme', null],
      ['search + queryFilter', 'chicken', 'tags.slug CONTAINS ALL ["dinner"]'],
    ];
    const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
    console.log(`\n${'case'.padEnd(34)} ${'hits'.padStart(7)}  p50 ms  p95 ms  (${rounds} runs, ${handle.engine}, ${total} recipes)`);
    for (const [label, text, filter, order] of cases) {
      for (let i = 0; i < 10; i++) await listPage(text, filter, order);
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now();
        hits = (await listPage(text, filter, order)).total;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(`${label.padEnd(34)} ${String(hits).padStart(7)}  ${percentile(times, 50).toFixed(2).padStart(6)}  ${percentile(times, 95).toFixed(2).padStart(6)}`);
    }
  } finally {
    await dispose();
  }
}

await main();
