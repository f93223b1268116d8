import fs from 'node:fs';
import path from 'node:path';

/**
 * The project folder (where package.json is), found from this file whether it runs from server/ through
 * tsx or from the bundle in dist/server/.
 */
function findAppRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'server'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start, '..');
    dir = parent;
  }
}

export const APP_ROOT = findAppRoot(import.meta.dirname);

/**
 * The shared test data (parser-dev, import-dev…): `HEARTH_SHARED_DIR` when set, else ../shared beside the
 * checkout. Tests that need it skip with a message naming this variable when it is missing.
 */
export const SHARED_DIR = process.env.HEARTH_SHARED_DIR ? path.resolve(process.env.HEARTH_SHARED_DIR) : path.resolve(APP_ROOT, '../shared');
export const SHARED_DATA_DIR = path.join(SHARED_DIR, 'data');
export const HAS_SHARED_DATA = fs.existsSync(SHARED_DATA_DIR);
export const MISSING_SHARED_DATA_NOTE = HAS_SHARED_DATA ? '' : ` (skipped: no shared test data at ${SHARED_DATA_DIR}; set HEARTH_SHARED_DIR)`;
