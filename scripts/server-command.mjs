// How Hearth's server process is started, shared by `npm start` and the benchmark.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist/server/start.cjs');
// A 1 MB young generation keeps an idle server ~25 MB smaller at no measurable cost in latency.
// Source maps cost ~16 MB of resident memory; the bundle is not minified, so a stack trace already names
// functions and lines of dist/server/main.cjs. HEARTH_SOURCE_MAPS=true maps them back to the TypeScript.
export const NODE_FLAGS = [...(process.env.HEARTH_SOURCE_MAPS === 'true' ? ['--enable-source-maps'] : []), '--max-semi-space-size=1'];

/**
 * glibc's allocator keeps memory that start-up freed (the parser's and compiler's scratch space for the
 * bundle) inside its heap, where it stays resident: ~7 MiB of an idle server. Blocks of 128 KiB and more are
 * mapped on their own, so freeing one gives it back, and two arenas serve V8's helper threads. Not lower:
 * SQLite gives every temporary b-tree of a statement (an `IN (select value from json_each(?))` list, a sort)
 * an 88 KiB page-cache block, which at a 32 KiB threshold was mapped, faulted in and unmapped on every run
 * (a meal plan month's organizers statement 3.4 ms instead of 0.6; idle RSS the same either way). A
 * GLIBC_TUNABLES of the caller's own is left as it is.
 */
export const SERVER_ENV = process.env.GLIBC_TUNABLES
  ? {}
  : { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072:glibc.malloc.arena_max=2' };

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, sourceDirs, sourceFiles = []) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return (
    sourceDirs.some((dir) => newestMtime(path.join(ROOT, dir)) > built) ||
    sourceFiles.some((file) => fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).mtimeMs > built)
  );
}

/** Builds the web app and the server bundle when they are missing or older than their sources. */
export function buildIfStale({ web = true } = {}) {
  if (web && stale(path.join(ROOT, 'dist/web/index.html'), ['web', 'contract'])) {
    console.log('Building the web app…');
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  // Packages are bundled in too, so an install or a change of the build itself makes a new bundle.
  if (stale(SERVER_BUNDLE, ['server', 'contract'], ['scripts/build-server.mjs', 'scripts/launch-server.cjs', 'package-lock.json', 'node_modules/.package-lock.json'])) {
    console.log('Building the server…');
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
