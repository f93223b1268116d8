import type { GroupStorage } from '../../../contract/recipe-media.js';
import type { Deps } from '../../platform/deps.js';
import { storageKeys } from '../../platform/storage/index.js';

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

/** Above this many recipes one listing of all of recipes/ is cheaper than a listing per recipe folder. */
const LIST_ALL_ABOVE = 50;

/** GET /api/groups/storage: the bytes stored under the group's recipes (recipes/{id}/…). */
export async function groupStorage(deps: Deps, groupId: string): Promise<GroupStorage> {
  const recipes = await deps.db.selectFrom('recipes').select('id').where('group_id', '=', groupId).execute();
  let used = 0;
  if (recipes.length > LIST_ALL_ABOVE) {
    const ids = new Set(recipes.map((r) => r.id));
    for (const file of await deps.storage.list('recipes/')) if (ids.has(file.key.split('/')[1])) used += file.size;
  } else {
    for (const { id } of recipes) for (const file of await deps.storage.list(storageKeys.recipeFolder(id))) used += file.size;
  }
  return {
    usedStorageBytes: used,
    usedStorageStr: humanBytes(used),
    totalStorageBytes: GROUP_STORAGE_ALLOWANCE,
    totalStorageStr: humanBytes(GROUP_STORAGE_ALLOWANCE),
  };
}
