import fs from 'node:fs';
import path from 'node:path';
import type { MaintenanceStorage, MaintenanceSummary } from '../../../contract/backups.js';
import type { Deps } from '../../platform/deps.js';
import { dataPath, isUuid } from '../../platform/storage.js';
import { humanBytes } from '../recipe-media/storage.js';

/** Bytes under a folder of DATA_DIR (maintenance reports on the local disk). */
async function directorySize(dir: string): Promise<number> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(full);
    else if (entry.isFile()) total += (await fs.promises.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/**
 * Admin maintenance: what DATA_DIR holds and the clean-ups Mealie offers. A clean-up never removes a file
 * a row still uses: the images kept are the webp set Hearth serves, and a recipe folder goes only when its
 * name is not a UUID or no recipe has that id.
 */

const SERVED_IMAGES = /\.webp$/i;

async function dirs(dir: string): Promise<string[]> {
  return (await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => e.name);
}

/** Non-webp files in recipes/<id>/images/ (sources left behind by an import), as paths. */
async function strayImages(deps: Deps): Promise<string[]> {
  const root = dataPath(deps.config.dataDir, 'recipes');
  const out: string[] = [];
  for (const id of await dirs(root)) {
    const images = path.join(root, id, 'images');
    for (const entry of await fs.promises.readdir(images, { withFileTypes: true }).catch(() => [])) {
      if (entry.isFile() && !SERVED_IMAGES.test(entry.name)) out.push(path.join(images, entry.name));
    }
  }
  return out;
}

/** Folders under recipes/ that belong to no recipe. */
async function orphanFolders(deps: Deps): Promise<string[]> {
  const root = dataPath(deps.config.dataDir, 'recipes');
  const names = await dirs(root);
  const uuids = names.filter(isUuid);
  const known = new Set<string>();
  for (let i = 0; i < uuids.length; i += 500) {
    const rows = await deps.db.selectFrom('recipes').select('id').where('id', 'in', uuids.slice(i, i + 500)).execute();
    for (const row of rows) known.add(row.id);
  }
  return names.filter((n) => !known.has(n)).map((n) => path.join(root, n));
}

export async function maintenanceSummary(deps: Deps): Promise<MaintenanceSummary> {
  return {
    dataDirSize: humanBytes(await directorySize(deps.config.dataDir)),
    cleanableImages: (await strayImages(deps)).length,
    cleanableDirs: (await orphanFolders(deps)).length,
  };
}

export async function maintenanceStorage(deps: Deps): Promise<MaintenanceStorage> {
  const size = async (dir: string) => humanBytes(await directorySize(dataPath(deps.config.dataDir, dir)));
  return {
    tempDirSize: await size('.temp'),
    backupsDirSize: await size('backups'),
    groupsDirSize: await size('groups'),
    recipesDirSize: await size('recipes'),
    userDirSize: await size('users'),
  };
}

async function removeAll(paths: string[]): Promise<number> {
  for (const p of paths) await fs.promises.rm(p, { recursive: true, force: true });
  return paths.length;
}

export async function cleanImages(deps: Deps): Promise<number> {
  return removeAll(await strayImages(deps));
}

export async function cleanRecipeFolders(deps: Deps): Promise<number> {
  return removeAll(await orphanFolders(deps));
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
