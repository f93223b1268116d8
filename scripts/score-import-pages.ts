/**
 * Scores the recipe extraction on ../shared/data/import-pages (see server/import/page-score.ts):
 *
 *   npx tsx scripts/score-import-pages.ts            # totals for the tuning and held-out parts
 *   npx tsx scripts/score-import-pages.ts --failures # plus what went wrong on each failing TUNING page
 *   npx tsx scripts/score-import-pages.ts --json     # totals as JSON
 *
 * Rules are tuned on the tuning part only; the held-out part's failures are never printed, only counted.
 * Set HEARTH_SHARED_DIR when the shared folder is not ../shared beside the checkout.
 */
import { HAS_IMPORT_PAGES, IMPORT_PAGES, listPages, type PageScore, scorePage, totals } from '../server/import/page-score.js';

if (!HAS_IMPORT_PAGES) {
  console.error(`No saved pages at ${IMPORT_PAGES}; set HEARTH_SHARED_DIR to the shared folder.`);
  process.exit(1);
}

const args = new Set(process.argv.slice(2));
const scores = listPages().map(scorePage);
const tuning = scores.filter((s) => s.part === 'tuning');
const heldOut = scores.filter((s) => s.part === 'held-out');

const short = (text: string) => (text.length > 140 ? `${text.slice(0, 140)}…` : text);

function printFailure(score: PageScore): void {
  const problems: string[] = [];
  if (!score.title) problems.push(`title: want "${score.page.title}" got "${score.got.title}"`);
  if (!score.ingredients) {
    for (const line of score.ingredientDiff.missing) problems.push(`ingredient missing: ${short(line)}`);
    for (const line of score.ingredientDiff.extra) problems.push(`ingredient extra:   ${short(line)}`);
  }
  if (!score.steps) {
    for (const step of score.stepDiff.missing) problems.push(`step missing: ${short(step)}`);
    for (const step of score.stepDiff.extra) problems.push(`step extra:   ${short(step)}`);
    if (score.stepDiff.missing.length + score.stepDiff.extra.length === 0) problems.push(`steps: got ${score.got.steps.length}`);
  }
  console.log(`\n## ${score.page.id} [${score.method}, ${score.page.language}]`);
  for (const problem of problems.slice(0, 12)) console.log(`  ${problem}`);
}

if (args.has('--failures')) {
  for (const score of tuning) if (!score.title || !score.ingredients || !score.steps) printFailure(score);
}

const result = { tuning: totals(tuning), heldOut: totals(heldOut), all: totals(scores) };
if (args.has('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const row = (name: string, t: ReturnType<typeof totals>) =>
    `${name.padEnd(9)} ${String(t.pages).padStart(5)}  ${t.title.toFixed(1).padStart(6)}  ${t.ingredients.toFixed(1).padStart(11)}  ${t.steps.toFixed(1).padStart(6)}`;
  console.log('\npart      pages   title  ingredients   steps   (% of pages right)');
  console.log(row('tuning', result.tuning));
  console.log(row('held-out', result.heldOut));
  console.log(row('all', result.all));
  const methods = new Map<string, number>();
  for (const score of scores) methods.set(score.method, (methods.get(score.method) ?? 0) + 1);
  console.log(`\nfound by: ${[...methods].map(([method, count]) => `${method} ${count}`).join(', ')}`);
}
