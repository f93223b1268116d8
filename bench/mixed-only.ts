/**
 * Only issue 36's mixed run (bench/mixed.ts), without the rest of the bench: a library of BENCH_SIZES recipes per
 * engine with BENCH_MIXED_GROUPS groups, then the mixed run for BENCH_MIXED_SECONDS, flat out and paced at
 * BENCH_MIXED_RATE requests per second (100 by default). BENCH_CPU_PROF=dir writes a
 * V8 CPU profile of the measured server there (summarise it with scripts/cpu-profile-summary.mjs).
 *   BENCH_SIZES=10000 BENCH_ENGINES=sqlite BENCH_MIXED_SECONDS=30 npx tsx bench/mixed-only.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './measure.js';
import { mixedLines, mixedRun } from './mixed.js';
import { prepare, root } from './prepare.js';

const sizes = (process.env.BENCH_SIZES ?? '10000').split(',').map(Number);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',') as Array<'sqlite' | 'postgres'>;
const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
for (const engine of engines) {
  for (const size of sizes) {
    const prepared = await prepare(engine, size);
    try {
      const server = await startServer(root, prepared.env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
      try {
        const login = await fetch(`${server.baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
        const admin = { authorization: `Bearer ${(await login.json()).access_token}` };
        for (const rate of [null, Number(process.env.BENCH_MIXED_RATE ?? 100)]) {
          const run = await mixedRun(server.baseUrl, server.child.pid!, admin, prepared.groups, seconds, rate);
          for (const line of mixedLines(engine, size, run)) console.log(line);
        }
        console.log(`Load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}.`);
      } finally {
        await server.stop();
      }
    } finally {
      await prepared.drop();
      fs.rmSync(prepared.dataDir, { recursive: true, force: true });
    }
  }
}
