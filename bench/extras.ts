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

const quantiles = (durations: number[]) => {
  durations.sort((a, b) => a - b);
  const at = (q: number) => Math.round(durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] * 100) / 100;
  return { p50Ms: at(0.5), p95Ms: at(0.95) };
};

/**
 * Time to turn saved pages into parsed recipes (extraction + ingredient parsing), per page, in process: the
 * 10 pages of import-dev 20 times each (the figure earlier runs printed), and the 317 pages of import-pages
 * (one per site, ~20 languages) twice each.
 */
async function importTiming(sharedData: string) {
  const { extractRecipeFromHtml } = await import('../server/import/extract/index.js');
  const { parseIngredientLine } = await import('../server/parser/parse.js');
  const time = (pages: string[], rounds: number) => {
    const durations: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const html of pages) {
        const started = performance.now();
        const draft = extractRecipeFromHtml(html, 'https://example.org/recipe');
        for (const line of draft?.recipeIngredient ?? []) parseIngredientLine(line.note);
        durations.push(performance.now() - started);
      }
    }
    return { pages: pages.length, rounds, ...quantiles(durations) };
  };
  const dev = path.join(sharedData, 'import-dev/html');
  const all = path.join(sharedData, 'import-pages');
  const read = (files: string[]) => files.map((file) => fs.readFileSync(file, 'utf8'));
  const devPages = fs.existsSync(dev) ? read(fs.readdirSync(dev).filter((name) => name.endsWith('.html')).map((name) => path.join(dev, name))) : [];
  const sitePages = fs.existsSync(all)
    ? read(fs.readdirSync(all, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) => fs.readdirSync(path.join(all, d.name)).filter((n) => n.endsWith('.html')).map((n) => path.join(all, d.name, n))))
    : [];
  return { dev: devPages.length ? time(devPages, 20) : null, sites: sitePages.length ? time(sitePages, 2) : null };
}

/** Time to parse one ingredient line (the nlp parser, no database), over every parser-dev line three times. */
async function parseTiming(sharedData: string) {
  const dir = path.join(sharedData, 'parser-dev');
  if (!fs.existsSync(dir)) return null;
  const { loadIngredientLines } = await import('./generate.js');
  const { parseIngredientLine } = await import('../server/parser/parse.js');
  const lines = loadIngredientLines(sharedData);
  for (const line of lines.slice(0, 500)) parseIngredientLine(line); // warm-up
  const durations: number[] = [];
  const started = performance.now();
  for (let round = 0; round < 3; round++) {
    for (const line of lines) {
      const t = performance.now();
      parseIngredientLine(line);
      durations.push(performance.now() - t);
    }
  }
  const linesPerSecond = Math.round((durations.length / (performance.now() - started)) * 1000);
  return { lines: lines.length, linesPerSecond, ...quantiles(durations) };
}

/** The parse and import timings as printed lines (issue 35 asks for them to stay where they are). */
export async function parseAndImportTimings(sharedData: string): Promise<string[]> {
  const parse = await parseTiming(sharedData);
  const imports = await importTiming(sharedData);
  return timingLines(parse, imports);
}

export function timingLines(parse: Awaited<ReturnType<typeof parseTiming>>, imports: Awaited<ReturnType<typeof importTiming>> | null): string[] {
  const lines: string[] = [];
  if (parse) lines.push(`Ingredient line parse (nlp parser, ${parse.lines} parser-dev lines × 3): p50 ${parse.p50Ms} ms, p95 ${parse.p95Ms} ms, ${parse.linesPerSecond} lines/s.`);
  if (imports?.dev) lines.push(`Import of a saved page (extract + parse ingredients, ${imports.dev.pages} import-dev pages × ${imports.dev.rounds}): p50 ${imports.dev.p50Ms} ms, p95 ${imports.dev.p95Ms} ms.`);
  if (imports?.sites) lines.push(`Import of a saved page (extract + parse ingredients, ${imports.sites.pages} import-pages pages from as many sites × ${imports.sites.rounds}): p50 ${imports.sites.p50Ms} ms, p95 ${imports.sites.p95Ms} ms.`);
  if (!parse && !imports?.dev && !imports?.sites) lines.push('Parse and import timings: ../shared/data is absent, not measured.');
  return lines;
}

export async function extraMeasurements(root: string, sharedData: string) {
  const { shoppingBench } = await import('./shopping.js');
  return { webInitialJs: webInitialJs(root), parser: await parserAccuracy(root, sharedData), timings: timingLines(await parseTiming(sharedData), await importTiming(sharedData)), shopping: await shoppingBench() };
}
