import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS, SERVER_ENV } from '../../scripts/server-command.mjs';
import { API } from '../../contract/routes.js';
import { multipart, png } from '../modules/recipe-media/test-fixtures.js';
import { REPO_ROOT, TEST_ENGINE } from './harness.js';
import { dropDatabaseForce } from './pg-databases.js';
import { waitFor } from './wait.js';

/*
 * `npm start` runs the esbuild bundle, not the TypeScript the other tests load: packages are bundled into it,
 * minified and made ASCII (scripts/build-server.mjs). This builds it and drives it over HTTP as a user's
 * browser would, on the engine under test. The container (Dockerfile) runs this same bundle: its health check
 * script and its stop on SIGTERM are tested here against it, outside a container (see container.test.ts).
 */

const outdir = path.join(REPO_ROOT, '.tmp', `bundle-test-${TEST_ENGINE}`, 'server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bundle-'));
const moduleListFile = path.join(dataDir, 'modules.json');
const probeFile = path.join(path.dirname(outdir), 'probe.mjs');
const database = 'hearth_bundle_test';
let child: ChildProcess;
let baseUrl = '';
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function engineEnv(): Promise<Record<string, string>> {
  if (TEST_ENGINE !== 'postgres') return { DB_ENGINE: 'sqlite' };
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await admin.connect();
  await dropDatabaseForce(admin, database);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(process.env.TEST_PG_URL ?? '');
  url.pathname = `/${database}`;
  return { DB_ENGINE: 'postgres', POSTGRES_URL_OVERRIDE: url.toString() };
}

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs'), '--outdir', outdir], { cwd: REPO_ROOT, stdio: 'inherit' });
  fs.writeFileSync(probeFile, `import fs from 'node:fs';\nprocess.on('SIGUSR2', () => fs.writeFileSync(${JSON.stringify(moduleListFile)}, JSON.stringify({ modules: process.moduleLoadList, codeCache: process.hearthCodeCache })));\n`);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...SERVER_ENV, ...(await engineEnv()), DATA_DIR: dataDir, PORT: String(port), API_HOST: '127.0.0.1', LOG_LEVEL: 'warn', TEST_DB: '' };
  for (const name of ['BASE_URL', 'API_PORT', 'DEFAULT_ADMIN_PASSWORD', 'STATIC_FILES', 'STORAGE']) delete env[name];
  child = spawn(process.execPath, [...NODE_FLAGS, '--import', probeFile, path.join(outdir, 'start.cjs')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  baseUrl = `http://127.0.0.1:${port}`;
  const started = child;
  // Waits for the line, with only a last guard: a loaded host starts the bundle slowly.
  await waitFor(() => {
    if (started.exitCode !== null) throw new Error(`the bundle exited with ${started.exitCode}:\n${output}`);
    return /is ready at/.test(output);
  }, 'the bundle to say it is ready', 240_000, 100);
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(path.dirname(outdir), { recursive: true, force: true });
  if (TEST_ENGINE === 'postgres') {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
    await admin.connect();
    await dropDatabaseForce(admin, database);
    await admin.end();
  }
});

describe('the production bundle (npm start)', () => {
  it('is ASCII only, so V8 keeps its source at one byte a character', () => {
    for (const file of fs.readdirSync(outdir).filter((name) => name.endsWith('.cjs'))) {
      expect(/[\u0080-\uffff]/.test(fs.readFileSync(path.join(outdir, file), 'utf8')), file).toBe(false);
    }
  });

  it('starts from the V8 code cache its build wrote (scripts/launch-server.cjs), with no warning', async () => {
    const bundle = fs.statSync(path.join(outdir, 'main.cjs'));
    const cache = fs.readFileSync(path.join(outdir, 'main.cjs.v8-cache'));
    expect(cache.subarray(0, cache.indexOf(10)).toString()).toBe(`${bundle.size}:${bundle.mtimeMs}`);
    fs.rmSync(moduleListFile, { force: true });
    child.kill('SIGUSR2');
    await waitFor(() => fs.existsSync(moduleListFile), 'the module list the bundle writes on SIGUSR2', 120_000, 50);
    expect(JSON.parse(fs.readFileSync(moduleListFile, 'utf8')).codeCache).toBe('used');
    fs.rmSync(moduleListFile);
    expect(output).not.toMatch(/Warning/);
  });

  it('signs in, creates a recipe, takes a photo upload and lists it compressed; serves media to HEAD', async () => {
    const login = await fetch(`${baseUrl}${API.authToken}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${(await login.json()).access_token}` };

    // A name with non-ASCII letters goes through the escaped regular expressions of slugs and search.
    const created = await fetch(`${baseUrl}${API.recipes}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Crème brûlée à l’orange' }) });
    expect(created.status).toBe(201);
    const slug = (await created.json()) as string;
    expect(slug).toBe('creme-brulee-a-lorange');

    const upload = multipart([
      { name: 'image', value: await png(64, 48), filename: 'photo.png', contentType: 'image/png' },
      { name: 'extension', value: 'png' },
    ]);
    const uploaded = await fetch(`${baseUrl}/api/recipes/${slug}/image`, { method: 'PUT', headers: { ...auth, ...upload.headers }, body: new Uint8Array(upload.payload) });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    const recipe = await (await fetch(`${baseUrl}/api/recipes/${slug}`, { headers: auth })).json();
    expect(recipe.name).toBe('Crème brûlée à l’orange');
    const image = await fetch(`${baseUrl}/api/media/recipes/${recipe.id}/images/original.webp`, { method: 'HEAD' });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    const found = await (await fetch(`${baseUrl}${API.recipes}?search=${encodeURIComponent('creme brulee')}`, { headers: auth })).json();
    expect(found.items.map((item: { slug: string }) => item.slug)).toEqual([slug]);

    // fetch would undo the encoding; node:http shows what went on the wire.
    const docsScript = await rawGet('/docs/static/swagger-ui-bundle.js', { 'accept-encoding': 'gzip' });
    expect(docsScript.status).toBe(200);
    expect(docsScript.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(docsScript.body).toString()).toContain('SwaggerUIBundle');
    const spec = await rawGet('/openapi.json', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(spec.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(spec.body).toString()).paths[API.recipes]).toBeTruthy();
  });
});

function rawGet(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function runHealthcheck(port: number): Promise<number> {
  return new Promise((resolve) => {
    const check = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/healthcheck.mjs')], { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, stdio: 'ignore' });
    check.on('exit', (code) => resolve(code ?? 1));
  });
}

describe('what the container runs (Dockerfile), outside a container', () => {
  const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');

  it('starts the same bundle with the same flags as npm start', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd).toEqual(['node', ...NODE_FLAGS, 'dist/server/start.cjs']);
    const tunables = /GLIBC_TUNABLES=(\S+)/.exec(dockerfile)?.[1];
    expect(tunables).toBe(SERVER_ENV.GLIBC_TUNABLES);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["node", "scripts\/healthcheck.mjs"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('its health check passes while the server is ready and fails once it stopped on SIGTERM, which exits 0', async () => {
    const port = Number(new URL(baseUrl).port);
    expect(await runHealthcheck(port)).toBe(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await runHealthcheck(port)).toBe(1);
  });
});

/*
 * The oldest Node that package.json's engines admits: .ci/run installs it beside the newest LTS the suite runs
 * on and names it in HEARTH_OLDEST_NODE. The same bundle starts on it over PostgreSQL (SQLite's native library is
 * compiled for the suite's Node), signs in, creates and reads a recipe, and stops on SIGTERM with exit code 0.
 */
const oldestNode = process.env.HEARTH_OLDEST_NODE;
describe.skipIf(!oldestNode || !process.env.TEST_PG_URL || TEST_ENGINE !== 'sqlite')('the bundle on the oldest supported Node (HEARTH_OLDEST_NODE)', () => {
  it('starts, serves and stops', async () => {
    const version = execFileSync(oldestNode!, ['--version']).toString().trim();
    const engines = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).engines.node as string;
    expect(Number(/^v(\d+)/.exec(version)?.[1])).toBe(Number(/(\d+)/.exec(engines)?.[1]));
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
    await admin.connect();
    await dropDatabaseForce(admin, 'hearth_oldest_node');
    await admin.query('CREATE DATABASE hearth_oldest_node');
    await admin.end();
    const url = new URL(process.env.TEST_PG_URL ?? '');
    url.pathname = '/hearth_oldest_node';
    const port = await freePort();
    const oldData = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-oldest-node-'));
    const env = { PATH: process.env.PATH ?? '', ...SERVER_ENV, DB_ENGINE: 'postgres', POSTGRES_URL_OVERRIDE: url.toString(), DATA_DIR: oldData, PORT: String(port), API_HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const server = spawn(oldestNode!, [...NODE_FLAGS, path.join(outdir, 'start.cjs')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    try {
      for (let i = 0; i < 600 && !/is ready at/.test(log); i += 1) {
        if (server.exitCode !== null) throw new Error(`Hearth on ${version} exited with ${server.exitCode}:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(log).toMatch(/is ready at/);
      const base = `http://127.0.0.1:${port}`;
      expect(await runHealthcheck(port)).toBe(0);
      const login = await fetch(`${base}${API.authToken}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=MyPassword' });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${(await login.json()).access_token}` };
      const created = await fetch(`${base}${API.recipes}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Oldest Node soup' }) });
      expect(created.status).toBe(201);
      const recipe = await (await fetch(`${base}/api/recipes/oldest-node-soup`, { headers: auth })).json();
      expect(recipe.name).toBe('Oldest Node soup');
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      fs.rmSync(oldData, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: process.env.TEST_PG_URL });
      await drop.connect();
      await dropDatabaseForce(drop, 'hearth_oldest_node');
      await drop.end();
    }
  }, 120_000);
});
