#!/usr/bin/env node
// Bundles the server into dist/server/ (main.js and the chunks it loads on first use), so `npm start` runs
// plain Node: no TypeScript compiler in the running process, faster start, less memory.
//
// Node keeps the source text of every loaded module in memory for as long as the process runs. Read from
// node_modules, those sources (with their comments and whitespace) were ~6.5 MiB of an idle server's heap, and
// our own bundle counted double because one non-ASCII character makes V8 store a whole script as UTF-16.
// So the pure-JavaScript packages are bundled in, whitespace and comments are dropped, and the output is
// ASCII. Identifiers keep their names, so a stack trace still names functions (HEARTH_SOURCE_MAPS=true maps
// lines back to the TypeScript).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// `--outdir DIR` builds elsewhere (the bundle test); it must lie inside the project, where node_modules is.
const outdirArg = process.argv.indexOf('--outdir');
const outdir = outdirArg > 0 ? path.resolve(process.argv[outdirArg + 1]) : path.join(root, 'dist/server');

/**
 * Packages left in node_modules: native code (better-sqlite3, sharp), files read from beside their own
 * sources (tesseract.js and its language data, swagger-ui's page), and what loads only on first use (pg and
 * pg-boss on a SQLite install, archives, HTML parsing, mail, S3, OIDC, LDAP, transliteration).
 */
const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  'sharp',
  'tesseract.js',
  '@tesseract.js-data/*',
  '@fastify/swagger-ui',
  'pg',
  'pg-boss',
  'archiver',
  'yauzl',
  'cheerio',
  'nodemailer',
  '@aws-sdk/*',
  'openid-client',
  'ldapts',
  'any-ascii',
];

/**
 * Escapes non-ASCII characters as \uXXXX. esbuild escapes strings itself but keeps regular expression
 * literals as written; an escape means the same there, with or without the u flag (a surrogate pair written
 * as two escapes is still one code point), and in comments, identifiers and templates too.
 */
function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (char, offset) => {
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
      if (!/[^\x00-\x7f]/.test(text)) return undefined;
      return { contents: asciiOnly(text), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL_PACKAGES,
  // Bundled CommonJS packages require Node's built-ins; an ES module has no `require` of its own.
  banner: { js: "import { createRequire as __hearthCreateRequire } from 'node:module'; const require = __hearthCreateRequire(import.meta.url);" },
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  legalComments: 'none',
  sourcemap: 'linked',
  plugins: [asciiSources],
  metafile: true,
  logLevel: 'warning',
});
const nonAscii = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js') && /[^\x00-\x7f]/.test(fs.readFileSync(path.resolve(file), 'utf8')));
if (nonAscii.length) throw new Error(`build-server: non-ASCII output in ${nonAscii.join(', ')}`);
