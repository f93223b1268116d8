import fs from 'node:fs';
import path from 'node:path';
import type { MaintenanceStorage, MaintenanceSummary } from '../../../contract/backups.js';
import type { Deps } from '../../platform/deps.js';
import { dataPath, isUuid } from '../../platform/storage/index.js';
import { humanBytes } from '../recipe-media/storage.js';

/**
 * Admin maintenance: what DATA_DIR holds and the clean-ups Mealie offers. A clean-up never removes a file
 * a row still uses: the images kept are the webp set Hearth serves, and a recipe folder goes only when its
 * name is not a UUID or no recipe has that id.
 */

const SERVED_IMAGES = /\.webp$/i;

/** Bytes stored under a prefix ('' for everything). */
async function storedSize(deps: Deps, prefix: string): Promise<number> {
  return (await deps.storage.list(prefix)).reduce((sum, f) => sum + f.size, 0);
}

async function localSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) total += (await fs.promises.stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Non-webp files directly in recipes/<id>/images/ (sources left behind by an import), as storage keys. */
async function strayImages(deps: Deps): Promise<string[]> {
  return (await deps.storage.list('recipes/')).map((f) => f.key).filter((key) => /^recipes\/[^/]+\/images\/[^/]+$/.test(key) && !SERVED_IMAGES.test(key));
}

/** Folders under recipes/ that belong to no recipe, as prefixes. */
async function orphanFolders(deps: Deps): Promise<string[]> {
  const names = [...new Set((await deps.storage.list('recipes/')).map((f) => f.key.split('/')[1]))];
  const uuids = names.filter(isUuid);
  const known = new Set<string>();
  for (let i = 0; i < uuids.length; i += 500) {
    const rows = await deps.db.selectFrom('recipes').select('id').where('id', 'in', uuids.slice(i, i + 500)).execute();
    for (const row of rows) known.add(row.id);
  }
  return names.filter((n) => !known.has(n)).map((n) => `recipes/${n}/`);
}

export async function maintenanceSummary(deps: Deps): Promise<MaintenanceSummary> {
  const data = deps.storage.kind === 'local' ? await localSize(deps.config.dataDir) : await storedSize(deps, '');
  return {
    dataDirSize: humanBytes(data),
    cleanableImages: (await strayImages(deps)).length,
    cleanableDirs: (await orphanFolders(deps)).length,
  };
}

export async function maintenanceStorage(deps: Deps): Promise<MaintenanceStorage> {
  const size = async (prefix: string) => humanBytes(await storedSize(deps, prefix));
  return {
    tempDirSize: humanBytes(await localSize(dataPath(deps.config.dataDir, '.temp'))),
    backupsDirSize: await size('backups/'),
    groupsDirSize: await size('groups/'),
    recipesDirSize: await size('recipes/'),
    userDirSize: await size('users/'),
  };
}

async function removeAll(paths: string[]): Promise<number> {
  for (const p of paths) await fs.promises.rm(p, { recursive: true, force: true });
  return paths.length;
}

export async function cleanImages(deps: Deps): Promise<number> {
  const keys = await strayImages(deps);
  for (const key of keys) await deps.storage.delete(key);
  return keys.length;
}

export async function cleanRecipeFolders(deps: Deps): Promise<number> {
  const prefixes = await orphanFolders(deps);
  for (const prefix of prefixes) await deps.storage.deletePrefix(prefix);
  return prefixes.length;
}

/** Empties .temp, except a restore that is running right now (its staging folder is in use). */
export async function cleanTemp(deps: Deps, inUse: (name: string) => boolean): Promise<number> {
  const temp = dataPath(deps.config.dataDir, '.temp');
  const entries = await fs.promises.readdir(temp).catch(() => [] as string[]);
  return removeAll(entries.filter((n) => !inUse(n)).map((n) => path.join(temp, n)));
}

function logFiles(deps: Deps): string[] {
  const names = fs.existsSync(deps.config.dataDir) ? fs.readdirSync(deps.config.dataDir) : [];
  return names.filter((n) => /\.log(\.\d+)?$/.test(n)).sort().map((n) => path.join(deps.config.dataDir, n));
}

/** The last `lines` lines of the server log (DATA_DIR/*.log: hearth.log, or mealie.log from a restored instance). */
export async function tailLogs(deps: Deps, lines: number): Promise<string[]> {
  const files = logFiles(deps).filter((f) => !/\.\d+$/.test(f));
  const out: string[] = [];
  for (const file of files) {
    const stat = await fs.promises.stat(file);
    const start = Math.max(0, stat.size - 2 * 1024 * 1024);
    const handle = await fs.promises.open(file, 'r');
    try {
      const buffer = Buffer.alloc(stat.size - start);
      await handle.read(buffer, 0, buffer.length, start);
      out.push(...buffer.toString('utf8').split(/\r?\n/).filter(Boolean));
    } finally {
      await handle.close();
    }
  }
  return out.slice(-lines);
}

/** Truncates the current log files and removes rotated ones. */
export async function cleanLogs(deps: Deps): Promise<number> {
  const files = logFiles(deps);
  for (const file of files) {
    if (/\.\d+$/.test(file)) await fs.promises.rm(file, { force: true });
    else await fs.promises.truncate(file, 0);
  }
  return files.length;
}
