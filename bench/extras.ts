import fs from 'node:fs';
import path from 'node:path';
import { measureInitialJs } from '../scripts/initial-js.js';

/** Size of the JS the browser must load before the first screen: the entry script and its modulepreloads. */
function webInitialJs(root: string): { gzipKiB: number; brotliKiB: number } | null {
  const measured = measureInitialJs(path.join(root, 'dist/web'));
  return measured && { gzipKiB: measured.gzipKiB, brotliKiB: measured.brotliKiB };
}

async function parserAccuracy(root: string, sharedData: string) {
  const dir = path.join(sharedData, 'parser-dev');
  if (!fs.existsSync(dir)) return null;
  const { scoreParserDev } = await import('../server/parser/score.js');
  const report = scoreParserDev(dir);
  const percent = (n: number) => Math.round(n * 1000) / 10;
  const summarize = (r: typeof report.all) => Object.fromEntries(Object.entries(r.accuracy).map(([k, v]) => [k, percent(v)]));
  void root;
  return { lines: report.all.lines, accuracy: { all: summarize(report.all), heldOut: summarize(report.heldOut) } };
}

/** Time to turn a saved page into a parsed recipe (extraction + ingredient parsing), per page, in process. */
async function importTiming(sharedData: string) {
  const dir = path.join(sharedData, 'import-dev/html');
  if (!fs.existsSync(dir)) return null;
  const { extractRecipeFromHtml } = await import('../server/import/extract/index.js');
  const { parseIngredientLine } = await import('../server/parser/parse.js');
  const pages = fs.readdirSync(dir).filter((name) => name.endsWith('.html')).map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
  const durations: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const html of pages) {
      const started = performance.now();
      const draft = extractRecipeFromHtml(html, 'https://example.org/recipe');
      for (const line of draft?.recipeIngredient ?? []) parseIngredientLine(line.note);
      durations.push(performance.now() - started);
    }
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) => Math.round(durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] * 10) / 10;
  return { pages: pages.length, p50Ms: at(0.5), p95Ms: at(0.95) };
}

export async function extraMeasurements(root: string, sharedData: string) {
  const { shoppingBench } = await import('./shopping.js');
  return { webInitialJs: webInitialJs(root), parser: await parserAccuracy(root, sharedData), importPage: await importTiming(sharedData), shopping: await shoppingBench() };
}
