/**
 * `npm run bench`: Hearth at 10,000 and 100,000 recipes on SQLite (and PostgreSQL when BENCH_PG_URL or
 * TEST_PG_URL is set), over HTTP on 127.0.0.1. Prints a markdown table, writes bench/results/*.json, and
 * ends with a one-line summary. Numbers are for notes, never assertions.
 *   BENCH_SIZES=10000,100000  BENCH_SECONDS=5  BENCH_REQUESTS=1000  BENCH_ENGINES=sqlite,postgres
 *   BENCH_MIXED_SECONDS=60  BENCH_MIXED_GROUPS=50  BENCH_MIXED_RATE=100
 * A small run (a few minutes): BENCH_SIZES=2000 BENCH_ENGINES=sqlite BENCH_SECONDS=10 BENCH_MIXED_SECONDS=20 npm run bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { bareCeiling, type Bare } from './bare.js';
import { measureFirstViews, type FirstView } from './first-views.js';
import { mixedLines, mixedRun, type MixedRun } from './mixed.js';
import { extraMeasurements } from './extras.js';
import { cpuMsPerRequest, rssMiB, rssParts, sequentialLatency, startServer, throughput, type Latency, type Target } from './measure.js';
import { rssUnderLoad } from './memory.js';
import { pgUrl, prepare, root, sharedData } from './prepare.js';
import { SCENARIOS } from './scenarios.js';
import { measureAfterWrite, type AfterWrite } from './after-write.js';
import { foodCostsLine, measureFoodCosts, type FoodCosts } from './food.js';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/** The paced mixed run's offered load: 100 req/s is 50 households each asking twice a second, far above a real server's. */
const mixedRate = Number(process.env.BENCH_MIXED_RATE ?? 100);
const engines = (process.env.BENCH_ENGINES ?? (pgUrl ? 'sqlite,postgres' : 'sqlite')).split(',') as Array<'sqlite' | 'postgres'>;

interface SizeResult {
  engine: string;
  recipes: number;
  generateSeconds: number;
  coldStartMs: number;
  /** RSS 1.5 s after the first sign-in, and once idle for 12 s (V8 returns start-up's heap after ~10 s). */
  startRssMiB: number;
  idleRssMiB: number;
  /** Of the idle RSS: private memory, and pages of files (mostly the node binary's code and ICU data, shared). */
  idleAnonMiB: number;
  idleFileMiB: number;
  rssAfterMiB: number;
  /** Peak resident memory while 20 connections send the scenarios' requests mixed. */
  rssPeak20MiB: number;
  /** RSS when the whole bench has run on this server (the 20-connection load included), after a 12 s rest. */
  rssEndMiB: number;
  /** Stopping the server and starting it again over the same library, to its first answered request. */
  restartMs: number;
  scenarios: Record<string, Latency & { rps: number; errors: number; non2xx: number; cpuMs: number; repeatedRps: number; repeatedCpuMs: number }>;
  bareRps: number;
  /** The bare Fastify in its own process (bench/bare.ts), with the list p1 bytes. */
  bare: Bare;
  /** Requests the server has not answered before (bench/first-views.ts). */
  firstViews: Record<string, FirstView>;
  /** 10 connections over 50 groups, 90 % reads (bench/mixed.ts): flat out, then paced at BENCH_MIXED_RATE. */
  mixed: MixedRun;
  mixedPaced: MixedRun;
  /** List p1 right after a write in the same group, and the cached list p1 with gzip (bench/after-write.ts). */
  afterWrite: AfterWrite;
  /** Issue 37: a recipe's computed nutrition and adding a recipe to a list with conversions (bench/food.ts). */
  food?: FoodCosts;
  /** PostgreSQL: the first list page served by two processes over the one database (5 connections each). */
  twoProcesses?: { listRps: number; oneProcessListRps: number };
}

async function benchOne(engine: 'sqlite' | 'postgres', count: number): Promise<SizeResult> {
  console.log(`\n## ${engine}, ${count.toLocaleString('en')} recipes`);
  const prepared = await prepare(engine, count);
  // Served as `npm start` serves: counting queries (HEARTH_EXPOSE_QUERY_COUNT) keeps an AsyncLocalStorage, whose
  // promise hooks cost a fifth of a list request's CPU on Node 20, so queries are counted by a server of their own.
  let server = await startServer(root, prepared.env);
  try {
    const login = await fetch(`${server.baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
    const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
    await new Promise((r) => setTimeout(r, 1500));
    const startRssMiB = rssMiB(server.child.pid!);
    await new Promise((r) => setTimeout(r, 10_500));
    const idle = rssParts(server.child.pid!);
    const idleRssMiB = idle.rss;
    const coldStartMs = server.coldStartMs;
    const scenarios: SizeResult['scenarios'] = {};
    let firstBody: Buffer | null = null;
    // Steady state: each fixed request under load for a second first, so that compiling the server's hot code
    // (V8 optimises it on threads whose CPU counts too) is not billed to whichever scenario comes first.
    // Walks are left out: their pages and recipes must still be first views when they are measured.
    for (const scenario of SCENARIOS.filter((s) => !s.walks)) {
      await throughput(scenarioTarget(server.baseUrl, scenario, prepared, count), { ...headers, 'cache-control': 'no-cache' }, 1);
    }
    for (const scenario of SCENARIOS) {
      const url = scenarioTarget(server.baseUrl, scenario, prepared, count);
      // Latency and the first throughput are of pages computed every time (no-cache skips the read cache);
      // the repeated figure is the same request served again while the library is unchanged.
      const computing = { ...headers, 'cache-control': 'no-cache' };
      const latency = await sequentialLatency(url, computing, requests);
      const { result: load, cpuMs } = await cpuMsPerRequest(server.child.pid!, () => throughput(url, computing, seconds));
      const repeated = await cpuMsPerRequest(server.child.pid!, () => throughput(url, headers, seconds));
      scenarios[scenario.name] = { ...latency, ...load, cpuMs, repeatedRps: repeated.result.rps, repeatedCpuMs: repeated.cpuMs };
      if (!firstBody) firstBody = Buffer.from(await (await fetch(typeof url === 'string' ? url : url(0), { headers })).arrayBuffer());
      console.log(`  ${scenario.name.padEnd(14)} p50 ${latency.p50} ms  p95 ${latency.p95} ms  p99 ${latency.p99} ms  ${load.rps} req/s  ${cpuMs} CPU-ms/req  repeated ${repeated.result.rps} req/s ${repeated.cpuMs} CPU-ms/req  (HTTP ${latency.status})`);
    }
    const afterWrite = await measureAfterWrite(server.baseUrl, server.child.pid!, headers, prepared.slug, requests, seconds);
    console.log(`  list p1 after a write in the group p50 ${afterWrite.listAfterWrite.p50} ms  p95 ${afterWrite.listAfterWrite.p95} ms  p99 ${afterWrite.listAfterWrite.p99} ms  ${afterWrite.listAfterWrite.cpuMs} CPU-ms/req (the write ${afterWrite.listAfterWrite.writeCpuMs});  cached with gzip ${afterWrite.cachedListGzip.rps} req/s ${afterWrite.cachedListGzip.cpuMs} CPU-ms/req`);
    const firstViews = await measureFirstViews({
      baseUrl: server.baseUrl, pid: server.child.pid!, headers, slugs: prepared.oldestSlugs, foods: prepared.foods, ingredientLines: prepared.ingredientLines, requests,
    });
    const food = await measureFoodCosts(server.baseUrl, headers, prepared.kitchen, requests, server.child.pid);
    const rssAfterMiB = rssMiB(server.child.pid!);
    await countQueries(prepared, headers, count, scenarios, food);
    console.log(`  ${foodCostsLine(engine, count, food)}`);
    const scenarioPaths = SCENARIOS.map((scenario) => scenario.path({ total: count, slug: prepared.slug }));
    const underLoad = await rssUnderLoad(server.child.pid!, server.baseUrl, { ...headers, 'cache-control': 'no-cache' }, scenarioPaths, seconds * 2, 20);
    console.log(`  20 connections, mixed: RSS peak ${underLoad.peakMiB} MiB, at the end ${underLoad.endMiB} MiB, after 12 s ${underLoad.restedMiB} MiB (${underLoad.requests} requests)`);
    const bare = await bareCeiling(firstBody ?? Buffer.from('{}'), seconds, requests);
    const bareRps = bare.rps;
    console.log(`  bare Fastify, own process, the list p1 bytes: ${bare.rps} req/s uncompressed; sequential as a browser asks p50 ${bare.latency.p50} ms, ${bare.cpuMs} CPU-ms/req`);
    console.log(`  list p1 after a write / bare: ${ratio(afterWrite.listAfterWrite.cpuMs, bare.cpuMs)}× the CPU per request, ${ratio(afterWrite.listAfterWrite.p50, bare.latency.p50)}× the p50`);
    const mixed = await mixedRun(server.baseUrl, server.child.pid!, headers, prepared.groups, mixedSeconds);
    for (const line of mixedLines(engine, count, mixed)) console.log(`  ${line}`);
    const mixedPaced = await mixedRun(server.baseUrl, server.child.pid!, headers, prepared.groups, mixedSeconds, mixedRate);
    for (const line of mixedLines(engine, count, mixedPaced)) console.log(`  ${line}`);
    const twoProcesses = engine === 'postgres' ? await listWithTwoProcesses(server.baseUrl, prepared, { ...headers, 'cache-control': 'no-cache' }, count) : undefined;
    await server.stop();
    server = await startServer(root, prepared.env);
    console.log(`  restart over the library: ${server.coldStartMs} ms`);
    return {
      engine, recipes: count, generateSeconds: prepared.generateSeconds, coldStartMs, restartMs: server.coldStartMs, startRssMiB, idleRssMiB, idleAnonMiB: idle.anon, idleFileMiB: idle.file, rssAfterMiB,
      rssPeak20MiB: underLoad.peakMiB, rssEndMiB: underLoad.restedMiB, scenarios, bareRps, bare, firstViews, mixed, mixedPaced, twoProcesses, afterWrite, food,
    };
  } finally {
    await server.stop();
    await prepared.drop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

const ratio = (of: number, bare: number) => (bare > 0 ? Math.round((of / bare) * 10) / 10 : '-');

/** A scenario's request on a server: one URL, or one per request number for a walk. */
function scenarioTarget(baseUrl: string, scenario: (typeof SCENARIOS)[number], prepared: Awaited<ReturnType<typeof prepare>>, count: number): Target {
  const urlOf = (request: number) => `${baseUrl}${scenario.path({ total: count, slug: prepared.slug, walkSlugs: prepared.walkSlugs, request })}`;
  return scenario.walks ? urlOf : urlOf(0);
}

/**
 * The statements of each scenario's request, from a second server over the same library that counts them
 * (HEARTH_EXPOSE_QUERY_COUNT): the same sequence of computed requests as the latency pass, shorter.
 */
async function countQueries(prepared: Awaited<ReturnType<typeof prepare>>, headers: Record<string, string>, count: number, scenarios: SizeResult['scenarios'], food: FoodCosts) {
  const counting = await startServer(root, { ...prepared.env, HEARTH_EXPOSE_QUERY_COUNT: 'true' });
  try {
    const counted = await measureFoodCosts(counting.baseUrl, headers, prepared.kitchen, 20);
    food.nutrition.queries = counted.nutrition.queries;
    food.addToList.queries = counted.addToList.queries;
    for (const scenario of SCENARIOS) {
      const counted = await sequentialLatency(scenarioTarget(counting.baseUrl, scenario, prepared, count), { ...headers, 'cache-control': 'no-cache' }, 20);
      scenarios[scenario.name].queries = counted.queries;
      console.log(`  ${scenario.name.padEnd(14)} queries ${counted.queries ?? '-'}`);
    }
  } finally {
    await counting.stop();
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
  const second = await startServer(root, prepared.env);
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
  const lines = [
    'Each fixed request (not the walks) is first sent under load for a second, so the JIT warm-up is billed to no scenario (since session 13).',
    'Latency is of sequential requests computed every time (Cache-Control: no-cache), sent as a browser sends them (Accept-Encoding: gzip,',
    'deflate, br) and decoded once whole (since session 11; fetch\'s streaming decoder had added ~2 ms per compressed answer in the client).',
    'Throughput under 10 connections (no Accept-Encoding, so uncompressed, like the bare server\'s bytes): "computed" the same,',
    '"repeated" the same request again while the library is unchanged (list pages then come from the read cache).',
    'A computed list page reuses the JSON of recipes already shown while the library is unchanged (server/platform/kept-bytes.ts), just like',
    'every other page, caller or search showing them; "list walk" sends the first 150 pages in turn, more recipes than are kept, so each of',
    'its pages is computed from its rows (the first view of a page after a change). "list deep" seeks from the milestone kept for its offset',
    '(server/modules/recipes/deep-pages.ts); the first deep page after a change walks to it, as every deep page did before.',
    'A search\'s or filter\'s total is counted once per library version (server/modules/recipes/kept-totals.ts), so the fixed searches and',
    'the queryFilter count on their first request only: "search typed" sends a search new to the server every time (the prefixes of',
    'words as they are typed, then pairs of words), each counted, as the first search after a change is; its "repeated" is computed too.',
    'A recipe is kept whole as JSON under the same version (server/modules/recipes/kept-recipes.ts, since session 12); no-cache reads it',
    'again (since session 16), so "get by slug" computed is a recipe read from its rows and "repeated" one opened again; "get walk" opens',
    '5,000 recipes in turn, more than are kept, so each is read from its rows (a first view).',
    'The measured server runs as `npm start` runs it (since session 13): "queries" come from a second server over the same library that',
    'counts them (HEARTH_EXPOSE_QUERY_COUNT), since counting keeps an AsyncLocalStorage whose promise hooks cost Node 20 a fifth of a list.',
    '',
    '| engine | recipes | scenario | p50 ms | p95 ms | p99 ms | queries | computed req/s | % of bare | CPU-ms/req | repeated req/s | % of bare | CPU-ms/req |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const share = (rps: number, bare: number) => `${Math.round((rps / bare) * 100)}%`;
  for (const r of results) {
    for (const [name, s] of Object.entries(r.scenarios)) {
      lines.push(
        `| ${r.engine} | ${r.recipes} | ${name} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.queries ?? '-'} | ${s.rps} | ${share(s.rps, r.bareRps)} | ${s.cpuMs} | ${s.repeatedRps} | ${share(s.repeatedRps, r.bareRps)} | ${s.repeatedCpuMs} |`,
      );
    }
  }
  lines.push(
    '',
    '| engine | recipes | generate s | cold start ms | restart ms | RSS 1.5 s after start MiB | idle RSS MiB (private + files) | RSS after the scenarios MiB | RSS peak, 20 conn MiB | RSS after the whole bench MiB | bare Fastify req/s |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of results) {
    lines.push(`| ${r.engine} | ${r.recipes} | ${r.generateSeconds} | ${r.coldStartMs} | ${r.restartMs} | ${r.startRssMiB} | ${r.idleRssMiB} (${r.idleAnonMiB} + ${r.idleFileMiB}) | ${r.rssAfterMiB} | ${r.rssPeak20MiB} | ${r.rssEndMiB} | ${r.bareRps} |`);
  }
  lines.push(
    '',
    'List p1 right after a write in the same group (a recipe edited, then the page as a browser asks for it: the write emptied the group\'s',
    'cache; CPU is the server\'s from the list\'s start to its answer, the write\'s apart), and the same page served again from the cache with gzip (10 connections):',
    '',
    '| engine | recipes | after a write p50 ms | p95 ms | p99 ms | CPU-ms/req | the write, CPU-ms | cached with gzip req/s | CPU-ms/req |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of results) {
    const w = r.afterWrite;
    if (w) lines.push(`| ${r.engine} | ${r.recipes} | ${w.listAfterWrite.p50} | ${w.listAfterWrite.p95} | ${w.listAfterWrite.p99} | ${w.listAfterWrite.cpuMs} | ${w.listAfterWrite.writeCpuMs} | ${w.cachedListGzip.rps} | ${w.cachedListGzip.cpuMs} |`);
  }
  lines.push(
    '',
    'The bare ceiling: a bare Fastify in a process of its own (bench/bare-server.mjs) sending the list p1 bytes, compressed as Hearth compresses',
    'a page it has just computed, to the same sequential generator as a browser asks (gzip, deflate, br). The ratio is Hearth\'s list p1 right',
    'after a write over the bare server, CPU-ms per request and p50.',
    '',
    '| engine | recipes | bare req/s (uncompressed) | bare p50 ms | bare CPU-ms/req | list p1 after a write: × bare CPU | × bare p50 |',
    '|---|---|---|---|---|---|---|',
  );
  for (const r of results) {
    if (r.bare) lines.push(`| ${r.engine} | ${r.recipes} | ${r.bare.rps} | ${r.bare.latency.p50} | ${r.bare.cpuMs} | ${ratio(r.afterWrite.listAfterWrite.cpuMs, r.bare.cpuMs)} | ${ratio(r.afterWrite.listAfterWrite.p50, r.bare.latency.p50)} |`);
  }
  lines.push(
    '',
    'First views (bench/first-views.ts): requests the server has not answered before, in turn, as a browser sends them (no no-cache): searches',
    'never sent before (a new text each time), recipes opened once each after a write emptied the group\'s kept recipes, a recipe right after',
    'its edit, a 200-item shopping list right after a tick, adding an item matched among 5,000 foods, a month of three meals a day. CPU is the',
    'server\'s from each request\'s start to its answer (to the nanosecond, per thread); the write before it, where there is one, apart.',
    '',
    '| engine | recipes | first view | requests | p50 ms | p95 ms | p99 ms | CPU-ms/req | write before, CPU-ms |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of results) {
    for (const [name, v] of Object.entries(r.firstViews ?? {})) lines.push(`| ${r.engine} | ${r.recipes} | ${name} | ${v.requests} | ${v.p50} | ${v.p95} | ${v.p99} | ${v.cpuMs} | ${v.writeCpuMs ?? '-'} |`);
  }
  for (const r of results) if (r.mixed) lines.push('', ...mixedLines(r.engine, r.recipes, r.mixed), '', ...mixedLines(r.engine, r.recipes, r.mixedPaced));
  for (const r of results) {
    if (r.twoProcesses) lines.push('', `${r.engine}, ${r.recipes} recipes, list p1 under 10 connections: one process ${r.twoProcesses.oneProcessListRps} req/s, two processes over the same database ${r.twoProcesses.listRps} req/s.`);
  }
  const js = extras.webInitialJs;
  lines.push('', `Web app initial JS: ${js ? `${js.brotliKiB} KiB brotli (${js.gzipKiB} KiB gzip)` : 'not built'}.`);
  if (extras.parser) lines.push('', `Parser on parser-dev (${extras.parser.lines} lines): ${JSON.stringify(extras.parser.accuracy)}`);
  for (const line of extras.timings) lines.push('', line);
  for (const r of results) if (r.food) lines.push('', foodCostsLine(r.engine, r.recipes, r.food));
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
    `summary: sqlite ${biggest.recipes} recipes: list p95 ${s['list p1'].p95} ms, search p95 ${Math.max(s['search common'].p95, s['search typo'].p95, s['search accent'].p95)} ms (typed ${s['search typed'].p95} ms), idle RSS ${biggest.idleRssMiB} MiB, cold start ${biggest.coldStartMs} ms, web JS ${extras.webInitialJs?.brotliKiB ?? '-'} KiB brotli`,
  );
}
