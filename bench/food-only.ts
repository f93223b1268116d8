/**
 * Only issue 37's food costs (bench/food.ts) and issue 35's parse and import timings (bench/extras.ts), without
 * the rest of the bench: a library of BENCH_SIZES recipes per engine, the two costs over HTTP, statements per
 * request from a second server that counts them. BENCH_WRITE_LATEST=1 puts the lines atop bench/results/latest.md
 * under a dated heading. BENCH_CPU_PROF=dir writes a V8 CPU profile of the measured server there (open it in
 * Chrome's DevTools, or summarise it with scripts/cpu-profile-summary.mjs).
 *   BENCH_SIZES=100000 BENCH_ENGINES=sqlite,postgres BENCH_REQUESTS=200 npx tsx bench/food-only.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAndImportTimings } from './extras.js';
import { foodCostsLine, measureFoodCosts, type FoodCosts } from './food.js';
import { startServer } from './measure.js';
import { prepare, root, sharedData } from './prepare.js';

const sizes = (process.env.BENCH_SIZES ?? '100000').split(',').map(Number);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',') as Array<'sqlite' | 'postgres'>;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const lines: string[] = [];
for (const engine of engines) {
  for (const size of sizes) {
    const prepared = await prepare(engine, size);
    try {
      const login = async (baseUrl: string) => {
        const res = await fetch(`${baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
        return { authorization: `Bearer ${(await res.json()).access_token}` };
      };
      const server = await startServer(root, prepared.env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
      let costs: FoodCosts;
      try {
        costs = await measureFoodCosts(server.baseUrl, await login(server.baseUrl), prepared.kitchen, requests, server.child.pid);
      } finally {
        await server.stop();
      }
      // Statements per request, from a server that counts them.
      const counting = await startServer(root, { ...prepared.env, HEARTH_EXPOSE_QUERY_COUNT: 'true' });
      try {
        const counted = await measureFoodCosts(counting.baseUrl, await login(counting.baseUrl), prepared.kitchen, 20);
        costs.nutrition.queries = counted.nutrition.queries;
        costs.addToList.queries = counted.addToList.queries;
      } finally {
        await counting.stop();
      }
      const line = `${foodCostsLine(engine, size, costs)} Load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}.`;
      console.log(line);
      lines.push(line);
    } finally {
      await prepared.drop();
      fs.rmSync(prepared.dataDir, { recursive: true, force: true });
    }
  }
}
const timings = await parseAndImportTimings(sharedData);
for (const line of timings) console.log(line);
if (process.env.BENCH_WRITE_LATEST === '1') {
  const file = path.join(root, 'bench/results/latest.md');
  const heading = `## ${new Date().toISOString().slice(0, 10)}: issue 37's food costs and issue 35's parse and import timings (bench/food.ts)`;
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.writeFileSync(file, `${heading}\n\n${[...lines, ...timings].map((l) => `- ${l}`).join('\n')}\n\n${before}`);
}
