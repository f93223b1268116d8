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
 * Runs `load` with the named globals hidden, then puts them back (when its promise settles, for an async one).
 * Some packages look a web global up only to find out which runtime they are in (pg tests `Response` for
 * Cloudflare Workers, @fastify/multipart `FormData` to add a method Hearth never calls), and on Node 20 merely
 * looking one of those up loads Node's whole fetch implementation: ~2.5 MiB of a server that fetches nothing.
 */
export function withGlobalsHidden<T>(names: string[], load: () => T): T {
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const name of names) Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true });
  const restore = () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  };
  let result: T;
  try {
    result = load();
  } catch (err) {
    restore();
    throw err;
  }
  if (result instanceof Promise) return result.finally(restore) as T;
  restore();
  return result;
}

/**
 * A package required on first use (archiver ~20 MiB, yauzl ~12 MiB, pg ~16 MiB on a SQLite install), with
 * `hiding` globals it only looks up to detect another runtime (see withGlobalsHidden). An ES module without
 * top-level await is required too (Node 20.19 and later). Packages outside the bundle are never `import()`ed:
 * the bundle runs as a script compiled from V8's code cache (scripts/launch-server.cjs), where a dynamic
 * import needs an experimental loader hook that warns.
 */
export function lazyRequire<T>(name: string, hiding: string[] = []): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= withGlobalsHidden(hiding, () => requireFromHere(name) as T));
}

/** pg, and pg-boss which loads it: both without `Response` looked up at load (pg's Cloudflare test). */
export const loadPg = lazyRequire<typeof import('pg')>('pg', ['Response']);
export const loadPgBoss = lazyRequire<typeof import('pg-boss')>('pg-boss', ['Response']);
