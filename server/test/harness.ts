import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPostgres, openSqlite, type DbHandle } from '../db/connect.js';
import { seedFirstRun } from '../modules/users/first-run.js';
import { migrate } from '../db/migrate.js';
import type { Deps } from '../platform/deps.js';
import type { App } from '../platform/http.js';
import type { Mailer } from '../platform/mailer.js';
import { startLocalS3, TEST_STORAGE } from './s3.js';
import { SHARED_DATA_DIR } from '../paths.js';
import { dropDatabaseForce } from './pg-databases.js';
import { copySqliteTemplate, postgresTemplate } from './template-db.js';
import { makeGroup, makeHousehold, makeUser } from './factories.js';

/** Which database the API tests run on: `TEST_DB=postgres` (with TEST_PG_URL) or SQLite by default. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const SHARED_DATA = SHARED_DATA_DIR;

export interface TestContext {
  app: App;
  deps: Deps;
  config: Config;
  dataDir: string;
  /** Bearer header of the default admin. */
  admin: Record<string, string>;
  login(username: string, password: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A new PostgreSQL database for one test; with `migrated`, a copy of the migrated template (server/test/template-db.ts). */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_PG_URL (e.g. postgresql://hearth:hearth@127.0.0.1:5432/hearth)');
  const name = `hearth_t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const template = options.migrated ? await postgresTemplate(client, adminUrl) : null;
    await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await dropDatabaseForce(c, name);
      } finally {
        await c.end();
      }
    },
  };
}

export async function createTestContext(
  options: { env?: Record<string, string>; mailer?: Mailer; outbound?: Deps['outbound']; build?: BuildOptions; beforeReady?: (app: App) => void; beforeMigrate?: (handle: DbHandle) => Promise<void> } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-test-'));
  let handle: DbHandle;
  let dropDatabase = async () => {};
  // TEST_STORAGE=s3: the same tests with every stored file in a local S3-compatible server.
  const s3 = TEST_STORAGE === 's3' && !options.env?.STORAGE ? await startLocalS3() : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', BASE_URL: 'http://hearth.test', ...s3?.env, ...options.env };
  // A test that prepares the empty database itself gets an empty one; every other test a copy of the migrated one.
  const migrated = !options.beforeMigrate;
  if (TEST_ENGINE === 'postgres') {
    const created = await createPostgresDatabase({ migrated });
    dropDatabase = created.drop;
    env.DB_ENGINE = 'postgres';
    env.POSTGRES_URL_OVERRIDE = created.url;
    handle = openPostgres(created.url);
  } else {
    if (migrated) await copySqliteTemplate(path.join(dataDir, 'hearth.db'));
    handle = openSqlite(path.join(dataDir, 'hearth.db'));
  }
  const config = loadConfig(env);
  await options.beforeMigrate?.(handle);
  await migrate(handle);
  await seedFirstRun(handle, config);
  const { app, deps } = await buildApp(config, handle, { logger: false, mailer: options.mailer, outbound: options.outbound, ...options.build });
  options.beforeReady?.(app);
  await app.ready();

  const login = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return { authorization: `Bearer ${res.json().access_token}` };
  };
  const admin = await login(config.defaultAdmin.username, config.defaultAdmin.password);

  return {
    app,
    deps,
    config,
    dataDir,
    admin,
    login,
    close: async () => {
      await app.close();
      await handle.close();
      await dropDatabase();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MemberOptions {
  username?: string;
  password?: string;
  group?: string;
  household?: string;
  flags?: Partial<Record<'admin' | 'advanced' | 'canInvite' | 'canManage' | 'canManageHousehold' | 'canOrganize', boolean>>;
}

/**
 * A signed-in user for a test's set-up, inserted straight into the database (server/test/factories.ts): the
 * group and household are found by name or created, as the admin API does with the same names. Tests about
 * creating users call the API themselves.
 */
export async function createMember(ctx: TestContext, options: MemberOptions = {}) {
  const username = options.username ?? `user${crypto.randomBytes(4).toString('hex')}`;
  const password = options.password ?? 'Sup3r-Secret-pw';
  const db = ctx.deps.db;
  const groupName = options.group ?? ctx.config.defaultGroup;
  let group = await db.selectFrom('groups').select('id').where('name', '=', groupName).executeTakeFirst();
  if (!group) group = { id: (await makeGroup(ctx.deps, groupName, ctx.config.defaultHousehold)).groupId };
  const householdName = options.household ?? ctx.config.defaultHousehold;
  let household = await db.selectFrom('households').select('id').where('group_id', '=', group.id).where('name', '=', householdName).executeTakeFirst();
  if (!household && !options.household) household = await db.selectFrom('households').select('id').where('group_id', '=', group.id).orderBy('created_at').executeTakeFirst();
  if (!household) household = { id: (await makeHousehold(ctx.deps, group.id, householdName)).householdId };
  const made = await makeUser(ctx.deps, { groupId: group.id, householdId: household.id }, { username, password, flags: options.flags });
  const user = { id: made.id, groupId: made.groupId, householdId: made.householdId, username: made.username };
  return { user, headers: made.headers, password };
}
