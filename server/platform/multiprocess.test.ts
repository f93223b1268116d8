import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../db/migrate.js';
import { REPO_ROOT, TEST_ENGINE } from '../test/harness.js';
import { waitFor } from '../test/wait.js';
import { dropDatabaseForce } from '../test/pg-databases.js';

/**
 * Two real server processes (server/main.ts, as deployed) started at the same moment against one fresh
 * PostgreSQL database, each with its own DATA_DIR and the same SECRET.
 */
const SECRET = 'multi-process-test-secret-0123456789';

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** A recipe site on 127.0.0.1 whose pages answer slowly (so a bulk import can be interrupted). */
async function startSite(delayMs: number) {
  const server = http.createServer((req, res) => {
    const n = (req.url ?? '').replace(/\D/g, '') || '0';
    const recipe = {
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: `Slow soup ${n}`,
      recipeIngredient: ['1 onion', '2 carrots'],
      recipeInstructions: [{ '@type': 'HowToStep', text: 'Chop and simmer.' }],
    };
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>Soup ${n}</title><script type="application/ld+json">${JSON.stringify(recipe)}</script></head><body></body></html>`);
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

interface Proc {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
  start(): void;
}

function makeProc(name: string, port: number, dbUrl: string): Proc {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hearth-mp-${name}-`));
  const proc: Proc = {
    name,
    base: `http://127.0.0.1:${port}`,
    child: null as unknown as ChildProcess,
    output: [],
    start() {
      this.child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          TEST_DB: '',
          DB_ENGINE: 'postgres',
          POSTGRES_URL_OVERRIDE: dbUrl,
          DATA_DIR: dataDir,
          SECRET,
          BASE_URL: 'http://hearth.test',
          PORT: String(port),
          API_HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ALLOW_PRIVATE_NETWORK_FETCH: 'true',
          HEARTH_JOB_LEASE_SECONDS: '2',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.child.stdout?.on('data', (d) => this.output.push(String(d)));
      this.child.stderr?.on('data', (d) => this.output.push(String(d)));
    },
  };
  return proc;
}

async function ready(p: Proc) {
  await waitFor(
    async () => {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited ${p.child.exitCode}: ${p.output.join('')}`);
      const res = await fetch(`${p.base}/api/app/health/ready`).catch(() => null);
      return res?.status === 200;
    },
    `${p.name} to be ready`,
    240_000,
    100,
  );
}

describe.skipIf(TEST_ENGINE !== 'postgres')('several processes over one PostgreSQL', () => {
  let db: pg.Client;
  let dropDb: () => Promise<void>;
  let a: Proc;
  let b: Proc;
  let token: string;
  let site: Awaited<ReturnType<typeof startSite>>;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_PG_URL!;
    // One fixed name, dropped first: a run killed before its clean-up leaves nothing that changes the next.
    const name = 'hearth_multiprocess_test';
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await dropDatabaseForce(admin, name);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await dropDatabaseForce(c, name);
      await c.end();
    };
    site = await startSite(400);
    a = makeProc('a', await freePort(), url.toString());
    b = makeProc('b', await freePort(), url.toString());
    a.start();
    b.start(); // the same moment, on a database with no tables yet
    await Promise.all([ready(a), ready(b)]);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    // Both processes gone (their exit seen, not waited for by the clock) before their database is dropped.
    await Promise.all(
      [a, b].map(async (p) => {
        if (!p?.child || p.child.exitCode !== null || p.child.signalCode !== null) return;
        const exited = once(p.child, 'exit');
        p.child.kill('SIGKILL');
        await exited;
      }),
    );
    await db?.end();
    await site?.close();
    await dropDb?.();
  });

  it('both migrate at once without error and seed once', async () => {
    const migrations = await db.query('SELECT count(*)::int AS n FROM hearth_migrations');
    expect(migrations.rows[0].n).toBe(MIGRATIONS.length);
    expect((await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(1);
    expect((await db.query('SELECT count(*)::int AS n FROM groups')).rows[0].n).toBe(1);
    expect((await db.query('SELECT count(*)::int AS n FROM households')).rows[0].n).toBe(1);
  });

  it("accept each other's tokens", async () => {
    const res = await fetch(`${a.base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: 'MyPassword' }),
    });
    expect(res.status).toBe(200);
    token = (await res.json()).access_token;
    const self = await fetch(`${b.base}/api/users/self`, { headers: { authorization: `Bearer ${token}` } });
    expect(self.status).toBe(200);
    expect((await self.json()).username).toBe('admin');
  });

  it('an event written on one process reaches an SSE client of the other within 1 s', async () => {
    let raw = '';
    const req = http.get(`${b.base}/api/households/events/stream`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => (raw += c));
    });
    req.on('error', () => undefined);
    await waitFor(() => raw.includes('retry:'), 'the stream on b');
    const started = Date.now();
    const created = await fetch(`${a.base}/api/recipes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cross process stew' }),
    });
    expect(created.status).toBe(201);
    await waitFor(() => raw.includes('cross-process-stew'), 'the event on b', 1000, 10);
    const elapsed = Date.now() - started;
    req.destroy();
    expect(raw).toContain('event: recipe_created');
    expect(elapsed).toBeLessThan(1000);
  });

  it('a due schedule runs once across both processes', async () => {
    // An interrupted import from before (no job behind it), and the sweep made due now.
    const group = (await db.query('SELECT id FROM groups')).rows[0].id;
    const now = new Date().toISOString();
    await db.query(
      `INSERT INTO group_reports (id, group_id, name, status, category, timestamp, created_at, update_at) VALUES ($1, $2, 'old import', 'in-progress', 'bulk_import', $3, $3, $3)`,
      ['11111111-2222-3333-4444-555555555555', group, now],
    );
    await db.query(`UPDATE hearth_schedules SET next_run_at = $1 WHERE name = 'recipe-bulk-import-sweep'`, [new Date(Date.now() - 1000).toISOString()]);
    await waitFor(async () => (await db.query(`SELECT status FROM group_reports WHERE id = '11111111-2222-3333-4444-555555555555'`)).rows[0].status !== 'in-progress', 'the sweep', 10_000, 100);
    const swept = (await db.query(`SELECT last_run_at FROM hearth_schedules WHERE name = 'recipe-bulk-import-sweep'`)).rows[0].last_run_at;
    // Another schedule made due after the sweep, and run: a scheduler has passed over the sweep again since
    // (each pass looks at every schedule), and the sweep was not claimed a second time.
    await db.query(`UPDATE hearth_schedules SET next_run_at = $1, last_run_at = NULL WHERE name = 'exports-purge-expired'`, [new Date(Date.now() - 1000).toISOString()]);
    await waitFor(async () => (await db.query(`SELECT last_run_at FROM hearth_schedules WHERE name = 'exports-purge-expired'`)).rows[0].last_run_at !== null, 'a later scheduler pass', 60_000, 100);
    const row = (await db.query(`SELECT next_run_at, last_run_at FROM hearth_schedules WHERE name = 'recipe-bulk-import-sweep'`)).rows[0];
    expect(String(row.last_run_at)).toBe(String(swept));
    expect(Date.parse(row.next_run_at) - Date.parse(row.last_run_at)).toBe(5 * 60_000);
    const entries = await db.query(`SELECT message FROM report_entries WHERE report_id = '11111111-2222-3333-4444-555555555555'`);
    expect(entries.rows.map((r) => r.message)).toEqual(['The import was interrupted before every URL was tried']);
  });

  it('a bulk import job runs once, and after its process is killed (-9) mid-way it finishes on restart without duplicates', async () => {
    const imports = [1, 2, 3, 4, 5, 6].map((n) => ({ url: `${site.base}/recipe/${n}` }));
    const res = await fetch(`${b.base}/api/recipes/create/url/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ imports }),
    });
    expect(res.status).toBe(202);
    const { reportId } = await res.json();
    // Kill whichever process runs it once two recipes are in.
    const runner = await waitFor(async () => {
      const job = (await db.query(`SELECT lease_owner FROM hearth_jobs WHERE singleton_key = $1 AND state = 'active'`, [reportId])).rows[0];
      const done = (await db.query(`SELECT count(*)::int AS n FROM recipes WHERE org_url LIKE $1`, [`${site.base}%`])).rows[0].n;
      return job?.lease_owner && done >= 2 ? Number(String(job.lease_owner).split('-')[0]) : null;
    }, 'the job to be half done', 30_000, 50);
    const victim = [a, b].find((p) => p.child.pid === runner);
    expect(victim?.child.pid, 'the job runs in one of the two processes').toBe(runner);
    if (!victim) return;
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));
    victim.start();
    await ready(victim);
    await waitFor(async () => (await db.query(`SELECT status FROM group_reports WHERE id = $1`, [reportId])).rows[0].status !== 'in-progress', 'the import to finish', 60_000, 200);
    const report = (await db.query(`SELECT status FROM group_reports WHERE id = $1`, [reportId])).rows[0];
    expect(report.status).toBe('success');
    const recipes = await db.query(`SELECT org_url FROM recipes WHERE org_url LIKE $1 ORDER BY org_url`, [`${site.base}%`]);
    expect(recipes.rows.map((r) => r.org_url)).toEqual(imports.map((i) => i.url));
    const entries = await db.query(`SELECT success FROM report_entries WHERE report_id = $1`, [reportId]);
    expect(entries.rows).toHaveLength(6);
    const job = (await db.query(`SELECT state, attempts FROM hearth_jobs WHERE singleton_key = $1`, [reportId])).rows;
    expect(job).toHaveLength(1);
    expect(job[0]).toMatchObject({ state: 'completed', attempts: 2 });
  }, 120_000);
});
