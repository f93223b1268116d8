#!/usr/bin/env node
// Bundles the server into dist/server/main.js (packages stay in node_modules), so `npm start` runs plain
// Node: no TypeScript compiler in the running process, faster start, less memory.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(root, 'dist/server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
