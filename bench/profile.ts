/**
 * `npx tsx bench/profile.ts`: where a request's CPU goes. Prepares a library like the bench does, starts the
 * server with --cpu-prof, sends one scenario under 10 connections, and prints the functions with the most
 * self time. PROFILE_ENGINE=sqlite|postgres PROFILE_SIZE=10000 PROFILE_SCENARIO="list p1" PROFILE_SECONDS=8
 * PROFILE_REPEATED=true; PROFILE_DATA_DIR=<a SQLite data directory a bench run prepared> profiles over it as it is,
 * PROFILE_PG_URL=<a PostgreSQL database a bench run prepared> likewise. PROFILE_SCENARIO="list p1 after a write"
 * profiles bench/after-write.ts's loop (a recipe edited, then the list's first page), PROFILE_REQUESTS times.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMsPerRequest, startServer, throughput } from './measure.js';
import { prepare, root } from './prepare.js';
import { GET_WALK_RECIPES, SCENARIOS } from './scenarios.js';
import { measureAfterWrite } from './after-write.js';

const engine = (process.env.PROFILE_ENGINE ?? 'sqlite') as 'sqlite' | 'postgres';
const size = Number(process.env.PROFILE_SIZE ?? 10000);
const scenarioName = process.env.PROFILE_SCENARIO ?? 'list p1';
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const afterWrite = scenarioName === 'list p1 after a write';
const scenario = afterWrite ? SCENARIOS[0] : SCENARIOS.find((s) => s.name === scenarioName);
if (!scenario) throw new Error(`no scenario "${scenarioName}": ${SCENARIOS.map((s) => s.name).join(', ')}`);

const keptPg = process.env.PROFILE_PG_URL;
const keptDir = process.env.PROFILE_DATA_DIR ?? (keptPg ? fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-profile-data-')) : undefined);
const prepared = keptDir
  ? { env: { DATA_DIR: keptDir, ...(keptPg ? { DB_ENGINE: 'postgres', POSTGRES_URL_OVERRIDE: keptPg } : {}) }, dataDir: keptDir, slug: '', walkSlugs: [] as string[], drop: async () => undefined }
  : await prepare(engine, size);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-profile-'));
const server = await startServer(root, prepared.env, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...(process.env.PROFILE_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])]);
try {
  const login = await fetch(`${server.baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
  // Computed pages unless PROFILE_REPEATED=true: a repeated page comes from the read cache and profiles nothing else.
  const headers: Record<string, string> = { authorization: `Bearer ${(await login.json()).access_token}` };
  if (process.env.PROFILE_REPEATED !== 'true') headers['cache-control'] = 'no-cache';
  const slug = prepared.slug || (await (await fetch(`${server.baseUrl}/api/recipes?perPage=1`, { headers })).json()).items[0].slug;
  const walkSlugs = prepared.walkSlugs.length > 0 || !scenario.walks
    ? prepared.walkSlugs
    : (await (await fetch(`${server.baseUrl}/api/recipes?perPage=${GET_WALK_RECIPES}`, { headers })).json()).items.map((r: { slug: string }) => r.slug);
  const urlOf = (request: number) => `${server.baseUrl}${scenario.path({ total: size, slug, walkSlugs, request })}`;
  const url = scenario.walks ? urlOf : urlOf(0);
  if (afterWrite) {
    const result = await measureAfterWrite(server.baseUrl, server.child.pid!, { authorization: headers.authorization }, slug, Number(process.env.PROFILE_REQUESTS ?? 300), 1);
    console.log(`${scenarioName}: p50 ${result.listAfterWrite.p50} ms, ${result.listAfterWrite.cpuMs} CPU-ms per list, ${result.listAfterWrite.writeCpuMs} per write; the profile holds the writes too`);
  } else {
    await throughput(url, headers, 2);
    const measured = await cpuMsPerRequest(server.child.pid!, () => throughput(url, headers, seconds));
    console.log(`${scenarioName}: ${measured.result.rps} req/s, ${measured.cpuMs} CPU-ms per request`);
  }
} finally {
  await server.stop();
  await prepared.drop();
  if (!process.env.PROFILE_DATA_DIR) fs.rmSync(prepared.dataDir, { recursive: true, force: true });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.includes('dist/server') ? 'hearth' : url ? 'node' : functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
}
const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([key, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
console.log('\nSelf time by package:\n' + top(byPackage, 15).join('\n'));
console.log('\nSelf time by function:\n' + top(byFunction, 40).join('\n'));
console.log(`\nprofile: ${path.join(profileDir, file)}`);
