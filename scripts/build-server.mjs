#!/usr/bin/env node
// Bundles the server into dist/server/main.cjs (with start.cjs, its entry point: scripts/launch-server.cjs),
// so `npm start` runs plain Node: no TypeScript compiler in the running process, faster start, less memory.
// The bundle is CommonJS because only a script, not an ES module, can be compiled from V8's code cache on
// Node 20: after the build, a trial start on a scratch SQLite library writes that cache (see the launcher).
//
// Node keeps the source text of every loaded module in memory for as long as the process runs. Read from
// node_modules, those sources (with their comments and whitespace) were ~6.5 MiB of an idle server's heap, and
// our own bundle counted double because one non-ASCII character makes V8 store a whole script as UTF-16.
// So the pure-JavaScript packages are bundled in, whitespace and comments are dropped, and the output is
// ASCII. Identifiers keep their names, so a stack trace still names functions (HEARTH_SOURCE_MAPS=true maps
// lines back to the TypeScript).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { EXTERNAL_PACKAGES } from './external-packages.mjs';
import { NODE_FLAGS, SERVER_ENV } from './server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
// `--outdir DIR` builds elsewhere (the bundle test); it must lie inside the project, where node_modules is.
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? path.resolve(process.argv[outdirArg + 1]) : path.join(root, 'dist/server');


/**
 * Escapes non-ASCII characters as \uXXXX. esbuild escapes strings itself but keeps regular expression
 * literals as written; an escape means the same there, with or without the u flag (a surrogate pair written
 * as two escapes is still one code point), and in comments, identifiers and templates too.
 */
function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (char, offset) => {
    if (text[offset - 1] === '\\') throw new Error(`build-server: an escaped non-ASCII character at ${offset} cannot be rewritten`);
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Escapes sources before esbuild reads them, so the source map still points at the right lines. */
const asciiSources = {
  name: 'ascii-sources',
  setup(builder) {
    builder.onLoad({ filter: /\.(?:[cm]?js|ts)$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      if (!/[\u0080-\uffff]/.test(text)) return undefined;
      return { contents: asciiOnly(text), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: EXTERNAL_PACKAGES,
  // The sources are ES modules; in a CommonJS bundle their import.meta is the bundle file's.
  define: { 'import.meta.url': '__hearthModuleUrl', 'import.meta.dirname': '__dirname' },
  banner: { js: "const __hearthModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  legalComments: 'none',
  sourcemap: 'linked',
  plugins: [asciiSources],
  metafile: true,
  logLevel: 'warning',
});
const nonAscii = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.cjs') && /[\u0080-\uffff]/.test(fs.readFileSync(path.resolve(file), 'utf8')));
if (nonAscii.length) throw new Error(`build-server: non-ASCII output in ${nonAscii.join(', ')}`);
fs.copyFileSync(path.join(root, 'scripts/launch-server.cjs'), path.join(outdir, 'start.cjs'));
await trainCodeCache();

/**
 * Starts the bundle once on a scratch SQLite library with nothing of the caller's environment (no database,
 * storage or sign-in settings), so the launcher writes V8's code cache and exits as soon as it is ready. Without
 * it the first real start is ~0.3 s slower and writes the cache itself.
 */
async function trainCodeCache() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-code-cache-'));
  const env = { PATH: process.env.PATH ?? '', ...SERVER_ENV, DATA_DIR: dataDir, PORT: '0', API_HOST: '127.0.0.1', LOG_LEVEL: 'silent', HEARTH_CODE_CACHE: 'train' };
  try {
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, [...NODE_FLAGS, path.join(outdir, 'start.cjs')], { cwd: root, env, stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    if (code !== 0 || !fs.existsSync(path.join(outdir, 'main.cjs.v8-cache'))) console.warn(`build-server: the trial start for the code cache ended with ${code}; the first start will write it`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
