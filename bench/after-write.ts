/**
 * What a household gets when its library changes: the first list page right after a write in the same group
 * (the read cache holds nothing of it any more), and a page served again from the cache as a browser asks
 * for it (gzip). Part of `npm run bench`; alone, at a small scale:
 *   BENCH_SIZES=1000 BENCH_ENGINES=sqlite BENCH_REQUESTS=200 BENCH_SECONDS=5 npx tsx bench/after-write.ts
 * Then a second server over the same library counts the statements of each (HEARTH_EXPOSE_QUERY_COUNT).
 * BENCH_CPU_PROF=dir writes a V8 CPU profile of the measured server there (it holds the writes too).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMsPerRequest, preciseCpuMs, startServer, throughput } from './measure.js';
import { prepare, root } from './prepare.js';

export interface AfterWrite {
  /**
   * GET list p1 right after a write (a recipe's description edited) in the same group; `writeCpuMs`: the
   * write's own CPU; the statements of each when the server counts them.
   */
  listAfterWrite: { p50: number; p95: number; p99: number; cpuMs: number; writeCpuMs: number; listQueries?: number; writeQueries?: number };
  /** The same page served again from the read cache, gzip accepted, under 10 connections. */
  cachedListGzip: { rps: number; cpuMs: number };
}

const LIST = '/api/recipes?page=1&perPage=30';

interface Sent { status: number; queries?: number }

function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, agent: http.Agent, body?: unknown): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(`${baseUrl}${path}`, {
      method, agent,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    }, (response) => {
      response.resume();
      const counted = response.headers['x-hearth-queries'];
      response.on('end', () => resolve({ status: response.statusCode ?? 0, queries: counted === undefined ? undefined : Number(counted) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * `requests` times: a write in the group, then the list's first page as a browser asks for it (no no-cache:
 * the write is what empties the cache). Latency is of the list alone; its CPU is the server's from just before
 * the list is sent to its answer, to the nanosecond (preciseCpuMs), and the write's is measured the same way,
 * apart. Work the write leaves for after its answer (its events) that runs while the list is served counts to
 * the list. Statements per request when the server counts them (HEARTH_EXPOSE_QUERY_COUNT).
 */
export async function measureAfterWrite(baseUrl: string, pid: number, headers: Record<string, string>, slug: string, requests: number, seconds: number): Promise<AfterWrite> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let n = 0;
    const write = async () => {
      const sent = await send(baseUrl, 'PATCH', `/api/recipes/${slug}`, headers, agent, { description: `Edited ${n++}` });
      if (sent.status !== 200) throw new Error(`write answered ${sent.status}`);
      return sent;
    };
    for (let i = 0; i < 10; i += 1) {
      await write();
      await send(baseUrl, 'GET', LIST, headers, agent);
    }
    const times: number[] = [];
    let listCpu = 0;
    let writeCpu = 0;
    let queries: { write?: number; list?: number } = {};
    for (let i = 0; i < requests; i += 1) {
      const writeStart = preciseCpuMs(pid);
      const written = await write();
      writeCpu += preciseCpuMs(pid) - writeStart;
      const cpuStart = preciseCpuMs(pid);
      const start = performance.now();
      const listed = await send(baseUrl, 'GET', LIST, headers, agent);
      times.push(performance.now() - start);
      listCpu += preciseCpuMs(pid) - cpuStart;
      if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
      queries = { write: written.queries, list: listed.queries };
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]);
    const listAfterWrite = {
      p50: at(50), p95: at(95), p99: at(99), cpuMs: round(listCpu / requests), writeCpuMs: round(writeCpu / requests),
      listQueries: queries.list, writeQueries: queries.write,
    };
    const gzipHeaders = { ...headers, 'accept-encoding': 'gzip' };
    await throughput(`${baseUrl}${LIST}`, gzipHeaders, 1);
    const cached = await cpuMsPerRequest(pid, () => throughput(`${baseUrl}${LIST}`, gzipHeaders, seconds));
    return { listAfterWrite, cachedListGzip: { rps: cached.result.rps, cpuMs: cached.cpuMs } };
  } finally {
    agent.destroy();
  }
}

async function main() {
  const sizes = (process.env.BENCH_SIZES ?? '1000').split(',').map(Number);
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',') as Array<'sqlite' | 'postgres'>;
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
  for (const engine of engines) {
    for (const count of sizes) {
      const prepared = await prepare(engine, count);
      try {
        for (const counting of [false, true]) {
          const env = counting ? { ...prepared.env, HEARTH_EXPOSE_QUERY_COUNT: 'true' } : prepared.env;
          const server = await startServer(root, env, profileDir && !counting ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
          try {
            const login = await fetch(`${server.baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
            const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
            const result = await measureAfterWrite(server.baseUrl, server.child.pid!, headers, prepared.slug, counting ? 20 : requests, counting ? 1 : seconds);
            const w = result.listAfterWrite;
            if (counting) console.log(`${engine} ${count}: statements: the write ${w.writeQueries}, the list after it ${w.listQueries}`);
            else {
              console.log(`${engine} ${count}: list p1 after a write p50 ${w.p50} ms p95 ${w.p95} ms p99 ${w.p99} ms ${w.cpuMs} CPU-ms/req`
                + ` (the write ${w.writeCpuMs} CPU-ms); cached list p1 with gzip ${result.cachedListGzip.rps} req/s ${result.cachedListGzip.cpuMs} CPU-ms/req`);
            }
          } finally {
            await server.stop();
          }
        }
      } finally {
        await prepared.drop();
        fs.rmSync(prepared.dataDir, { recursive: true, force: true });
      }
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
