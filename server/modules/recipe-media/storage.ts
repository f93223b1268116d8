import fs from 'node:fs';
import path from 'node:path';
import type { GroupStorage } from '../../../contract/recipe-media.js';
import type { Deps } from '../../platform/deps.js';
import { recipeDir } from '../recipes/service.js';

/** The allowance Mealie reports for a group (it is informative: nothing enforces it). */
export const GROUP_STORAGE_ALLOWANCE = 500 * 1024 * 1024;

/** Bytes as Mealie prints them: "512 bytes", "1.5 KB", "3.25 MB", "1.1 GB". */
export function humanBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 100) / 100} ${units[unit]}`;
}

export async function directorySize(dir: string): Promise<number> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(full);
    else if (entry.isFile()) total += (await fs.promises.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** GET /api/groups/storage: the bytes in the DATA_DIR folders of the group's recipes. */
export async function groupStorage(deps: Deps, groupId: string): Promise<GroupStorage> {
  const recipes = await deps.db.selectFrom('recipes').select('id').where('group_id', '=', groupId).execute();
  let used = 0;
  for (const { id } of recipes) used += await directorySize(recipeDir(deps, id));
  return {
    usedStorageBytes: used,
    usedStorageStr: humanBytes(used),
    totalStorageBytes: GROUP_STORAGE_ALLOWANCE,
    totalStorageStr: humanBytes(GROUP_STORAGE_ALLOWANCE),
  };
}
