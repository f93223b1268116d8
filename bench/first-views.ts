/**
 * What a household gets the first time it asks, not what the read cache answers on the second: searches the
 * server has not seen, recipes opened for the first time, a recipe right after its edit, a shopping list right
 * after a tick, adding an item matched among 5,000 foods, a month of meal plans. Each is `requests` requests in
 * turn, sent as a browser sends them (no no-cache), p50/p95/p99 of the measured request and the server's CPU
 * per request (from each request's start to its answer; the write before it, when there is one, apart).
 */
import http from 'node:http';
import { browserRequest, preciseCpuMs, type Answer } from './measure.js';
import { UnseenSearches, type SearchKind } from './unseen-searches.js';

export interface FirstView {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** The server's CPU per measured request, from its start to its answer (preciseCpuMs). */
  cpuMs: number;
  /** When a write comes before each: the server's CPU per write, measured the same way. */
  writeCpuMs?: number;
}

export type { Answer };

/** One request as a browser sends it, over a kept-alive connection; the body decoded once whole. */
export function call(baseUrl: string, method: string, path: string, headers: Record<string, string>, agent: http.Agent, body?: unknown): Promise<Answer> {
  return browserRequest(`${baseUrl}${path}`, { method, headers, agent, body });
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * `requests` times: `before(i)` (a write, not timed), then `measured(i)`, timed. Each request's CPU is the
 * server's from just before it is sent to its answer, to the nanosecond, so a write's CPU is never subtracted
 * from its read's: subtracting the same writes sent alone (in 10 ms ticks) printed 0 for a get after an edit,
 * whose writes cost more than the get. Work a write leaves for after its answer (its events, after commit)
 * that runs while the read is served is counted to the read: the read waits for it.
 */
export async function firstViewLoop(pid: number, requests: number, measured: (i: number) => Promise<Answer>, before?: (i: number) => Promise<unknown>): Promise<FirstView> {
  const times: number[] = [];
  let used = 0;
  let writes = 0;
  for (let i = 0; i < requests; i += 1) {
    if (before) {
      const writeStart = preciseCpuMs(pid);
      await before(i);
      writes += preciseCpuMs(pid) - writeStart;
    }
    const cpuStart = preciseCpuMs(pid);
    const started = performance.now();
    const answer = await measured(i);
    times.push(performance.now() - started);
    used += preciseCpuMs(pid) - cpuStart;
    if (answer.status >= 300) throw new Error(`answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]);
  return { requests, p50: at(50), p95: at(95), p99: at(99), cpuMs: round(used / requests), ...(before ? { writeCpuMs: round(writes / requests) } : {}) };
}

export interface FirstViewContext {
  baseUrl: string;
  pid: number;
  headers: Record<string, string>;
  /** Plain recipes of the group, the oldest first (the get walk opens the newest). */
  slugs: readonly string[];
  /** Names of the group's 5,000 foods. */
  foods: readonly string[];
  ingredientLines: readonly string[];
  requests: number;
}

const SHOPPING_ITEMS = 200;
const MONTH = '2026-11';
export const MEAL_PLAN_MONTH_PATH = `/api/households/mealplans?start_date=${MONTH}-01&end_date=${MONTH}-30&perPage=-1`;

/** Three meals a day for a month, two of them recipes (from `slugs`, at least 61). */
export async function planMonth(ok: (method: string, path: string, body?: unknown) => Promise<{ id: string } | null>, slugs: readonly string[]): Promise<void> {
  for (let day = 1; day <= 30; day += 1) {
    const date = `${MONTH}-${String(day).padStart(2, '0')}`;
    await ok('POST', '/api/households/mealplans', { date, entryType: 'breakfast', title: 'Porridge' });
    await ok('POST', '/api/households/mealplans', { date, entryType: 'lunch', recipeId: (await ok('GET', `/api/recipes/${slugs[day]}`))!.id });
    await ok('POST', '/api/households/mealplans', { date, entryType: 'dinner', recipeId: (await ok('GET', `/api/recipes/${slugs[day + 30]}`))!.id });
  }
}

export async function measureFirstViews(ctx: FirstViewContext): Promise<Record<string, FirstView>> {
  const { baseUrl, pid, headers, requests } = ctx;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: unknown) => call(baseUrl, method, path, headers, agent, body);
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await send(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
    return answer.body.length ? JSON.parse(answer.body.toString()) : null;
  };
  const results: Record<string, FirstView> = {};
  const report = (name: string, view: FirstView) => {
    results[name] = view;
    const write = view.writeCpuMs === undefined ? '' : `, the write before it ${view.writeCpuMs} CPU-ms`;
    console.log(`  ${name.padEnd(40)} p50 ${view.p50} ms  p95 ${view.p95} ms  p99 ${view.p99} ms  ${view.cpuMs} CPU-ms/req${write}  (${view.requests} requests)`);
  };
  try {
    const searches = new UnseenSearches(ctx.ingredientLines);
    for (const kind of ['common', 'rare', 'typo', 'accent'] as SearchKind[]) {
      const n = Math.min(requests, searches.left(kind));
      report(`search ${kind}, unseen`, await firstViewLoop(pid, n, () => send('GET', searches.path(kind))));
    }

    // A write empties the group's kept recipes; each recipe is then opened once.
    await ok('PATCH', `/api/recipes/${ctx.slugs[0]}`, { description: 'Opened for the first time' });
    const firstSlugs = ctx.slugs.slice(1, 1 + requests);
    report('get by slug, first open', await firstViewLoop(pid, firstSlugs.length, (i) => send('GET', `/api/recipes/${firstSlugs[i]}`)));

    const edited = ctx.slugs.slice(0, 50);
    report('get after an edit', await firstViewLoop(
      pid, requests,
      (i) => send('GET', `/api/recipes/${edited[i % edited.length]}`),
      (i) => ok('PATCH', `/api/recipes/${edited[i % edited.length]}`, { description: `Edited ${i}` }),
    ));

    const list = await ok('POST', '/api/households/shopping/lists', { name: 'Bench: 200 items' });
    const notes = Array.from({ length: SHOPPING_ITEMS }, (_, i) => ({ shoppingListId: list.id, note: i % 2 ? ctx.foods[(i * 7919) % ctx.foods.length] : `thing ${i}` }));
    for (let start = 0; start < notes.length; start += 100) await ok('POST', '/api/households/shopping/items/create-bulk', notes.slice(start, start + 100));
    const items: Array<{ id: string }> = (await ok('GET', `/api/households/shopping/lists/${list.id}`)).listItems;
    report(`shopping list (${items.length} items) after a tick`, await firstViewLoop(
      pid, requests,
      () => send('GET', `/api/households/shopping/lists/${list.id}`),
      (i) => ok('PUT', '/api/households/shopping/items', [{ id: items[i % items.length].id, shoppingListId: list.id, checked: i % 2 === 0 }]),
    ));

    const adding = await ok('POST', '/api/households/shopping/lists', { name: 'Bench: adding' });
    report(`add a shopping item (${ctx.foods.length} foods)`, await firstViewLoop(pid, requests, (i) =>
      send('POST', '/api/households/shopping/items', { shoppingListId: adding.id, note: `2 ${ctx.foods[(i * 104729) % ctx.foods.length].toUpperCase()}` })));

    await planMonth(ok, ctx.slugs);
    report('meal plan month', await firstViewLoop(pid, requests, () => send('GET', MEAL_PLAN_MONTH_PATH)));
    return results;
  } finally {
    agent.destroy();
  }
}
