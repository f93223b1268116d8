#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile (node --cpu-prof): the functions with the most self time and the most total time
 * (self plus callees, each function counted once per sample), as % of the samples that were not idle.
 *   node scripts/cpu-profile-summary.mjs <file.cpuprofile> [rows=25]
 */
import fs from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

const label = (n) => {
  const f = n.callFrame;
  const where = f.url ? `${f.url.replace(/^.*\/(node_modules\/)?/, (m, nm) => (nm ? 'node_modules/' : ''))}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
const self = new Map();
const total = new Map();
let busy = 0;
let gc = 0;
for (const id of profile.samples) {
  const node = nodes.get(id);
  const name = node.callFrame.functionName;
  if (name === '(garbage collector)') gc += 1;
  if (idle.has(name) && name !== '(garbage collector)') continue;
  busy += 1;
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const l = label(nodes.get(at));
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + 1);
  }
}
const pct = (n) => `${((n / busy) * 100).toFixed(1).padStart(5)} %`;
const top = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, rows);
console.log(`${busy} busy samples (garbage collector ${pct(gc).trim()} of them)\n\nself time:`);
for (const [name, n] of top(self)) console.log(`  ${pct(n)}  ${name}`);
console.log('\ntotal time (self + callees):');
for (const [name, n] of top(total)) if (name !== '(root)') console.log(`  ${pct(n)}  ${name}`);
