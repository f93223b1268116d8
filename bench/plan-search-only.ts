/**
 * Only two first views of bench/first-views.ts, without the rest of the bench: searches the server has not seen
 * (common, rare, typo, accent) and a month of meal plans (three meals a day, two of them recipes), over a library
 * of BENCH_SIZES recipes per engine. p50/p95/p99 and the server's CPU per request, then statements per request
 * from a second server that counts them. BENCH_CPU_PROF=dir writes a V8 CPU profile of the measured server;
 * BENCH_ONLY=search or BENCH_ONLY=plan measures one of the two.
 *   BENCH_SIZES=10000 BENCH_ENGINES=sqlite,postgres BENCH_REQUESTS=100 BENCH_MIXED_GROUPS=2 npx tsx bench/plan-search-only.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { firstViewLoop, MEAL_PLAN_MONTH_PATH, planMonth, type FirstView } from './first-views.js';
import { browserRequest, startServer, type Answer } from './measure.js';
import { prepare, root } from './prepare.js';
import { UnseenSearches, type SearchKind } from './unseen-searches.js';

const sizes = (process.env.BENCH_SIZES ?? '10000').split(',').map(Number);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',') as Array<'sqlite' | 'postgres'>;
const requests = Number(process.env.BENCH_REQUESTS ?? 100);
const only = process.env.BENCH_ONLY;
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const KINDS: SearchKind[] = ['common', 'rare', 'typo', 'accent'];

type Figures = FirstView & { queries?: number };

async function session(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
  const headers = { authorization: `Bearer ${(await res.json()).access_token}` };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, p: string, body?: unknown): Promise<Answer> => browserRequest(`${baseUrl}${p}`, { method, headers, agent, body });
  const ok = async (method: string, p: string, body?: unknown) => {
    const answer = await send(method, p, body);
    if (answer.status >= 300) throw new Error(`${method} ${p} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
    return answer.body.length ? JSON.parse(answer.body.toString()) : null;
  };
  return { send, ok, close: () => agent.destroy() };
}

for (const engine of engines) {
  for (const size of sizes) {
    const prepared = await prepare(engine, size);
    try {
      const searches = new UnseenSearches(prepared.ingredientLines);
      const results: Record<string, Figures> = {};
      const server = await startServer(root, prepared.env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
      const pid = server.child.pid!;
      try {
        const s = await session(server.baseUrl);
        if (only !== 'plan') {
          for (const kind of KINDS) results[`search ${kind}, unseen`] = await firstViewLoop(pid, Math.min(requests, searches.left(kind)), () => s.send('GET', searches.path(kind)));
        }
        if (only !== 'search') {
          await planMonth(s.ok, prepared.oldestSlugs);
          results['meal plan month'] = await firstViewLoop(pid, requests, () => s.send('GET', MEAL_PLAN_MONTH_PATH));
        }
        s.close();
      } finally {
        await server.stop();
      }
      const counting = await startServer(root, { ...prepared.env, HEARTH_EXPOSE_QUERY_COUNT: 'true' });
      try {
        const s = await session(counting.baseUrl);
        const queries = async (p: string) => Number((await s.send('GET', p)).headers['x-hearth-queries']);
        if (only !== 'plan') for (const kind of KINDS) if (searches.left(kind) > 0) results[`search ${kind}, unseen`].queries = await queries(searches.path(kind));
        if (only !== 'search') results['meal plan month'].queries = await queries(MEAL_PLAN_MONTH_PATH);
        s.close();
      } finally {
        await counting.stop();
      }
      const load = os.loadavg().map((n) => n.toFixed(1)).join(' ');
      for (const [name, f] of Object.entries(results)) {
        console.log(`${engine} ${size}: ${name.padEnd(22)} p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms  ${f.cpuMs} CPU-ms/req  ${f.queries ?? '?'} statements  (load ${load})`);
      }
      if (profileDir) console.log(`profiles in ${profileDir}: ${fs.readdirSync(profileDir).join(', ')}`);
    } finally {
      await prepared.drop();
      fs.rmSync(prepared.dataDir, { recursive: true, force: true });
    }
  }
}
