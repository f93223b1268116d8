import { checkPrefix } from './keys.js';
import type { Storage } from './types.js';

/**
 * Copies every file under the folder `from` to the same relative keys under `to`; returns how many. One
 * walk for every driver: each driver copies one file its own way (Storage.copy).
 */
export async function copyPrefix(storage: Storage, from: string, to: string): Promise<number> {
  checkPrefix(from);
  checkPrefix(to);
  const files = await storage.list(from);
  for (const file of files) await storage.copy(file.key, to + file.key.slice(from.length));
  return files.length;
}
