import { createRequire } from 'node:module';
/**
 * Heavy libraries load on first use, not at start-up: sharp alone is ~20 MB of resident memory that an
 * idle server never needs.
 */
type Sharp = typeof import('sharp').default;

let sharpModule: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

const requireFromHere = createRequire(import.meta.url);

/**
 * cheerio costs ~29 MiB of resident memory once loaded and is needed only when a page is imported;
 * it is required synchronously on first use so the extractors keep their synchronous API.
 */
let cheerioModule: typeof import('cheerio') | undefined;
export function cheerioLoad(...args: Parameters<typeof import('cheerio').load>): ReturnType<typeof import('cheerio').load> {
  cheerioModule ??= requireFromHere('cheerio') as typeof import('cheerio');
  return cheerioModule.load(...args);
}

/** A CommonJS package required on first use (archiver ~20 MiB, yauzl ~12 MiB, pg ~16 MiB on a SQLite install). */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}
