import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  queries: number | null;
  status: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The URL of each request of a measurement: the same one, or one per request number (a walk). */
export type Target = string | ((request: number) => string);
const urlOf = (target: Target, request: number) => (typeof target === 'string' ? target : target(request));

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request as a browser sends it (it takes gzip and brotli) over a kept-alive connection, its body decoded
 * when it has come in whole, as a browser's native decoder does. Not fetch: its decoder streams the body
 * through the thread pool, which added ~2 ms to every compressed answer, all of it in the client.
 */
export function browserRequest(
  url: string,
  { method = 'GET', headers, agent, body }: { method?: string; headers: Record<string, string>; agent: http.Agent; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(url, {
      method,
      agent,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: decoded });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

function browserGet(url: string, headers: Record<string, string>, agent: http.Agent): Promise<Answer> {
  return browserRequest(url, { headers, agent });
}

/** Sequential latency of one request, after a warm-up (a walk is measured from its start). */
export async function sequentialLatency(target: Target, headers: Record<string, string>, requests: number): Promise<Latency> {
  let status = 0;
  let queries: number | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    if (typeof target === 'string') for (let i = 0; i < Math.min(10, requests); i += 1) await browserGet(target, headers, agent);
    const times: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const start = performance.now();
      const answer = await browserGet(urlOf(target, i), headers, agent);
      times.push(performance.now() - start);
      status = answer.status;
      const q = answer.headers['x-hearth-queries'];
      if (q !== undefined) queries = Number(q);
    }
    times.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 100) / 100;
    return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), queries, status };
  } finally {
    agent.destroy();
  }
}

/** Throughput with 10 concurrent connections for a few seconds. */
export async function throughput(target: Target, headers: Record<string, string>, seconds: number, connections = 10): Promise<{ rps: number; requests: number; errors: number; non2xx: number }> {
  let sent = 0;
  const walk = typeof target === 'string' ? null : target;
  const result = await autocannon({
    url: walk ? walk(0) : (target as string),
    headers,
    connections,
    duration: seconds,
    // A walk: every request, whichever connection sends it, takes the next path.
    ...(walk
      ? {
          requests: [{
            setupRequest: (request: autocannon.Request) => {
              const next = new URL(walk(sent++));
              return { ...request, path: next.pathname + next.search };
            },
          }],
        }
      : {}),
  });
  return { rps: Math.round(result.requests.average), requests: result.requests.total, errors: result.errors, non2xx: result.non2xx };
}

/** CPU time the process has used so far (user + system), in milliseconds, from /proc. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * The server's CPU time so far in ms to the nanosecond (the on-CPU time of each of its threads, from
 * /proc/<pid>/task/<tid>/schedstat): /proc/<pid>/stat counts in 10 ms ticks, too coarse to tell one request's
 * CPU from the one before it. Threads that have exited are not counted; the server's threads live as long as it.
 */
export function preciseCpuMs(pid: number): number {
  let nanoseconds = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nanoseconds / 1e6;
}

/** The server's CPU per request while `load` runs: its CPU time over the requests the load completed. */
export async function cpuMsPerRequest<T extends { requests: number }>(pid: number, load: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = cpuMs(pid);
  const result = await load();
  const used = cpuMs(pid) - before;
  return { result, cpuMs: result.requests ? Math.round((used / result.requests) * 100) / 100 : 0 };
}

/** Resident memory split: private (anonymous) pages and pages of mapped files, in MiB. */
export function rssParts(pid: number): { rss: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) => Math.round((Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024) * 10) / 10;
  return { rss: mib('VmRSS'), anon: mib('RssAnon'), file: mib('RssFile') };
}

export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  coldStartMs: number;
  stop(): Promise<void>;
}

/** Starts Hearth as its own process exactly as `npm start` runs it and waits for its first answered request. */
export async function startServer(root: string, env: Record<string, string>, extraNodeFlags: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const { NODE_FLAGS, SERVER_BUNDLE, SERVER_ENV, buildIfStale } = await import('../scripts/server-command.mjs');
  buildIfStale();
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...extraNodeFlags, SERVER_BUNDLE], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, ...env, PORT: String(port), API_HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/app/about`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const coldStartMs = Math.round(performance.now() - started);
  return {
    child,
    baseUrl,
    coldStartMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
