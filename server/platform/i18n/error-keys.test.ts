import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../test/harness.js';

/**
 * Errors are keys: every place that raises an error the client sees names a key of the "errors" catalogue
 * (web/src/i18n/locales/*.json), never an English text. TypeScript already refuses an unknown key where the
 * key is typed; this scan also catches a literal at any raising call and a key missing from a catalogue.
 */
const LOCALES_DIR = path.join(REPO_ROOT, 'web/src/i18n/locales');
type Tree = { [key: string]: string | Tree };
const loadErrors = (code: string) => (JSON.parse(readFileSync(path.join(LOCALES_DIR, `${code}.json`), 'utf8')) as Tree).errors as Tree;
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as const] : [...flatten(v, `${prefix}${k}.`)])));
const english = flatten(loadErrors('en-US'));
const locales = readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Calls whose first argument (after the status for HttpError, the location for InputError) is an error message. */
const RAISING = /\b(?:(?:badRequest|unauthorized|forbidden|notFound|plainNotFound|conflict|withUniqueGuard)\(|translateError\([^,()]+,|new\s+(?:HttpError\([^,()]+,|InputError\(\[[^\]]*\],|QueryFilterError\(|OutboundError\(|OidcError\(|NotifierUrlError\())\s*/g;

interface Site {
  file: string;
  line: number;
  argument: string;
}

function raisingSites(): Site[] {
  const sites: Site[] = [];
  for (const file of sourceFiles(path.join(REPO_ROOT, 'server'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(RAISING)) {
      const start = match.index + match[0].length;
      const rest = text.slice(start, start + 200);
      const argument = /^(['"`])(?:\\.|(?!\1).)*\1/.exec(rest)?.[0] ?? rest.split(/[,)\n]/)[0];
      sites.push({ file: path.relative(REPO_ROOT, file), line: text.slice(0, match.index).split('\n').length, argument });
    }
  }
  return sites;
}

describe('errors are keys', () => {
  const sites = raisingSites();

  it('finds the raising calls of the server (a scan that finds none proves nothing)', () => {
    expect(sites.length).toBeGreaterThan(250);
  });

  it('raises every error with a key of the catalogue, never with an English text or a template', () => {
    const wrong = sites.filter((s) => /^['"`]/.test(s.argument) && !(s.argument[0] !== '`' && english.has(s.argument.slice(1, -1))));
    expect(wrong.map((s) => `${s.file}:${s.line} ${s.argument}`)).toEqual([]);
  });

  it('uses every key it lists (no dead texts for translators)', () => {
    const sources = sourceFiles(path.join(REPO_ROOT, 'server')).map((f) => readFileSync(f, 'utf8')).join('\n');
    const unused = [...english.keys()].filter((key) => !sources.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('has every key in every locale catalogue, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const code of locales) {
      const messages = flatten(loadErrors(code));
      const missing = [...english.keys()].filter((key) => !messages.get(key)?.trim());
      expect(missing, `${code} misses error keys`).toEqual([]);
      for (const [key, text] of english) expect(placeholders(messages.get(key) ?? ''), `${code}: ${key}`).toEqual(placeholders(text));
    }
  });

  it('translates every error into German and Hebrew (the other locales may fall back to English)', () => {
    for (const code of ['de-DE', 'he-IL']) {
      const messages = flatten(loadErrors(code));
      const english_ = [...english].filter(([key, text]) => messages.get(key) === text).map(([key]) => key);
      expect(english_, `${code} still in English`).toEqual([]);
    }
  });
});
