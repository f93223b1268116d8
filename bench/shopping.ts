import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openPostgres, openSqlite, type DbHandle } from '../server/db/connect.js';
import { seedFirstRun } from '../server/modules/users/first-run.js';
import { migrate } from '../server/db/migrate.js';
import { insertFoods } from '../server/modules/foods/service.js';

/**
 * Shopping list latencies with a large food catalogue (issue 12): adding one typed item (matched to its food by
 * index, never by scanning the foods), ticking one item, and reading a list of `items` items, in process
 * (app.inject), p50/p95 in ms. `BENCH_SHOPPING_FOODS` / `BENCH_SHOPPING_ITEMS` narrow it.
 */
export async function shoppingBench(options: { foods?: number; items?: number; engine?: 'sqlite' | 'postgres'; pgUrl?: string } = {}) {
  const foods = options.foods ?? Number(process.env.BENCH_SHOPPING_FOODS ?? 5000);
  const items = options.items ?? Number(process.env.BENCH_SHOPPING_ITEMS ?? 300);
  const engine = options.engine ?? 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-shopping-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  let handle: DbHandle;
  if (engine === 'postgres' && options.pgUrl) {
    env.DB_ENGINE = 'postgres';
    env.POSTGRES_URL_OVERRIDE = options.pgUrl;
    handle = openPostgres(options.pgUrl);
  } else {
    handle = openSqlite(path.join(dataDir, 'hearth.db'));
  }
  const config = loadConfig(env);
  await migrate(handle);
  await seedFirstRun(handle, config);
  const { app } = await buildApp(config, handle, { logger: false });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/token', payload: new URLSearchParams({ username: config.defaultAdmin.username, password: config.defaultAdmin.password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const self = (await app.inject({ method: 'GET', url: '/api/users/self', headers })).json();
    const names = Array.from({ length: foods }, (_, i) => `food ${String(i).padStart(5, '0')}`);
    await insertFoods(handle.db, self.groupId, names.map((name) => ({ name })));
    const list = (await app.inject({ method: 'POST', url: '/api/households/shopping/lists', headers, payload: { name: 'Bench' } })).json();
    const bulk = Array.from({ length: items }, (_, i) => ({ shoppingListId: list.id, note: i % 2 ? names[(i * 7919) % foods] : `thing ${i}` }));
    for (let start = 0; start < bulk.length; start += 100) {
      await app.inject({ method: 'POST', url: '/api/households/shopping/items/create-bulk', headers, payload: bulk.slice(start, start + 100) });
    }
    const time = async (rounds: number, work: (i: number) => Promise<unknown>) => {
      const durations: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const started = performance.now();
        await work(i);
        durations.push(performance.now() - started);
      }
      durations.sort((a, b) => a - b);
      const at = (q: number) => Math.round(durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] * 10) / 10;
      return { p50: at(0.5), p95: at(0.95) };
    };
    const created: string[] = [];
    const addItem = await time(100, async (i) => {
      const res = await app.inject({ method: 'POST', url: '/api/households/shopping/items', headers, payload: { shoppingListId: list.id, note: names[(i * 104729) % foods].toUpperCase() } });
      const body = res.json();
      created.push(...body.createdItems.map((item: { id: string }) => item.id));
    });
    // Back to `items` items before reading.
    await app.inject({ method: 'DELETE', url: `/api/households/shopping/items?${created.map((id) => `ids=${id}`).join('&')}`, headers });
    const current = (await app.inject({ method: 'GET', url: `/api/households/shopping/lists/${list.id}`, headers })).json();
    const tick = await time(100, async (i) => {
      const item = current.listItems[i % current.listItems.length];
      await app.inject({ method: 'PUT', url: '/api/households/shopping/items', headers, payload: [{ id: item.id, shoppingListId: list.id, checked: i % 2 === 0 }] });
    });
    const readList = await time(30, () => app.inject({ method: 'GET', url: `/api/households/shopping/lists/${list.id}`, headers }));
    return { engine, foods, items: current.listItems.length, addItemMs: addItem, tickMs: tick, readListMs: readList };
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await shoppingBench(), null, 2));
}
