#!/usr/bin/env node
// Runs every test suite and ends with one line "N passed, N failed, N skipped" over all of them:
// unit + API tests on SQLite, the same on PostgreSQL when TEST_PG_URL is set, then the browser tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importGraph } from './import-graph.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const notRun = []; // suites that did not run, named in the closing line
const durations = []; // wall time per suite, printed before the closing line
let anyRunFailed = false;
const only = process.argv.slice(2); // optional suite names: lint, sqlite, postgres, s3, e2e

/**
 * The server's test files that can reach a database: those importing (through any chain of project files) the
 * database connection, and those naming the test engine's settings themselves (tests that start a server process).
 */
function databaseTestFiles() {
  const graph = importGraph(root);
  const connection = path.join(root, 'server/db/connect.ts');
  const reaches = new Map();
  const reachesDatabase = (file) => {
    if (reaches.has(file)) return reaches.get(file);
    reaches.set(file, false); // a cycle adds nothing
    const answer = file === connection || (graph.get(file) ?? []).some(reachesDatabase);
    reaches.set(file, answer);
    return answer;
  };
  const tests = [...graph.keys()].filter((file) => file.startsWith(path.join(root, 'server/')) && file.endsWith('.test.ts'));
  const chosen = tests.filter((file) => reachesDatabase(file) || /TEST_DB|TEST_PG_URL|TEST_ENGINE/.test(fs.readFileSync(file, 'utf8')));
  console.log(`PostgreSQL: ${chosen.length} of ${tests.length} server test files reach a database`);
  return chosen.map((file) => path.relative(root, file));
}

function runVitest(name, args, env) {
  if (only.length && !only.includes(name)) return;
  const report = path.join(out, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  durations.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (!fs.existsSync(report)) {
    console.log(`${name}: the runner produced no report (exit ${result.status})`);
    totals.failed += 1;
    anyRunFailed = true;
    return;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  // A file that failed without a failing test failed outside its tests: it did not load, or a beforeAll/afterAll
  // hook threw or timed out. Vitest then reports the tests it never ran as skipped; here they count as FAILED
  // (at least one per file), never as skipped, and the file is named.
  const brokenFiles = (json.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
  for (const file of brokenFiles) {
    const notRunTests = (file.assertionResults ?? []).filter((a) => a.status !== 'passed').length;
    totals.skipped -= notRunTests;
    totals.failed += Math.max(1, notRunTests);
    const reason = String(file.message ?? '').split('\n')[0];
    console.log(`${name}: FAILED outside its tests: ${path.relative(root, file.name)}${reason ? ` (${reason})` : ''}`);
  }
  if (result.status !== 0) {
    anyRunFailed = true;
    // A run that failed without a failing test (no files found, a crash) still counts as a failure.
    if (json.numFailedTests === 0 && brokenFiles.length === 0) totals.failed += 1;
  }
}

// The house rules (eslint.config.js) and the import graph: one test per linted file, one for import cycles.
if (!only.length || only.includes('lint')) {
  console.log('\n=== lint ===');
  const report = path.join(out, 'lint.json');
  const started = Date.now();
  const lint = spawnSync(process.execPath, [path.join(root, 'scripts/lint.mjs'), '--report', report], { cwd: root, stdio: 'inherit' });
  durations.push(`lint ${Math.round((Date.now() - started) / 1000)} s`);
  if (fs.existsSync(report)) {
    const { passed, failed } = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += passed;
    totals.failed += failed;
  } else {
    console.log(`lint: the linter produced no report (exit ${lint.status})`);
    totals.failed += 1;
  }
  if (lint.status !== 0) anyRunFailed = true;
}

runVitest('sqlite', [], { TEST_DB: 'sqlite' });

if (process.env.TEST_PG_URL && (!only.length || only.includes('postgres'))) {
  // Pure unit tests do not touch a database; the tests that reach one are the ones worth running twice.
  runVitest('postgres', databaseTestFiles(), { TEST_DB: 'postgres' });
} else if (!only.length || only.includes('postgres')) {
  console.log('\nPostgreSQL suite not run: set TEST_PG_URL (.ci/run starts the local cluster and sets it).');
  notRun.push('PostgreSQL suite (set TEST_PG_URL)');
}

// The areas that keep files, again with every stored file in a local S3-compatible server (s3rver).
runVitest(
  's3',
  ['server/modules/recipe-media', 'server/modules/exports', 'server/modules/timeline', 'server/modules/users', 'server/modules/recipes/lifecycle.test.ts', 'server/modules/recipe-import/import-zip.test.ts'],
  { TEST_DB: 'sqlite', TEST_STORAGE: 's3' },
);

if (!only.length || only.includes('e2e')) {
  if (!fs.existsSync('/usr/bin/chromium')) {
    console.log('\nBrowser suite not run: /usr/bin/chromium is missing (apt-get install chromium).');
    notRun.push('browser suite (no /usr/bin/chromium)');
    totals.failed += 1;
    anyRunFailed = true;
  } else {
    console.log('\n=== building the web app for the browser tests ===');
    const started = Date.now();
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    durations.push(`web build ${Math.round((Date.now() - started) / 1000)} s`);
    if (build.status !== 0) {
      totals.failed += 1;
      anyRunFailed = true;
    } else {
      runVitest('e2e', ['--config', 'e2e/vitest.config.ts'], {});
    }
  }
}

fs.rmSync(out, { recursive: true, force: true });
const sharedDir = process.env.HEARTH_SHARED_DIR ? path.resolve(process.env.HEARTH_SHARED_DIR) : path.resolve(root, '../shared');
if (!fs.existsSync(path.join(sharedDir, 'data'))) notRun.push(`tests needing ${path.join(sharedDir, 'data')} (set HEARTH_SHARED_DIR)`);
const notRunNote = notRun.length ? `; NOT RUN: ${notRun.join(', ')}` : '';
console.log(`\nwall time: ${durations.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${notRunNote}`);
process.exit(totals.failed > 0 || anyRunFailed ? 1 : 0);
