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
  const scorer = path.join(root, 'server/parser/score.ts');
  if (!fs.existsSync(scorer) || !fs.existsSync(path.join(sharedData, 'parser-dev'))) return null;
  const mod = await import(scorer);
  const fn = Object.values(mod).find((v) => typeof v === 'function' && /score/i.test((v as { name: string }).name)) as ((dir?: string) => unknown) | undefined;
  if (!fn) return null;
  const result = (await fn(path.join(sharedData, 'parser-dev'))) as { lines?: number; total?: number } & Record<string, unknown>;
  return { lines: result.lines ?? result.total ?? 0, accuracy: result };
}

export async function extraMeasurements(root: string, sharedData: string) {
  return { webInitialJsGzipKiB: webInitialJsGzipKiB(root), parser: await parserAccuracy(root, sharedData) };
}
