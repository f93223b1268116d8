/**
 * Issue 37's two costs at library scale: a recipe's computed nutrition (GET /api/recipes/{slug}/nutrition/computed)
 * and adding a recipe to a shopping list whose lines of the same foods are in other units, so that every add
 * converts (POST /api/households/shopping/lists/{id}/recipe/{recipeId}). The library's "kitchen" recipes have
 * parsed lines: seeded foods linked to USDA reference foods, in mixed units (cups, spoons, grams, ounces,
 * pounds, millilitres, pieces, cloves), with a few lines nothing can count ("salt to taste", unlinked foods).
 * Part of `npm run bench`; alone (only these two, plus the parse and import timings): bench/food-only.ts.
 */
import http from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.js';
import { normalizeText, slugify } from '../server/platform/slug.js';
import { seedFoods, seedLabels, seedUnits } from '../server/modules/seeders/service.js';
import { rng } from './generate.js';
import { cpuMs, sequentialLatency, type Latency } from './measure.js';

/** How many of the library's recipes are kitchen recipes (parsed lines), at most. */
export const KITCHEN_RECIPES = 2000;

/** Units by kind of food, as recipes write them (seeded en-US unit names). */
const UNITS_FOR = {
  dry: ['cup', 'tablespoon', 'teaspoon', 'gram', 'ounce', 'kilogram', 'pound'],
  wet: ['cup', 'tablespoon', 'milliliter', 'liter', 'fluid ounce', 'teaspoon'],
  piece: [null, null, 'gram', 'pound', 'ounce'],
  clove: ['clove', null],
} as const;

/** Amounts people write in each unit. */
const QUANTITIES: Record<string, number[]> = {
  gram: [50, 100, 125, 200, 250, 500], milliliter: [50, 100, 150, 250, 500], kilogram: [0.5, 1, 1.5], liter: [0.5, 1, 1.5], pound: [0.5, 1, 2],
  ounce: [2, 4, 8, 12], 'fluid ounce': [2, 4, 8], cup: [0.25, 0.5, 1, 1.5, 2, 3], tablespoon: [1, 2, 3], teaspoon: [0.5, 1, 2], clove: [1, 2, 3, 4], piece: [1, 2, 3, 4, 6],
};

function kindOf(name: string): keyof typeof UNITS_FOR {
  if (/garlic/.test(name)) return 'clove';
  if (/milk|oil|water|stock|broth|cream|juice|vinegar|sauce|wine|syrup|honey/.test(name)) return 'wet';
  if (/flour|sugar|rice|oat|salt|pepper|powder|butter|cheese|lentil|bean|pasta|nut|seed|spice|cumin|paprika|cinnamon|cocoa|starch|breadcrumb/.test(name)) return 'dry';
  return 'piece';
}

/**
 * Seeds the group's labels, units and foods (en-US, as a household that pressed "seed" has them: the foods come
 * linked) and writes `count` kitchen recipes of 8–16 parsed lines each, spread over the library's dates.
 */
export async function generateKitchenRecipes(db: Kysely<Database>, options: { count: number; groupId: string; householdId: string; userId: string; seed?: number }): Promise<void> {
  const r = rng(options.seed ?? 7);
  await seedLabels(db, options.groupId, 'en-US');
  await seedUnits(db, options.groupId, 'en-US');
  await seedFoods(db, options.groupId, 'en-US');
  const foods = await db.selectFrom('ingredient_foods').select(['id', 'name', 'reference_food_id']).where('group_id', '=', options.groupId).execute();
  const linked = foods.filter((food) => food.reference_food_id);
  const unlinked = foods.filter((food) => !food.reference_food_id);
  const units = new Map((await db.selectFrom('ingredient_units').select(['id', 'name']).where('group_id', '=', options.groupId).execute()).map((u) => [u.name, u.id]));
  const now = Date.now();
  const usedSlugs = new Set((await db.selectFrom('recipes').select('slug').where('group_id', '=', options.groupId).execute()).map((x) => x.slug));
  for (let start = 0; start < options.count; start += 100) {
    const size = Math.min(100, options.count - start);
    await db.transaction().execute(async (trx) => {
      const recipes = [];
      const lines = [];
      const steps = [];
      for (let i = 0; i < size; i += 1) {
        const id = r.uuid();
        const name = `Kitchen ${r.pick(['Stew', 'Bake', 'Curry', 'Cake', 'Soup', 'Bread', 'Salad', 'Pie'])} ${start + i + 1}`;
        let slug = slugify(name);
        for (let n = 1; usedSlugs.has(slug); n += 1) slug = `${slugify(name)}-${n}`;
        usedSlugs.add(slug);
        const created = new Date(now - r.int(0, 3 * 365) * 86_400_000 - r.int(0, 86_399) * 1000).toISOString();
        recipes.push({
          id, slug, group_id: options.groupId, household_id: options.householdId, user_id: options.userId, name, description: 'A recipe with parsed ingredients.',
          image: null, rating: null, total_time: '60 minutes', prep_time: '15 minutes', cook_time: null, perform_time: '45 minutes',
          recipe_yield: '', recipe_yield_quantity: 0, recipe_servings: r.int(2, 8), recipe_cuisine: null, org_url: null, is_ocr_recipe: false,
          date_added: created.slice(0, 10), date_updated: created, last_made: null, name_normalized: normalizeText(name), description_normalized: normalizeText('A recipe with parsed ingredients.'),
          settings_public: true, settings_show_nutrition: true, settings_show_assets: false, settings_landscape_view: false, settings_disable_comments: false,
          settings_disable_amount: false, settings_locked: false, created_at: created, update_at: created,
        });
        const count = r.int(8, 16);
        const picked = new Set<string>();
        for (let p = 0; p < count; p += 1) {
          // One line in twelve is "salt to taste" (no amount), one in twelve an unlinked food: both uncounted.
          const roll = r.next();
          const food = roll < 1 / 12 ? null : roll < 2 / 12 && unlinked.length ? r.pick(unlinked) : r.pick(linked);
          if (food && picked.has(food.id)) continue;
          if (food) picked.add(food.id);
          const unitName = food ? r.pick(UNITS_FOR[kindOf(food.name.toLowerCase())]) : null;
          const quantity = food ? r.pick(QUANTITIES[unitName ?? 'piece'] ?? [0.5, 1, 1.5, 2, 3]) : null;
          const text = food ? `${quantity} ${unitName ?? ''} ${food.name}`.replace(/\s+/g, ' ') : 'salt to taste';
          lines.push({
            recipe_id: id, position: p, title: null, note: food ? '' : 'salt to taste', unit_id: unitName ? (units.get(unitName) ?? null) : null,
            food_id: food?.id ?? null, quantity, original_text: text, reference_id: r.uuid(), note_normalized: food ? '' : 'salt to taste', original_text_normalized: normalizeText(text),
          });
        }
        steps.push({ id: r.uuid(), recipe_id: id, position: 0, type: 'RecipeStep', title: '', summary: '', text: 'Mix everything and bake 40 minutes at 180 °C.' });
      }
      await trx.insertInto('recipes').values(recipes).execute();
      for (let i = 0; i < lines.length; i += 500) await trx.insertInto('recipes_ingredients').values(lines.slice(i, i + 500)).execute();
      await trx.insertInto('recipe_instructions').values(steps).execute();
    });
  }
}

/** The kitchen recipes' slugs and ids, in a fixed order. */
export async function kitchenRecipes(db: Kysely<Database>): Promise<Array<{ id: string; slug: string }>> {
  return db.selectFrom('recipes').select(['id', 'slug']).where('name', 'like', 'Kitchen %').orderBy('id').execute();
}

export interface FoodCosts {
  /** cpuMs: the server's CPU time per request (user + system), when its process id was given. */
  nutrition: Latency & { cpuMs: number | null };
  addToList: Latency & { listItems: number; cpuMs: number | null };
}

function post(url: string, headers: Record<string, string>, agent: http.Agent, body: unknown): Promise<{ status: number; queries: number | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const q = response.headers['x-hearth-queries'];
        resolve({ status: response.statusCode ?? 0, queries: q === undefined ? null : Number(q), body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;

/**
 * Nutrition: `requests` kitchen recipes in turn (each computed: nothing caches it), after 30 to warm up.
 * Add to list: a list that already holds 12 kitchen recipes (their foods in other units than most adds), then
 * `requests` times a recipe added (timed) and removed again (not timed), so every add finds the same list.
 * With the server's process id, its CPU time per request too (read from /proc around each timed request, so
 * the removes between adds are not billed to them): less disturbed than milliseconds on a shared machine.
 */
export async function measureFoodCosts(
  baseUrl: string,
  headers: Record<string, string>,
  kitchen: ReadonlyArray<{ id: string; slug: string }>,
  requests: number,
  serverPid?: number,
): Promise<FoodCosts> {
  if (kitchen.length < 50) throw new Error('the library has too few kitchen recipes');
  const cpu = () => (serverPid === undefined ? 0 : cpuMs(serverPid));
  const perRequest = (used: number, count: number) => (serverPid === undefined || count === 0 ? null : Math.round((used / count) * 100) / 100);
  const nutritionUrl = (i: number) => `${baseUrl}/api/recipes/${kitchen[(i * 7) % kitchen.length].slug}/nutrition/computed`;
  await sequentialLatency((i) => nutritionUrl(i + 1000), { ...headers, 'cache-control': 'no-cache' }, 30);
  const nutritionCpuBefore = cpu();
  const nutritionLatency = await sequentialLatency(nutritionUrl, { ...headers, 'cache-control': 'no-cache' }, requests);
  const nutrition = { ...nutritionLatency, cpuMs: perRequest(cpu() - nutritionCpuBefore, requests) };

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const created = await post(`${baseUrl}/api/households/shopping/lists`, headers, agent, { name: `Bench ${Date.now()}` });
    const list = JSON.parse(created.body.toString()).id as string;
    const prefill = kitchen.slice(-12);
    for (const recipe of prefill) await post(`${baseUrl}/api/households/shopping/lists/${list}/recipe/${recipe.id}`, headers, agent, { recipeIncrementQuantity: 1 });
    const times: number[] = [];
    let addCpu = 0;
    let queries: number | null = null;
    let status = 0;
    let listItems = 0;
    const walk = kitchen.slice(0, -12);
    for (let i = 0; i < requests + 20; i += 1) {
      const recipe = walk[(i * 13) % walk.length];
      const cpuBefore = cpu();
      const started = performance.now();
      const added = await post(`${baseUrl}/api/households/shopping/lists/${list}/recipe/${recipe.id}`, headers, agent, { recipeIncrementQuantity: 1 });
      const took = performance.now() - started;
      if (i >= 20) {
        // the first 20 warm up
        times.push(took);
        addCpu += cpu() - cpuBefore;
      }
      status = added.status;
      queries = added.queries ?? queries;
      listItems = (JSON.parse(added.body.toString()).listItems ?? []).length;
      await post(`${baseUrl}/api/households/shopping/lists/${list}/recipe/${recipe.id}/delete`, headers, agent, { recipeDecrementQuantity: 1 });
    }
    times.sort((a, b) => a - b);
    return {
      nutrition,
      addToList: { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), queries, status, listItems, cpuMs: perRequest(addCpu, requests) },
    };
  } finally {
    agent.destroy();
  }
}

export function foodCostsLine(engine: string, recipes: number, costs: FoodCosts): string {
  const { nutrition: n, addToList: a } = costs;
  return (
    `${engine}, ${recipes} recipes: computed nutrition of a recipe p50 ${n.p50} / p95 ${n.p95} / p99 ${n.p99} ms (target p95 < 5 ms), ${n.cpuMs ?? '-'} CPU-ms/req, ` +
    `${n.queries ?? '-'} statements, HTTP ${n.status}; ` +
    `add a recipe to a list with conversions p50 ${a.p50} / p95 ${a.p95} / p99 ${a.p99} ms (target p95 < 20 ms), ${a.cpuMs ?? '-'} CPU-ms/req, ` +
    `${a.queries ?? '-'} statements, HTTP ${a.status}, list of ${a.listItems} items.`
  );
}
