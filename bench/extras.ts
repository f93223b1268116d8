import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Size of the JS the browser must load before the first screen: the entry script and its modulepreloads. */
function webInitialJsGzipKiB(root: string): number | null {
  const dist = path.join(root, 'dist/web');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return null;
  const html = fs.readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  let bytes = 0;
  for (const file of new Set(files)) bytes += zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
  return Math.round((bytes / 1024) * 10) / 10;
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

export async function extraMeasurements(root: string, sharedData: string) {
  return { webInitialJsGzipKiB: webInitialJsGzipKiB(root), parser: await parserAccuracy(root, sharedData) };
}
