import fs from 'node:fs';
import path from 'node:path';
import { badRequest } from '../errors.js';

/** Joins path parts under DATA_DIR and refuses anything that would escape it. */
export function dataPath(dataDir: string, ...parts: string[]): string {
  const root = path.resolve(dataDir);
  const full = path.resolve(root, ...parts);
  if (full !== root && !full.startsWith(root + path.sep)) throw badRequest('common.invalid-path');
  return full;
}

/** A temporary name beside `file`, unique to this process and call. */
export function tempNameFor(file: string): string {
  return `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;
}

export async function writeFileAtomic(file: string, data: Buffer | string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = tempNameFor(file);
  try {
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, file);
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    throw error;
  }
}
