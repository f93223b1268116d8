import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supervise } from '../../../scripts/supervise.mjs';
import { listenErrorMessage, readyLine } from '../../start-up.js';
import { REPO_ROOT, TEST_ENGINE } from '../harness.js';
import { dropDatabaseForce } from '../pg-databases.js';

// Issue 9, item 17: a port in use or an unusable DATA_DIR stops the start with one line naming the variable
// (no stack trace, exit code 2 so `npm start` does not restart it), and a started server says where it is ready.
const MAIN = ['--import', 'tsx', path.join(REPO_ROOT, 'server/main.ts')];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-start-up-'));
const databases: string[] = [];

/** A fresh database for one start on PostgreSQL (TEST_DB=postgres); SQLite lives in DATA_DIR. */
async function engineEnv(): Promise<Record<string, string>> {
  if (TEST_ENGINE !== 'postgres') return { DB_ENGINE: 'sqlite' };
  const adminUrl = process.env.TEST_PG_URL ?? '';
  // Numbered per start in this file, dropped first if a killed run left it behind.
  const name = `hearth_start_test_${databases.length + 1}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await dropDatabaseForce(admin, name);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DB_ENGINE: 'postgres', POSTGRES_URL_OVERRIDE: url.toString() };
}

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_DB: '', LOG_LEVEL: 'warn', API_HOST: '127.0.0.1' };
  delete env.BASE_URL;
  delete env.PORT;
  delete env.API_PORT;
  delete env.DEFAULT_ADMIN_PASSWORD;
  return { ...env, ...extra };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server and waits for it to exit, or for `until` to match its output (then stops it). */
function start(env: Record<string, string>, until?: RegExp): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, MAIN, { cwd: REPO_ROOT, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    const run: Run = { code: null, stdout: '', stderr: '' };
    // Only a last guard against a hung start: the test waits for the exit or the line, however slow the host.
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    const seen = () => {
      if (until && until.test(run.stdout)) child.kill('SIGTERM');
    };
    child.stdout.on('data', (d: Buffer) => {
      run.stdout += d.toString();
      seen();
    });
    child.stderr.on('data', (d: Buffer) => (run.stderr += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ ...run, code });
    });
  });
}

/** Lines a person reads: the server's own, not JSON log records or a runtime's notices. */
const hearthLines = (text: string) => text.split('\n').filter((line) => line.startsWith('Hearth'));

let holder: net.Server;
let heldPort: number;
beforeAll(async () => {
  holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  heldPort = (holder.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => holder.close(() => resolve()));
  fs.rmSync(scratch, { recursive: true, force: true });
  if (databases.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
    await admin.connect();
    for (const name of databases) await dropDatabaseForce(admin, name);
    await admin.end();
  }
});

describe('start-up a person can read', () => {
  it('a DATA_DIR inside a file stops with one line naming DATA_DIR', async () => {
    const file = path.join(scratch, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    const run = await start({ ...(await engineEnv()), DATA_DIR: path.join(file, 'data'), PORT: '0' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`Hearth cannot start: DATA_DIR ${path.join(file, 'data')} cannot hold Hearth's data: a part of that path is a file, not a folder. Set DATA_DIR to a writable folder.`);
  }, 300_000);

  it('a DATA_DIR that is a file stops with one line naming DATA_DIR', async () => {
    const file = path.join(scratch, 'data-file');
    fs.writeFileSync(file, 'not a folder');
    const run = await start({ ...(await engineEnv()), DATA_DIR: file, PORT: '0' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`Hearth cannot start: DATA_DIR ${file} cannot hold Hearth's data: it is a file, not a folder. Set DATA_DIR to a writable folder.`);
  }, 300_000);

  it('a port in use stops with one line naming PORT, and npm start does not restart it', async () => {
    const env = baseEnv({ ...(await engineEnv()), DATA_DIR: path.join(scratch, 'busy'), PORT: String(heldPort) });
    const stderr: string[] = [];
    const restarts: string[] = [];
    const sup = supervise(process.execPath, MAIN, {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      baseDelayMs: 20,
      log: (line) => restarts.push(line),
      onStart: (child) => child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString())),
    });
    expect(await sup.done).toBe(2);
    expect(restarts).toEqual([]);
    expect(stderr.join('').trim()).toBe(`Hearth cannot start: PORT ${heldPort} is already in use on 127.0.0.1 by another program. Stop it or set PORT to a free port.`);
  }, 300_000);

  it('an API_HOST that is not this machine stops with one line naming API_HOST', async () => {
    // 192.0.2.1 is TEST-NET-1: never an address of a test machine.
    const run = await start({ ...(await engineEnv()), DATA_DIR: path.join(scratch, 'elsewhere'), PORT: '0', API_HOST: '192.0.2.1' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('Hearth cannot start: API_HOST 192.0.2.1 is not an address of this machine. Set API_HOST to one of its addresses, or 0.0.0.0 for all.');
  }, 300_000);

  it('says where it is ready, and on the first start who to sign in as', async () => {
    const env = { ...(await engineEnv()), DATA_DIR: path.join(scratch, 'ready'), PORT: '0' };
    const first = await start(env, /Hearth is ready/);
    const [line] = hearthLines(first.stdout);
    expect(line).toMatch(/^Hearth is ready at http:\/\/127\.0\.0\.1:\d+; sign in as admin with the password MyPassword, then change it$/);
    const port = Number(/:(\d+);/.exec(line)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(first.stderr).toBe('');

    const again = await start(env, /Hearth is ready/);
    expect(hearthLines(again.stdout)).toEqual([expect.stringMatching(/^Hearth is ready at http:\/\/127\.0\.0\.1:\d+$/)]);
  }, 300_000);
});

describe('the start-up lines', () => {
  it('name the variable a person set and never echo a chosen password', () => {
    const busy = Object.assign(new Error('in use'), { code: 'EADDRINUSE' });
    expect(listenErrorMessage(busy, { host: '0.0.0.0', port: 9000 }, {})).toBe('PORT (default 9000) 9000 is already in use on 0.0.0.0 by another program. Stop it or set PORT to a free port.');
    expect(listenErrorMessage(busy, { host: '0.0.0.0', port: 9100 }, { API_PORT: '9100' })).toMatch(/^API_PORT 9100 is already in use/);
    expect(listenErrorMessage(Object.assign(new Error('no'), { code: 'EACCES' }), { host: '0.0.0.0', port: 80 }, { PORT: '80' })).toMatch(/^PORT 80 needs privileges/);
    expect(listenErrorMessage(new Error('something else'), { host: '0.0.0.0', port: 9000 }, {})).toBeNull();
    const config = { host: '0.0.0.0', baseUrl: 'https://food.example.org', defaultAdmin: { username: 'chef', email: '', password: 'hunter22', fullName: '' } };
    expect(readyLine(config, 9000, true, { BASE_URL: 'https://food.example.org', DEFAULT_ADMIN_PASSWORD: 'hunter22' })).toBe(
      'Hearth is ready at http://localhost:9000 (public address https://food.example.org); sign in as chef with the password in DEFAULT_ADMIN_PASSWORD, then change it',
    );
    expect(readyLine({ ...config, host: '::1' }, 9000, false, {})).toBe('Hearth is ready at http://[::1]:9000');
  });
});
