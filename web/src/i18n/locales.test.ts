import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../../contract/messages';
import { findLocale, LOCALES, matchLocale } from './locales';
import { leafKeys, percentTranslated } from './progress';
import type { Messages } from './index';

const dir = fileURLToPath(new URL('./locales/', import.meta.url));
const load = (file: string) => JSON.parse(readFileSync(dir + file, 'utf8')) as Messages;
const en = load('en-US.json');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const plural = /_(zero|one|two|few|many|other)$/;

function lookup(messages: Messages, key: string): string | undefined {
  let node: Messages | string | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
function leafKeysWithEmpty(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : leafKeysWithEmpty(value, path);
  });
}
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('has a registry entry for every file and about 40 locales', () => {
    expect(LOCALES.length).toBeGreaterThanOrEqual(40);
    for (const f of files) expect(findLocale(f.replace('.json', ''))).toBeDefined();
  });

  it('only translates keys that en-US has (or the contract field messages), with the same placeholders', () => {
    const enKeys = new Set(leafKeys(en).map((k) => k.replace(plural, '')));
    for (const f of files.filter((x) => x !== 'en-US.json')) {
      const messages = load(f);
      for (const key of leafKeys(messages)) {
        const base = key.replace(plural, '');
        if (key.startsWith('validators.')) {
          expect(Object.keys(fieldMessages), `${f}: ${key}`).toContain(key.split('.')[1]);
          continue;
        }
        expect(enKeys.has(base), `${f}: ${key} is not in en-US`).toBe(true);
        const source = lookup(en, base) ?? lookup(en, `${base}_other`) ?? '';
        const target = lookup(messages, key) ?? '';
        if (!plural.test(key)) expect(placeholders(target), `${f}: ${key}`).toEqual(placeholders(source));
      }
    }
  });

  it('translates the required languages fully', () => {
    for (const code of ['de-DE', 'fr-FR', 'es-ES', 'he-IL', 'ar-SA']) {
      expect(percentTranslated(en, load(`${code}.json`)), code).toBe(100);
    }
  });

  it('ships every locale file complete: no missing key, no empty value', () => {
    const wanted = leafKeys(en).map((k) => k.replace(plural, ''));
    for (const f of files) {
      const messages = load(f);
      const missing = wanted.filter((k) => !(lookup(messages, k) ?? lookup(messages, `${k}_other`)));
      expect(missing, `${f} misses keys`).toEqual([]);
      const empty = leafKeysWithEmpty(messages).filter((k) => (lookup(messages, k) ?? '').trim() === '');
      expect(empty, `${f} has empty values`).toEqual([]);
    }
  });

  it('gives every plural key each form its language needs (Intl.PluralRules)', () => {
    const bases = [...new Set(leafKeys(en).filter((k) => k.endsWith('_other')).map((k) => k.replace(/_other$/, '')))];
    for (const f of files) {
      const code = f.replace('.json', '');
      const messages = load(f);
      const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      for (const base of bases) {
        const lacking = forms.filter((form) => !lookup(messages, `${base}_${form}`));
        expect(lacking, `${f}: ${base}`).toEqual([]);
      }
    }
  });
});

describe('percentTranslated', () => {
  it('counts present keys against the reference and ignores plural forms', () => {
    const ref = { a: 'A', b: { c: 'C', d_one: 'one', d_other: 'many' } };
    expect(percentTranslated(ref, {})).toBe(0);
    expect(percentTranslated(ref, { a: 'x' })).toBe(33);
    expect(percentTranslated(ref, { a: 'x', b: { c: '', d_few: 'f' } })).toBe(66);
    expect(percentTranslated(ref, ref)).toBe(100);
  });
});

describe('matchLocale', () => {
  it('picks the exact tag, then the main country of the language', () => {
    expect(matchLocale(['de-AT'])).toBe('de-DE');
    expect(matchLocale(['fr'])).toBe('fr-FR');
    expect(matchLocale(['en-AU'])).toBe('en-US');
    expect(matchLocale(['pt-BR'])).toBe('pt-BR');
    expect(matchLocale(['xx'])).toBeUndefined();
  });
});
