import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ZipArchive } from 'archiver';
import { lazyRequire } from '../../platform/lazy.js';

const loadArchiver = lazyRequire<typeof import('archiver')>('archiver');
import type { Kysely } from 'kysely';
import type { GroupDataExport } from '../../../contract/exports.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { dataPath } from '../../platform/storage.js';
import { humanBytes } from '../recipe-media/storage.js';
import { loadRecipes, recipeDir } from '../recipes/service.js';
import { findGroupRecipes, type BulkActor } from './bulk-actions.js';
import { recipeExportJson } from './recipe-zip.js';

/** Table of migration 0005_group_exports; only this module reads or writes it. */
type ExportTables = {
  group_data_exports: {
    id: string;
    group_id: string;
    name: string;
    filename: string;
    /** Relative to DATA_DIR (rows restored from Mealie may hold an absolute path inside it). */
    path: string;
    size: string;
    expires: string;
    created_at: string;
    update_at: string;
  };
};

const EXPORT_LIFETIME_MS = 24 * 3600 * 1000;

function exportsDb(deps: Deps): Kysely<Database & ExportTables> {
  return deps.db.withTables<ExportTables>();
}

type ExportRow = ExportTables['group_data_exports'];

function toOut(row: ExportRow): GroupDataExport {
  return { id: row.id, groupId: row.group_id, name: row.name, filename: row.filename, path: row.path, size: row.size, expires: row.expires };
}

async function removeExports(deps: Deps, rows: ExportRow[]): Promise<void> {
  if (rows.length === 0) return;
  await exportsDb(deps).deleteFrom('group_data_exports').where('id', 'in', rows.map((r) => r.id)).execute();
  for (const row of rows) {
    try {
      await fs.promises.rm(dataPath(deps.config.dataDir, row.path), { force: true });
    } catch {
      // A row pointing outside DATA_DIR (a foreign backup) has no file of ours to remove.
    }
  }
}

/** Exports live one day (Mealie purges them daily); expired ones go whenever the group's exports are touched. */
async function purgeExpired(deps: Deps, groupId: string): Promise<void> {
  const expired = await exportsDb(deps).selectFrom('group_data_exports').selectAll().where('group_id', '=', groupId).where('expires', '<', nowIso()).execute();
  await removeExports(deps, expired);
}

/**
 * bulk-actions/export: DATA_DIR/groups/{group}/export/{uuid}.zip with recipes/<slug>/<slug>.json (snake_case)
 * and each recipe's images and assets under recipes/<slug>/. Any group member may export the group's recipes.
 */
export async function exportRecipes(deps: Deps, user: BulkActor, recipeRefs: string[]): Promise<GroupDataExport> {
  await purgeExpired(deps, user.groupId);
  const rows = await findGroupRecipes(deps, user.groupId, recipeRefs);
  const recipes = await loadRecipes(deps.db, deps.engine, rows.map((r) => r.id), user.householdId);
  const id = crypto.randomUUID();
  const filename = `${id}.zip`;
  const relative = path.posix.join('groups', user.groupId, 'export', filename);
  const file = dataPath(deps.config.dataDir, relative);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });

  const archive = new (loadArchiver().ZipArchive)({ zlib: { level: 6 } });
  const tmp = `${file}.tmp`;
  const written = pipeline(archive, fs.createWriteStream(tmp));
  for (const recipe of recipes) {
    archive.append(recipeExportJson(recipe), { name: `recipes/${recipe.slug}/${recipe.slug}.json` });
    const dir = recipeDir(deps, recipe.id);
    if (fs.existsSync(dir)) archive.directory(dir, `recipes/${recipe.slug}`, (entry) => (entry.name.endsWith('.json') ? false : entry));
  }
  try {
    await Promise.all([archive.finalize(), written]);
    await fs.promises.rename(tmp, file);
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }

  const { size } = await fs.promises.stat(file);
  const now = nowIso();
  const row: ExportRow = {
    id,
    group_id: user.groupId,
    name: 'Data Export',
    filename,
    path: relative,
    size: humanBytes(size),
    expires: new Date(Date.now() + EXPORT_LIFETIME_MS).toISOString(),
    created_at: now,
    update_at: now,
  };
  await exportsDb(deps).insertInto('group_data_exports').values(row).execute();
  return toOut(row);
}

export async function listExports(deps: Deps, groupId: string): Promise<GroupDataExport[]> {
  await purgeExpired(deps, groupId);
  const rows = await exportsDb(deps).selectFrom('group_data_exports').selectAll().where('group_id', '=', groupId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toOut);
}

/**
 * export/download?path= (Mealie 2.0) or export/{id}/download (later clients): a file token, only for one of
 * the group's own exports (Mealie 2.0 signs any path it is given).
 */
export async function exportFileToken(deps: Deps, groupId: string, match: { path: string } | { id: string }): Promise<string> {
  const row = await exportsDb(deps)
    .selectFrom('group_data_exports')
    .selectAll()
    .where('group_id', '=', groupId)
    .where((eb) => ('id' in match ? eb('id', '=', match.id.toLowerCase()) : eb.or([eb('path', '=', match.path), eb('filename', '=', match.path)])))
    .executeTakeFirst();
  if (!row) throw notFound('Export not found');
  return deps.tokens.fileToken(dataPath(deps.config.dataDir, row.path));
}

export async function purgeExports(deps: Deps, groupId: string): Promise<void> {
  const rows = await exportsDb(deps).selectFrom('group_data_exports').selectAll().where('group_id', '=', groupId).execute();
  await removeExports(deps, rows);
}
