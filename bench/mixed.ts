/**
 * The realistic mix (issue 36): 10 connections over 50 groups, each with its own member and recipes, 90 % reads
 * and 10 % writes in the same groups, for BENCH_MIXED_SECONDS (60 by default). Prints p95 per endpoint, the
 * server's CPU per request, its RSS (peak and at the end), and the read cache's hit rate over the run (from
 * GET /api/app/metrics, hearth_read_cache_answers).
 */
import http from 'node:http';
import { call } from './first-views.js';
import { rng, DISHES, MAINS } from './generate.js';
import type { BenchGroup } from './groups.js';
import { cpuMs, rssMiB } from './measure.js';

interface Member {
  headers: Record<string, string>;
  userId: string;
  slugs: string[];
  shoppingListId: string;
}

type Operation = 'list p1' | 'list p2' | 'search' | 'get by slug' | 'shopping list' | 'edit recipe' | 'rate recipe' | 'add shopping item';

/** Out of 100: reads 90, writes 10. */
const WEIGHTS: Array<[Operation, number]> = [
  ['list p1', 30], ['list p2', 10], ['search', 15], ['get by slug', 25], ['shopping list', 10],
  ['edit recipe', 4], ['rate recipe', 3], ['add shopping item', 3],
];

export interface MixedRun {
  seconds: number;
  /** Requests per second offered over all connections, or null when each connection sends flat out. */
  offeredRps: number | null;
  groups: number;
  connections: number;
  requests: number;
  errors: number;
  cpuMsPerRequest: number;
  rssPeakMiB: number;
  rssEndMiB: number;
  /** Whole pages answered from the cache over all cacheable page requests, and the same for whole recipes. */
  pageHitRate: number | null;
  documentHitRate: number | null;
  endpoints: Record<string, { requests: number; p50: number; p95: number; p99: number }>;
}

async function signIn(baseUrl: string, username: string, password: string): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password }).toString() });
  if (!login.ok) throw new Error(`sign-in of ${username} answered ${login.status}`);
  return { authorization: `Bearer ${(await login.json()).access_token}` };
}

async function cacheAnswers(baseUrl: string, admin: Record<string, string>): Promise<Record<string, number>> {
  const text = await (await fetch(`${baseUrl}/api/app/metrics`, { headers: admin })).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^hearth_read_cache_answers\{kind="(\w+)",result="(\w+)"\} (\d+)/gm)) counts[`${match[1]} ${match[2]}`] = Number(match[3]);
  return counts;
}

/**
 * Flat out (no `offeredRps`), each connection sends its next request as soon as the last is answered, so p95 is
 * the queue of 10 connections on one process (p50 ≈ 10 × CPU per request): a capacity figure. Paced, the
 * connections together offer `offeredRps` requests per second at fixed times, and a request's time counts from
 * when it was due, so a server that falls behind is charged for the wait (no coordinated omission).
 */
export async function mixedRun(baseUrl: string, pid: number, admin: Record<string, string>, groups: BenchGroup[], seconds: number, offeredRps: number | null = null, connections = 10): Promise<MixedRun> {
  const members: Member[] = [];
  const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ok = async (headers: Record<string, string>, method: string, path: string, body?: unknown) => {
    const answer = await call(baseUrl, method, path, headers, setupAgent, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}`);
    return JSON.parse(answer.body.toString());
  };
  for (const headers of [admin, ...(await Promise.all(groups.map((g) => signIn(baseUrl, g.username, g.password))))]) {
    const self = await ok(headers, 'GET', '/api/users/self');
    const page = await ok(headers, 'GET', '/api/recipes?page=1&perPage=100&orderBy=name&orderDirection=asc');
    const list = await ok(headers, 'POST', '/api/households/shopping/lists', { name: 'Mixed run' });
    members.push({ headers, userId: self.id, slugs: page.items.map((r: { slug: string }) => r.slug), shoppingListId: list.id });
  }
  setupAgent.destroy();

  const random = rng(36);
  const pick = () => {
    let roll = random.next() * 100;
    for (const [operation, weight] of WEIGHTS) if ((roll -= weight) < 0) return operation;
    return WEIGHTS[0][0];
  };
  const request = (operation: Operation, m: Member, n: number): [string, string, unknown?] => {
    const slug = m.slugs[random.int(0, m.slugs.length - 1)];
    switch (operation) {
      case 'list p1': return ['GET', '/api/recipes?page=1&perPage=30&orderBy=created_at&orderDirection=desc'];
      case 'list p2': return ['GET', '/api/recipes?page=2&perPage=30&orderBy=created_at&orderDirection=desc'];
      case 'search': return ['GET', `/api/recipes?page=1&perPage=20&search=${encodeURIComponent(`${random.pick(MAINS)} ${random.pick(DISHES)}`.toLowerCase())}`];
      case 'get by slug': return ['GET', `/api/recipes/${slug}`];
      case 'shopping list': return ['GET', `/api/households/shopping/lists/${m.shoppingListId}`];
      case 'edit recipe': return ['PATCH', `/api/recipes/${slug}`, { description: `Mixed edit ${n}` }];
      case 'rate recipe': return ['POST', `/api/users/${m.userId}/ratings/${slug}`, { rating: random.int(1, 5), isFavorite: random.next() < 0.5 }];
      case 'add shopping item': return ['POST', '/api/households/shopping/items', { shoppingListId: m.shoppingListId, note: `${random.int(1, 3)} ${random.pick(MAINS).toLowerCase()}` }];
    }
  };

  const times = new Map<Operation, number[]>();
  let errors = 0;
  let sent = 0;
  const before = await cacheAnswers(baseUrl, admin);
  let rssPeakMiB = rssMiB(pid);
  const sampler = setInterval(() => {
    rssPeakMiB = Math.max(rssPeakMiB, rssMiB(pid));
  }, 250);
  const cpuBefore = cpuMs(pid);
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const interval = offeredRps ? (connections * 1000) / offeredRps : 0;
  await Promise.all(Array.from({ length: connections }, async (_, connection) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let due = start + (interval * connection) / connections;
    try {
      while (performance.now() < deadline) {
        if (interval) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (due >= deadline) break;
        }
        const member = members[random.int(0, members.length - 1)];
        const operation = pick();
        const [method, path, body] = request(operation, member, sent++);
        const started = interval ? due : performance.now();
        due += interval;
        const answer = await call(baseUrl, method, path, member.headers, agent, body);
        const took = performance.now() - started;
        if (answer.status >= 300) errors += 1;
        const list = times.get(operation) ?? [];
        list.push(took);
        times.set(operation, list);
      }
    } finally {
      agent.destroy();
    }
  }));
  const cpuUsed = cpuMs(pid) - cpuBefore;
  clearInterval(sampler);
  const rssEndMiB = rssMiB(pid);
  const after = await cacheAnswers(baseUrl, admin);
  const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  const rate = (kind: string) => {
    const hits = delta(`${kind} hit`);
    const all = hits + delta(`${kind} miss`) + delta(`${kind} bypass`);
    return all ? Math.round((hits / all) * 1000) / 10 : null;
  };
  const round = (n: number) => Math.round(n * 100) / 100;
  const endpoints: MixedRun['endpoints'] = {};
  let requests = 0;
  for (const [operation] of WEIGHTS) {
    const list = (times.get(operation) ?? []).sort((a, b) => a - b);
    requests += list.length;
    const at = (p: number) => (list.length ? round(list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]) : 0);
    endpoints[operation] = { requests: list.length, p50: at(50), p95: at(95), p99: at(99) };
  }
  return {
    seconds, offeredRps, groups: members.length, connections, requests, errors, cpuMsPerRequest: round(cpuUsed / Math.max(1, requests)),
    rssPeakMiB: Math.max(rssPeakMiB, rssEndMiB), rssEndMiB, pageHitRate: rate('pages'), documentHitRate: rate('documents'), endpoints,
  };
}

export function mixedLines(engine: string, recipes: number, run: MixedRun): string[] {
  return [
    `Mixed run ${run.offeredRps ? `paced at ${run.offeredRps} req/s offered` : 'flat out'} (${engine}, ${recipes} recipes in the measured group, ${run.groups} groups, ${run.connections} connections, 90 % reads / 10 % writes, ${run.seconds} s): ${run.requests} requests (${Math.round(run.requests / run.seconds)} req/s) (${run.errors} errors), ${run.cpuMsPerRequest} CPU-ms/req, RSS peak ${run.rssPeakMiB} MiB, at the end ${run.rssEndMiB} MiB; read cache hit rate: pages ${run.pageHitRate ?? '-'} %, recipes ${run.documentHitRate ?? '-'} %.`,
    ...Object.entries(run.endpoints).map(([name, e]) => `  ${name.padEnd(18)} ${String(e.requests).padStart(6)} requests  p50 ${e.p50} ms  p95 ${e.p95} ms  p99 ${e.p99} ms`),
  ];
}
