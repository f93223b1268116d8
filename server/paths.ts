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
