#!/usr/bin/env node
// The house rules a machine can check: ESLint (eslint.config.js: layers, a route holds no SQL, only web/src/api
// talks HTTP, the README's memory rules, typescript-eslint, react-hooks; zero warnings) and no import cycle
// (scripts/import-graph.mjs, type-only imports included).
//   node scripts/lint.mjs                    print every problem; exit 1 on any
//   node scripts/lint.mjs --report out.json  also write {passed, failed}: one test per linted file, plus one
//                                            for the import cycles (scripts/test.mjs counts them)
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { cyclePath, importCycles, importGraph } from './import-graph.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reportArg = process.argv.indexOf('--report');
const reportPath = reportArg > 0 ? path.resolve(process.argv[reportArg + 1]) : null;

const eslint = new ESLint({ cwd: root, errorOnUnmatchedPattern: false });
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const problems = results.filter((r) => r.errorCount + r.warningCount + r.fatalErrorCount > 0);
const text = await formatter.format(problems);
if (text) console.log(text);

const graph = importGraph(root);
const cycles = importCycles(graph);
for (const cycle of cycles) {
  console.log(`import cycle: ${cyclePath(graph, cycle).map((file) => path.relative(root, file)).join(' -> ')}`);
  if (cycle.length > 2) console.log(`  (${cycle.length} files in one circle: ${cycle.map((file) => path.relative(root, file)).join(', ')})`);
}

const passed = results.length - problems.length + (cycles.length ? 0 : 1);
const failed = problems.length + (cycles.length ? 1 : 0);
console.log(`lint: ${results.length} files, ${problems.length} with problems; ${graph.size} files in the import graph, ${cycles.length} cycle(s)`);
if (reportPath) fs.writeFileSync(reportPath, JSON.stringify({ passed, failed }));
process.exit(failed > 0 ? 1 : 0);
