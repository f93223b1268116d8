import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supervise } from '../../../scripts/supervise.mjs';
import { waitFor } from '../wait.js';
import { isConnectionLost } from '../../db/connection-lost.js';
import { createTestContext, TEST_ENGINE, type TestContext } from '../harness.js';

// Issue 9, item 1: a PostgreSQL connection dropped while requests hold it must fail only those requests
// (503 in Mealie's shape) and the same process must keep serving; `npm start` restarts a crashed server.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 20; i += 1) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: `Drop test ${i}` } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx?.close());

async function terminateServerConnections(): Promise<number> {
  const dbName = ctx.config.db.engine === 'postgres' ? new URL(ctx.config.db.url).pathname.slice(1) : '';
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await admin.connect();
  try {
    const r = await admin.query(
      // The server's own connections only: an autovacuum worker on the same database belongs to a superuser.
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
      [dbName],
    );
    return r.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('a dropped database connection', () => {
  it('classifies lost connections (and only those) as retryable', () => {
    expect(isConnectionLost(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionLost(new Error('SQLITE_CONSTRAINT'))).toBe(false);
  });

  it('fails only the requests in flight with 503 and keeps the process serving', async () => {
    let terminated = 0;
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let round = 0; round < 5; round += 1) {
      const burst = Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0
          ? ctx.app.inject({ method: 'POST', url: '/api/organizers/tags', headers: ctx.admin, payload: { name: `tag ${round}-${i}` } })
          : ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=50&orderBy=name', headers: ctx.admin }),
      );
      if (TEST_ENGINE === 'postgres') {
        await new Promise((r) => setTimeout(r, 5));
        terminated += await terminateServerConnections();
      }
      for (const res of await Promise.all(burst)) {
        statuses.push(res.statusCode);
        if (res.statusCode === 503) bodies.push(res.json());
      }
    }
    // Every answer is a success or the lost-connection 503 — never a 500, never a crash.
    expect(statuses.filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    for (const body of bodies) expect(body).toEqual({ detail: { message: 'The database connection was lost; please retry', error: true, exception: null } });
    if (TEST_ENGINE === 'postgres') expect(terminated).toBeGreaterThan(0);
    // Afterwards the same process answers normally on fresh connections.
    for (let i = 0; i < 20; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=5', headers: ctx.admin });
      expect(res.statusCode).toBe(200);
    }
    // Writes acknowledged during the burst are there; none is half-written.
    const tags = await ctx.app.inject({ method: 'GET', url: '/api/organizers/tags?perPage=-1', headers: ctx.admin });
    expect(tags.statusCode).toBe(200);
  });

  it('reads and transactions on idle connections the server dropped are retried transparently', async () => {
    // Fill the pool with idle connections, drop them all, then read and write at once: the dead idle
    // connections are replaced without the caller seeing an error.
    await Promise.all(Array.from({ length: 10 }, () => ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=5', headers: ctx.admin })));
    if (TEST_ENGINE === 'postgres') expect(await terminateServerConnections()).toBeGreaterThan(0);
    const reads = await Promise.all(Array.from({ length: 10 }, () => ctx.app.inject({ method: 'GET', url: '/api/recipes?perPage=5', headers: ctx.admin })));
    expect(reads.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    if (TEST_ENGINE === 'postgres') await terminateServerConnections();
    const write = await ctx.app.inject({ method: 'POST', url: '/api/recipes', headers: ctx.admin, payload: { name: 'After the drop' } });
    expect(write.statusCode).toBe(201);
  });
});

describe('npm start supervision', () => {
  it('restarts a crashed server process and stops on a configuration error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-supervise-'));
    const counter = path.join(dir, 'runs');
    const script = path.join(dir, 'server.mjs');
    // Crashes twice (as an unhandled 'error' event would), then runs until stopped.
    fs.writeFileSync(script, `import fs from 'node:fs';
const n = (fs.existsSync(${JSON.stringify(counter)}) ? Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) : 0) + 1;
fs.writeFileSync(${JSON.stringify(counter)}, String(n));
if (n <= 2) { process.nextTick(() => { throw new Error('crash ' + n); }); } else { setInterval(() => {}, 1000); }
`);
    const lines: string[] = [];
    const sup = supervise(process.execPath, [script], { baseDelayMs: 20, stdio: 'ignore', log: (l) => lines.push(l) });
    await waitFor(() => fs.existsSync(counter) && fs.readFileSync(counter, 'utf8') === '3', 'the third start of the supervised process', 120_000, 50);
    expect(fs.readFileSync(counter, 'utf8')).toBe('3');
    expect(lines.filter((l) => l.includes('restarting'))).toHaveLength(2);
    sup.stop();
    expect(await sup.done).toBe(0);

    const configError = path.join(dir, 'config.mjs');
    fs.writeFileSync(configError, 'process.exit(2);');
    const once = supervise(process.execPath, [configError], { baseDelayMs: 20, stdio: 'ignore', log: (l) => lines.push(l) });
    expect(await once.done).toBe(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
