import { createRequire } from 'node:module';
/**
 * Heavy libraries load on first use, not at start-up: sharp alone is ~20 MB of resident memory that an
 * idle server never needs.
 */
type Sharp = typeof import('sharp').default;

const requireFromHere = createRequire(import.meta.url);

let sharpModule: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  sharpModule ??= Promise.resolve().then(() => requireFromHere('sharp') as Sharp);
  return sharpModule;
}

/**
 * cheerio costs ~29 MiB of resident memory once loaded and is needed only when a page is imported;
 * it is required synchronously on first use so the extractors keep their synchronous API.
 */
let cheerioModule: typeof import('cheerio') | undefined;
export function cheerioLoad(...args: Parameters<typeof import('cheerio').load>): ReturnType<typeof import('cheerio').load> {
  cheerioModule ??= requireFromHere('cheerio') as typeof import('cheerio');
  return cheerioModule.load(...args);
}

/**
 * A package required on first use (archiver ~20 MiB, yauzl ~12 MiB, pg ~16 MiB on a SQLite install). An ES
 * module without top-level await is required too. Packages outside the bundle are never `import()`ed: the
 * bundle runs as a script compiled from V8's code cache (scripts/launch-server.cjs), where a dynamic import
 * needs an experimental loader hook that warns.
 *
 * (On Node 20 Hearth hid the web globals pg and @fastify/multipart look up to detect their runtime, since the
 * lookup loaded Node's fetch implementation, ~2.5 MiB. On Node 22 and 24 even reading such a global's property
 * descriptor loads it, so hiding cannot help there and was removed with Node 20's support.)
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}

export const loadPg = lazyRequire<typeof import('pg')>('pg');
export const loadPgBoss = lazyRequire<typeof import('pg-boss')>('pg-boss');
