/**
 * What a household gets when its library changes: the first list page right after a write in the same group
 * (the read cache holds nothing of it any more), and a page served again from the cache as a browser asks
 * for it (gzip). Part of `npm run bench`; alone, at a small scale:
 *   BENCH_SIZES=1000 BENCH_ENGINES=sqlite BENCH_REQUESTS=200 BENCH_SECONDS=5 npx tsx bench/after-write.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { cpuMs, cpuMsPerRequest, startServer, throughput } from './measure.js';
import { prepare, root } from './prepare.js';

export interface AfterWrite {
  /** GET list p1 right after a write (a recipe's description edited) in the same group. */
  listAfterWrite: { p50: number; p95: number; p99: number; cpuMs: number };
  /** The same page served again from the read cache, gzip accepted, under 10 connections. */
  cachedListGzip: { rps: number; cpuMs: number };
}

const LIST = '/api/recipes?page=1&perPage=30';

function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, agent: http.Agent, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(`${baseUrl}${path}`, {
      method, agent,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * `requests` times: a write in the group, then the list's first page as a browser asks for it (no no-cache:
 * the write is what empties the cache). Latency is of the list alone; its CPU is the server's CPU over the
 * loop less that of the same writes sent alone.
 */
export async function measureAfterWrite(baseUrl: string, pid: number, headers: Record<string, string>, slug: string, requests: number, seconds: number): Promise<AfterWrite> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let n = 0;
    const write = async () => {
      const status = await send(baseUrl, 'PATCH', `/api/recipes/${slug}`, headers, agent, { description: `Edited ${n++}` });
      if (status !== 200) throw new Error(`write answered ${status}`);
    };
    for (let i = 0; i < 10; i += 1) {
      await write();
      await send(baseUrl, 'GET', LIST, headers, agent);
    }
    const writesStart = cpuMs(pid);
    for (let i = 0; i < requests; i += 1) await write();
    const writesCpu = cpuMs(pid) - writesStart;
    const times: number[] = [];
    const loopStart = cpuMs(pid);
    for (let i = 0; i < requests; i += 1) {
      await write();
      const start = performance.now();
      const status = await send(baseUrl, 'GET', LIST, headers, agent);
      times.push(performance.now() - start);
      if (status !== 200) throw new Error(`list answered ${status}`);
    }
    const listCpu = cpuMs(pid) - loopStart - writesCpu;
    times.sort((a, b) => a - b);
    const at = (p: number) => round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]);
    const listAfterWrite = { p50: at(50), p95: at(95), p99: at(99), cpuMs: round(Math.max(0, listCpu) / requests) };
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
  for (const engine of engines) {
    for (const count of sizes) {
      const prepared = await prepare(engine, count);
      const server = await startServer(root, prepared.env);
      try {
        const login = await fetch(`${server.baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
        const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
        const result = await measureAfterWrite(server.baseUrl, server.child.pid!, headers, prepared.slug, requests, seconds);
        const w = result.listAfterWrite;
        console.log(`${engine} ${count}: list p1 after a write p50 ${w.p50} ms p95 ${w.p95} ms p99 ${w.p99} ms ${w.cpuMs} CPU-ms/req;`
          + ` cached list p1 with gzip ${result.cachedListGzip.rps} req/s ${result.cachedListGzip.cpuMs} CPU-ms/req`);
      } finally {
        await server.stop();
        await prepared.drop();
        fs.rmSync(prepared.dataDir, { recursive: true, force: true });
      }
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
