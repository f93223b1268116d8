import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface InitialJsFile {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface InitialJs {
  files: InitialJsFile[];
  gzipKiB: number;
  brotliKiB: number;
}

/**
 * The JavaScript a browser must load before the first screen: the scripts and modulepreload links of the
 * built index.html, each compressed as the server sends it (gzip 9, brotli 11). Null when there is no build.
 * The benchmark reports it and a browser-suite test holds it under budget.
 */
export function measureInitialJs(distDir: string): InitialJs | null {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const html = fs.readFileSync(index, 'utf8');
  const names = new Set([...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]));
  const files = [...names].map((file) => {
    const content = fs.readFileSync(path.join(distDir, file));
    return {
      file,
      bytes: content.length,
      gzip: zlib.gzipSync(content, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const sum = (key: 'gzip' | 'brotli') => files.reduce((total, f) => total + f[key], 0);
  return { files, gzipKiB: kib(sum('gzip')), brotliKiB: kib(sum('brotli')) };
}
