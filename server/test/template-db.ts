import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { openPostgres, openSqlite } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { dropDatabaseForce } from './pg-databases.js';

/**
 * A migrated, empty database that each test context copies instead of running every migration again (about
 * 1 s per context on PostgreSQL, 0.25 s on SQLite, over hundreds of contexts). Its name carries a hash of the
 * migration sources, so editing or adding a migration builds a new one; the context still runs `migrate`
 * after the copy, which finds nothing to do.
 */
const MIGRATION_SOURCES = [path.resolve(import.meta.dirname, '../db/migrate.ts'), path.resolve(import.meta.dirname, '../db/migrations')];

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const source of MIGRATION_SOURCES) {
    const files = fs.statSync(source).isDirectory() ? fs.readdirSync(source).sort().map((name) => path.join(source, name)) : [source];
    for (const file of files) hash.update(path.basename(file)).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let hashOnce: string | undefined;
const templateKey = () => (hashOnce ??= migrationsHash());

/** Copies the migrated SQLite template to `file` (built once per migration set; concurrent builders race harmlessly). */
export async function copySqliteTemplate(file: string): Promise<void> {
  const template = path.join(os.tmpdir(), `hearth-test-template-${templateKey()}.db`);
  if (!fs.existsSync(template)) {
    const building = `${template}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    const handle = openSqlite(building);
    await migrate(handle);
    await handle.close(); // the last connection's close checkpoints the WAL into the file
    fs.renameSync(building, template);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(template, file);
}

const TEMPLATE_LOCK = 0x4845_5254; // "HERT": held while a template database is built
const TEMPLATE_PREFIX = 'hearth_tpl_';

/** The name of the migrated PostgreSQL template, built under an advisory lock by whichever test process comes first. */
export async function postgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${templateKey()}`;
  const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await exists()) return name;
    // Built under another name and renamed when complete, so a crash never leaves a half-migrated template.
    const building = `${name}_b${process.pid}`;
    await dropDatabaseForce(admin, building);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = openPostgres(url.toString());
    await migrate(handle);
    await handle.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    // Other checkouts on the same cluster may test other migration sets at the same time: the newest few stay.
    const stale = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY oid DESC OFFSET 4', [`${TEMPLATE_PREFIX}%`]);
    for (const row of stale.rows) await dropDatabaseForce(admin, row.datname).catch(() => undefined);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}
