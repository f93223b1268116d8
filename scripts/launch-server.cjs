'use strict';
// The server's entry point, copied beside the bundle as dist/server/start.cjs by scripts/build-server.mjs.
//
// It runs main.cjs from V8's code cache when one made from this very file lies beside it (main.cjs.v8-cache):
// compiling the 3 MB bundle and the functions start-up calls was ~270 ms of a ~1 s start. The build writes
// the cache from a trial start; a server that finds none, or one V8 rejects (another Node, other V8 flags),
// writes it once it has been ready for a while, so the next start has it. Node 22's module.enableCompileCache
// does the same for every module; Node 20, which Hearth supports, has only this (vm.Script's cachedData).
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire, wrap } = require('node:module');

const bundle = path.join(__dirname, 'main.cjs');
const cacheFile = `${bundle}.v8-cache`;
// The bundle has no import() (server/platform/lazy.ts requires what it loads late); should one creep in, it
// still works through Node's own loader, with an experimental-feature warning.
const loader = vm.constants && vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
// Source maps are applied to modules Node loads itself, so with them the bundle is loaded plainly.
if (process.sourceMapsEnabled || !loader || process.env.HEARTH_CODE_CACHE === 'off') {
  process.hearthCodeCache = 'off';
  require(bundle);
  return;
}

// V8 checks a cache against the length of the source only: the file's size and time stamp tie it to this build.
const { size, mtimeMs } = fs.statSync(bundle);
const stamp = Buffer.from(`${size}:${mtimeMs}\n`);
let cachedData;
try {
  const kept = fs.readFileSync(cacheFile);
  if (kept.subarray(0, stamp.length).equals(stamp)) cachedData = kept.subarray(stamp.length);
} catch {
  // none yet
}

const script = new vm.Script(wrap(fs.readFileSync(bundle, 'utf8')), { filename: bundle, cachedData, importModuleDynamically: loader });
// What became of the cache, for server/test/production-bundle.test.ts: used, rejected or none.
process.hearthCodeCache = !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';

function keepCache() {
  const partial = `${cacheFile}.${process.pid}`;
  try {
    fs.writeFileSync(partial, Buffer.concat([stamp, script.createCachedData()]));
    fs.renameSync(partial, cacheFile);
  } catch {
    // A read-only install starts without it.
    fs.rmSync(partial, { force: true });
  }
}

// server/main.ts emits 'hearth:ready' once it listens; by then the functions start-up needs are compiled.
process.once('hearth:ready', () => {
  if (process.env.HEARTH_CODE_CACHE === 'train') {
    keepCache();
    process.exit(0);
  }
  if (!cachedData || script.cachedDataRejected) setTimeout(keepCache, 10_000).unref();
});

const mainModule = { id: bundle, filename: bundle, path: __dirname, exports: {}, loaded: false };
script.runInThisContext().call(mainModule.exports, mainModule.exports, createRequire(bundle), mainModule, bundle, __dirname);
mainModule.loaded = true;
