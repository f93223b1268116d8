import crypto from 'node:crypto';
import { once } from 'node:events';
import type { ZipArchive } from 'archiver';
import { lazyRequire } from '../../lazy.js';
import type { Kysely } from 'kysely';
import type { GroupDataExport } from '../../../contract/exports.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';
import type { Deps } from '../../platform/deps.js';
import type { Schedule } from '../../platform/jobs/schedules.js';
import { notFound } from '../../platform/errors.js';
import { storageKeys } from '../../platform/storage/index.js';
import { humanBytes } from '../recipe-media/storage.js';
import { loadRecipes } from '../recipes/service.js';
import type { RecipeOut } from '../../../contract/recipes.js';
import { findGroupRecipes, type BulkActor } from './bulk-actions.js';
import { storageKeyOf } from './download.js';
import { exportedImages, recipeExportJson } from './recipe-zip.js';

const loadArchiver = lazyRequire<typeof import('archiver')>('archiver');

/** Table of migration 0005_group_exports; only this module reads or writes it. */
type ExportTables = {
  group_data_exports: {
    id: string;
    group_id: string;
    name: string;
    filename: string;
    /** The storage key, i.e. relative to DATA_DIR (rows restored from Mealie may hold an absolute path inside it). */
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
      await deps.storage.delete(storageKeyOf(deps, row.path));
    } catch {
      // A row pointing outside DATA_DIR (a foreign backup) has no file of ours to remove.
    }
  }
}

/**
 * Exports live one day (Mealie purges them daily): every group's expired ones go (rows, then files) in the
 * `exports-purge-expired` schedule, once across processes; until then listings already hide them.
 * Returns how many went.
 */
export async function purgeExpiredExports(deps: Deps, now = Date.now()): Promise<number> {
  const expired = await exportsDb(deps).selectFrom('group_data_exports').selectAll().where('expires', '<', new Date(now).toISOString()).execute();
  await removeExports(deps, expired);
  return expired.length;
}

/** Hourly, so an export outlives its expiry by at most an hour. */
export const purgeExportsSchedule: Schedule = {
  name: 'exports-purge-expired',
  everyMs: 60 * 60_000,
  run: async (deps) => {
    await purgeExpiredExports(deps);
  },
};

/** Feeds the zip one entry at a time, so at most one stored file is open (a bucket answers each by HTTP). */
async function fillExportZip(deps: Deps, archive: ZipArchive, recipes: RecipeOut[]): Promise<void> {
  const add = async (source: Buffer | string | NodeJS.ReadableStream, name: string) => {
    const added = once(archive, 'entry');
    archive.append(source as Buffer, { name });
    await added;
  };
  for (const recipe of recipes) {
    const folder = storageKeys.recipeFolder(recipe.id);
    // Gallery and step images are among the folder's files below; the JSON says which step each belongs to.
    const { listed } = await exportedImages(deps, recipe, (image) => image.key.slice(folder.length));
    await add(recipeExportJson(recipe, listed), `recipes/${recipe.slug}/${recipe.slug}.json`);
    for (const file of await deps.storage.list(folder)) {
      if (file.key.endsWith('.json')) continue;
      const body = await deps.storage.get(file.key);
      if (body) await add(body, `recipes/${recipe.slug}/${file.key.slice(folder.length)}`);
    }
  }
  await archive.finalize();
}

/**
 * bulk-actions/export: groups/{group}/export/{uuid}.zip in storage with recipes/<slug>/<slug>.json
 * (snake_case) and each recipe's images and assets under recipes/<slug>/, streamed into storage as it is
 * made (never whole in memory). Any group member may export the group's recipes.
 */
export async function exportRecipes(deps: Deps, user: BulkActor, recipeRefs: string[]): Promise<GroupDataExport> {
  const rows = await findGroupRecipes(deps, user.groupId, recipeRefs);
  const recipes = await loadRecipes(deps.db, deps.engine, rows.map((r) => r.id), user.householdId);
  const id = crypto.randomUUID();
  const filename = `${id}.zip`;
  const key = storageKeys.groupExport(user.groupId, filename);

  const archive = new (loadArchiver().ZipArchive)({ zlib: { level: 6 } });
  // A failed upload stops the feeding (its 'entry' wait rejects); a failed zip fails the upload.
  const stored = deps.storage.put(key, archive, { contentType: 'application/zip' }).catch((error: unknown) => {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  const filled = fillExportZip(deps, archive, recipes).catch((error: unknown) => {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  await Promise.all([filled, stored]);

  const size = (await deps.storage.stat(key))?.size ?? 0;
  const now = nowIso();
  const row: ExportRow = {
    id,
    group_id: user.groupId,
    name: 'Data Export',
    filename,
    path: key,
    size: humanBytes(size),
    expires: new Date(Date.now() + EXPORT_LIFETIME_MS).toISOString(),
    created_at: now,
    update_at: now,
  };
  await exportsDb(deps).insertInto('group_data_exports').values(row).execute();
  return toOut(row);
}

export async function listExports(deps: Deps, groupId: string): Promise<GroupDataExport[]> {
  const rows = await exportsDb(deps)
    .selectFrom('group_data_exports')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('expires', '>=', nowIso())
    .orderBy('created_at', 'desc').orderBy('id').execute();
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
  if (!row) throw notFound('exports.export-not-found');
  return deps.tokens.fileToken(storageKeyOf(deps, row.path));
}

export async function purgeExports(deps: Deps, groupId: string): Promise<void> {
  const rows = await exportsDb(deps).selectFrom('group_data_exports').selectAll().where('group_id', '=', groupId).execute();
  await removeExports(deps, rows);
}
