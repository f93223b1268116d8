/**
 * `npm run bench`: Hearth at 10,000 and 100,000 recipes on SQLite (and PostgreSQL when BENCH_PG_URL or
 * TEST_PG_URL is set), over HTTP on 127.0.0.1. Prints a markdown table, writes bench/results/*.json, and
 * ends with a one-line summary. Numbers are for notes, never assertions.
 *   BENCH_SIZES=10000,100000  BENCH_SECONDS=5  BENCH_REQUESTS=200  BENCH_ENGINES=sqlite,postgres
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { openPostgres, openSqlite, type DbHandle } from '../server/db/connect.js';
import { seedFirstRun } from '../server/db/first-run.js';
import { migrate } from '../server/db/migrate.js';
import { bareThroughput } from './bare.js';
import { extraMeasurements } from './extras.js';
import { generateRecipes, loadIngredientLines } from './generate.js';
import { rssMiB, sequentialLatency, startServer, throughput, type Latency } from './measure.js';
import { rssUnderLoad } from './memory.js';

const root = path.resolve(import.meta.dirname, '..');
const sharedData = path.resolve(root, '../shared/data');
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const pgUrl = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;
const engines = (process.env.BENCH_ENGINES ?? (pgUrl ? 'sqlite,postgres' : 'sqlite')).split(',') as Array<'sqlite' | 'postgres'>;

interface Scenario {
  name: string;
  path: (ctx: { total: number; slug: string }) => string;
}
const SCENARIOS: Scenario[] = [
  { name: 'list p1', path: () => '/api/recipes?page=1&perPage=30' },
  { name: 'list deep', path: ({ total }) => `/api/recipes?page=${Math.max(1, Math.floor(total / 60))}&perPage=30` },
  { name: 'search common', path: () => '/api/recipes?page=1&perPage=20&search=chicken&orderBy=name&orderDirection=asc' },
  { name: 'search rare', path: () => '/api/recipes?page=1&perPage=20&search=saffron' },
  { name: 'search typo', path: () => '/api/recipes?page=1&perPage=20&search=chiken' },
  { name: 'search accent', path: () => '/api/recipes?page=1&perPage=20&search=creme%20brulee' },
  { name: 'queryFilter', path: () => `/api/recipes?page=1&perPage=30&queryFilter=${encodeURIComponent('tags.name IN ["Vegan", "Quick"] AND rating >= 3')}` },
  { name: 'get by slug', path: ({ slug }) => `/api/recipes/${slug}` },
];

interface SizeResult {
  engine: string;
  recipes: number;
  generateSeconds: number;
  coldStartMs: number;
  idleRssMiB: number;
  rssAfterMiB: number;
  /** Peak resident memory while 20 connections send the scenarios' requests mixed. */
  rssPeak20MiB: number;
  scenarios: Record<string, Latency & { rps: number; errors: number; non2xx: number }>;
  bareRps: number;
  /** PostgreSQL: the first list page served by two processes over the one database (5 connections each). */
  twoProcesses?: { listRps: number; oneProcessListRps: number };
}

async function prepare(engine: 'sqlite' | 'postgres', count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hearth-bench-${engine}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
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
  const started = performance.now();
  let lastReport = 0;
  await generateRecipes(handle.db, {
    count,
    groupId: admin.group_id,
    householdId: admin.household_id,
    userId: admin.id,
    ingredientLines: loadIngredientLines(sharedData),
    onProgress: (done) => {
      if (done - lastReport >= 10_000 || done === count) {
        lastReport = done;
        process.stdout.write(`  ${engine}: ${done}/${count} recipes\r`);
      }
    },
  });
  const searchModule = path.join(root, 'server/search/index.ts');
  if (fs.existsSync(searchModule)) {
    const search = await import(searchModule);
    if (typeof search.rebuildSearchIndex === 'function') await search.rebuildSearchIndex({ db: handle.db, engine: handle.engine, config });
  }
  const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
  const slug = (await handle.db.selectFrom('recipes').select('slug').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).slug;
  if (engine === 'sqlite') await import('kysely').then(({ sql }) => sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db));
  await handle.close();
  process.stdout.write('\n');
  return { env, dataDir, drop, generateSeconds, slug };
}

async function benchOne(engine: 'sqlite' | 'postgres', count: number): Promise<SizeResult> {
  console.log(`\n## ${engine}, ${count.toLocaleString('en')} recipes`);
  const prepared = await prepare(engine, count);
  const server = await startServer(root, { ...prepared.env, HEARTH_EXPOSE_QUERY_COUNT: 'true' });
  try {
    const login = await fetch(`${server.baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
    const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
    await new Promise((r) => setTimeout(r, 1500));
    const idleRssMiB = rssMiB(server.child.pid!);
    const scenarios: SizeResult['scenarios'] = {};
    let firstBody: Buffer | null = null;
    for (const scenario of SCENARIOS) {
      const url = `${server.baseUrl}${scenario.path({ total: count, slug: prepared.slug })}`;
      const latency = await sequentialLatency(url, headers, requests);
      const load = await throughput(url, headers, seconds);
      scenarios[scenario.name] = { ...latency, ...load };
      if (!firstBody) firstBody = Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
      console.log(`  ${scenario.name.padEnd(14)} p50 ${latency.p50} ms  p95 ${latency.p95} ms  p99 ${latency.p99} ms  ${load.rps} req/s  queries ${latency.queries ?? '-'}  (HTTP ${latency.status})`);
    }
    const rssAfterMiB = rssMiB(server.child.pid!);
    const mixed = SCENARIOS.map((scenario) => scenario.path({ total: count, slug: prepared.slug }));
    const underLoad = await rssUnderLoad(server.child.pid!, server.baseUrl, headers, mixed, seconds * 2, 20);
    console.log(`  20 connections, mixed: RSS peak ${underLoad.peakMiB} MiB, at the end ${underLoad.endMiB} MiB, after 2 s ${underLoad.restedMiB} MiB (${underLoad.requests} requests)`);
    const bareRps = await bareThroughput(firstBody ?? Buffer.from('{}'), seconds);
    const twoProcesses = engine === 'postgres' ? await listWithTwoProcesses(server.baseUrl, prepared, headers, count) : undefined;
    return { engine, recipes: count, generateSeconds: prepared.generateSeconds, coldStartMs: server.coldStartMs, idleRssMiB, rssAfterMiB, rssPeak20MiB: underLoad.peakMiB, scenarios, bareRps, twoProcesses };
  } finally {
    await server.stop();
    await prepared.drop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

/**
 * The scale-out path: a second process over the same PostgreSQL (tokens are accepted by both: the signing
 * secret lives in the database), the same 10 connections split 5 + 5, against one process with all 10.
 */
async function listWithTwoProcesses(firstUrl: string, prepared: Awaited<ReturnType<typeof prepare>>, headers: Record<string, string>, count: number) {
  const scenario = SCENARIOS.find((s) => s.name === 'list p1') ?? SCENARIOS[0];
  const pathOf = scenario.path({ total: count, slug: prepared.slug });
  const one = await throughput(`${firstUrl}${pathOf}`, headers, seconds);
  const second = await startServer(root, { ...prepared.env, HEARTH_EXPOSE_QUERY_COUNT: 'true' });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const [a, b] = await Promise.all([throughput(`${firstUrl}${pathOf}`, headers, seconds, 5), throughput(`${second.baseUrl}${pathOf}`, headers, seconds, 5)]);
    const result = { listRps: a.rps + b.rps, oneProcessListRps: one.rps };
    console.log(`  ${scenario.name} two processes: ${result.listRps} req/s (one process: ${result.oneProcessListRps} req/s)`);
    return result;
  } finally {
    await second.stop();
  }
}

function markdown(results: SizeResult[], extras: Awaited<ReturnType<typeof extraMeasurements>>): string {
  const lines = ['| engine | recipes | scenario | p50 ms | p95 ms | p99 ms | req/s (10 conn) | % of bare Fastify | queries |', '|---|---|---|---|---|---|---|---|---|'];
  for (const r of results) {
    for (const [name, s] of Object.entries(r.scenarios)) {
      lines.push(`| ${r.engine} | ${r.recipes} | ${name} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.rps} | ${Math.round((s.rps / r.bareRps) * 100)}% | ${s.queries ?? '-'} |`);
    }
  }
  lines.push('', '| engine | recipes | generate s | cold start ms | idle RSS MiB | RSS after load MiB | RSS peak, 20 conn MiB | bare Fastify req/s |', '|---|---|---|---|---|---|---|---|');
  for (const r of results) lines.push(`| ${r.engine} | ${r.recipes} | ${r.generateSeconds} | ${r.coldStartMs} | ${r.idleRssMiB} | ${r.rssAfterMiB} | ${r.rssPeak20MiB} | ${r.bareRps} |`);
  for (const r of results) {
    if (r.twoProcesses) lines.push('', `${r.engine}, ${r.recipes} recipes, list p1 under 10 connections: one process ${r.twoProcesses.oneProcessListRps} req/s, two processes over the same database ${r.twoProcesses.listRps} req/s.`);
  }
  lines.push('', `Web app initial JS: ${extras.webInitialJsGzipKiB ?? 'not built'} KiB gzip.`);
  if (extras.parser) lines.push('', `Parser on parser-dev (${extras.parser.lines} lines): ${JSON.stringify(extras.parser.accuracy)}`);
  if (extras.importPage) lines.push('', `Import of a saved page (extract + parse ingredients, ${extras.importPage.pages} pages × 20): p50 ${extras.importPage.p50Ms} ms, p95 ${extras.importPage.p95Ms} ms.`);
  if (extras.shopping) {
    const s = extras.shopping;
    lines.push('', `Shopping list (${s.engine}, ${s.foods} foods, ${s.items} items): add a typed item p50 ${s.addItemMs.p50} / p95 ${s.addItemMs.p95} ms, tick one p50 ${s.tickMs.p50} / p95 ${s.tickMs.p95} ms, read the list p50 ${s.readListMs.p50} / p95 ${s.readListMs.p95} ms.`);
  }
  return lines.join('\n');
}

const results: SizeResult[] = [];
for (const engine of engines) for (const size of sizes) results.push(await benchOne(engine, size));
const extras = await extraMeasurements(root, sharedData);
const table = markdown(results, extras);
console.log(`\n${table}\n`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
fs.writeFileSync(path.join(root, `bench/results/bench-${stamp}.json`), JSON.stringify({ results, extras }, null, 2));
fs.writeFileSync(path.join(root, 'bench/results/latest.md'), `${table}\n`);
const biggest = results.filter((r) => r.engine === 'sqlite').at(-1);
if (biggest) {
  const s = biggest.scenarios;
  console.log(
    `summary: sqlite ${biggest.recipes} recipes: list p95 ${s['list p1'].p95} ms, search p95 ${Math.max(s['search common'].p95, s['search typo'].p95, s['search accent'].p95)} ms, idle RSS ${biggest.idleRssMiB} MiB, cold start ${biggest.coldStartMs} ms, web JS ${extras.webInitialJsGzipKiB ?? '-'} KiB gzip`,
  );
}
