import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FULL_SEED_LOCALES,
  PARTIAL_SEED_LOCALES,
  SEED_LOCALES,
  isSupportedSeedLocale,
  loadSeedFoods,
  loadSeedLabels,
  loadSeedUnits,
  resolveSeedLocale,
} from './index.js';

const DATA = join(import.meta.dirname, 'data');
const KINDS = ['foods', 'units', 'labels'] as const;
type Kind = (typeof KINDS)[number];

/** A seed file: foods and units by key, labels as a list with their keys. */
type SeedEntry = { key?: string; name: string; label?: string; pluralName?: string } & Record<string, unknown>;
type SeedData = Record<string, SeedEntry> | SeedEntry[];

function read(kind: Kind, locale: string): SeedData {
  return JSON.parse(readFileSync(join(DATA, kind, `${locale}.json`), 'utf8'));
}
function localesOf(kind: Kind): string[] {
  return readdirSync(join(DATA, kind))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}
const entriesOf = (data: SeedData): SeedEntry[] => (Array.isArray(data) ? data : Object.values(data));
function keysOf(kind: Kind, data: SeedData): string[] {
  return kind === 'labels' && Array.isArray(data) ? data.map((l) => String(l.key)) : Object.keys(data);
}
function namesOf(_kind: Kind, data: SeedData): string[] {
  return entriesOf(data).map((x) => String(x.name).toLocaleLowerCase());
}
function duplicates(list: string[]): string[] {
  return list.filter((x, i) => list.indexOf(x) !== i);
}

const REQUIRED_LABELS = [
  'Produce', 'Grains', 'Fruits', 'Vegetables', 'Meat', 'Seafood', 'Beverages', 'Baked Goods',
  'Canned Goods', 'Condiments', 'Confectionery', 'Dairy Products', 'Frozen Foods', 'Health Foods',
  'Household', 'Meat Products', 'Snacks', 'Spices', 'Sweets', 'Alcohol', 'Other',
];
const REQUIRED_UNITS = [
  'teaspoon', 'tablespoon', 'cup', 'fluid-ounce', 'pint', 'quart', 'gallon', 'milliliter', 'liter',
  'deciliter', 'centiliter', 'pound', 'ounce', 'gram', 'kilogram', 'milligram', 'splash', 'dash',
  'serving', 'head', 'clove', 'can', 'bunch', 'pack', 'pinch', 'piece', 'slice', 'sprig', 'stick',
  'package',
];

describe('seed data files', () => {
  it('ship every promised locale', () => {
    for (const locale of FULL_SEED_LOCALES) {
      for (const kind of KINDS) expect(existsSync(join(DATA, kind, `${locale}.json`)), `${kind}/${locale}`).toBe(true);
    }
    for (const locale of PARTIAL_SEED_LOCALES) {
      expect(existsSync(join(DATA, 'labels', `${locale}.json`)), `labels/${locale}`).toBe(true);
      expect(existsSync(join(DATA, 'units', `${locale}.json`)), `units/${locale}`).toBe(true);
    }
  });

  it('have no files for unlisted locales', () => {
    for (const kind of KINDS) for (const locale of localesOf(kind)) expect(SEED_LOCALES).toContain(locale);
  });

  it('en-US covers the required labels and units', () => {
    expect(keysOf('labels', read('labels', 'en-US'))).toEqual(REQUIRED_LABELS);
    expect(Object.keys(read('units', 'en-US'))).toEqual(REQUIRED_UNITS);
    expect(Object.keys(read('foods', 'en-US')).length).toBeGreaterThanOrEqual(220);
  });

  for (const kind of KINDS) {
    describe(kind, () => {
      const reference = keysOf(kind, read(kind, 'en-US'));
      for (const locale of localesOf(kind)) {
        it(`${locale} parses, matches en-US keys and has no duplicate names`, () => {
          const data = read(kind, locale);
          const keys = keysOf(kind, data);
          if (kind === 'foods') {
            expect(keys.filter((k) => !reference.includes(k)), 'unknown keys').toEqual([]);
            expect(keys.length).toBeGreaterThanOrEqual(200);
          } else {
            expect([...keys].sort()).toEqual([...reference].sort());
          }
          expect(duplicates(keys), 'duplicate keys').toEqual([]);
          expect(duplicates(namesOf(kind, data)), 'duplicate names').toEqual([]);
          const entries = entriesOf(data);
          for (const e of entries) {
            expect(typeof e.name === 'string' && e.name.trim().length > 0, JSON.stringify(e)).toBe(true);
            expect(e.name).toBe(String(e.name).trim());
            if (kind !== 'labels') expect(typeof e.pluralName === 'string' && e.pluralName.trim().length > 0, JSON.stringify(e)).toBe(true);
            if (kind === 'units') {
              for (const f of ['description', 'abbreviation', 'pluralAbbreviation']) expect(typeof e[f]).toBe('string');
            }
          }
        });
      }
    });
  }

  it('every food label key exists in the labels', () => {
    const labelKeys = new Set(keysOf('labels', read('labels', 'en-US')));
    const en = read('foods', 'en-US');
    for (const locale of localesOf('foods')) {
      const foods = read('foods', locale);
      for (const [key, food] of Object.entries(foods as Record<string, SeedEntry>)) {
        expect(labelKeys.has(String(food.label)), `${locale}/${key} -> ${food.label}`).toBe(true);
        expect(food.label, `${locale}/${key} label differs from en-US`).toBe((en as Record<string, SeedEntry>)[key].label);
      }
    }
  });

  it('full locales have at least 200 foods and en-US at least 220', () => {
    expect(loadSeedFoods('en-US').length).toBeGreaterThanOrEqual(220);
    for (const locale of FULL_SEED_LOCALES) {
      expect(resolveSeedLocale(locale, 'foods')).toBe(locale);
      expect(loadSeedFoods(locale).length, locale).toBeGreaterThanOrEqual(200);
    }
  });
});

describe('seed loaders', () => {
  it('return the documented shapes', () => {
    const food = loadSeedFoods('de-DE')[0];
    expect(Object.keys(food).sort()).toEqual(['key', 'labelKey', 'name', 'pluralName']);
    const unit = loadSeedUnits('de-DE')[0];
    expect(Object.keys(unit).sort()).toEqual(['abbreviation', 'description', 'name', 'pluralAbbreviation', 'pluralName']);
    const label = loadSeedLabels('de-DE')[0];
    expect(Object.keys(label).sort()).toEqual(['color', 'key', 'name']);
    expect(label.color).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('use localized data', () => {
    const tbsp = loadSeedUnits('de-DE').find((u) => u.abbreviation === 'EL');
    expect(tbsp?.name).toBe('Esslöffel');
    expect(loadSeedUnits('fr-FR').some((u) => u.name === 'cuillère à soupe')).toBe(true);
    expect(loadSeedUnits('es-ES').some((u) => u.abbreviation === 'cda')).toBe(true);
    expect(loadSeedLabels('en-GB').find((l) => l.key === 'Canned Goods')?.name).toBe('Tinned Goods');
  });

  it('every food labelKey is a seeded label key for every locale', () => {
    for (const locale of SEED_LOCALES) {
      const keys = new Set(loadSeedLabels(locale).map((l) => l.key));
      for (const f of loadSeedFoods(locale)) expect(keys.has(f.labelKey), `${locale}: ${f.name}`).toBe(true);
    }
  });

  it('never return duplicate names', () => {
    for (const locale of SEED_LOCALES) {
      for (const list of [loadSeedFoods(locale), loadSeedUnits(locale), loadSeedLabels(locale)]) {
        const names = list.map((x) => x.name.toLocaleLowerCase());
        expect(duplicates(names), locale).toEqual([]);
      }
    }
  });

  it('match exact, then language, then en-US', () => {
    expect(resolveSeedLocale('de-DE', 'foods')).toBe('de-DE');
    expect(resolveSeedLocale('de_de', 'foods')).toBe('de-DE');
    expect(resolveSeedLocale('fr', 'foods')).toBe('fr-FR');
    expect(resolveSeedLocale('fr-CH', 'foods')).toBe('fr-FR');
    expect(resolveSeedLocale('fr-CA', 'units')).toBe('fr-CA');
    expect(resolveSeedLocale('fr-CA', 'foods')).toBe('fr-CA');
    expect(resolveSeedLocale('fr-LU', 'foods')).toBe('fr-BE');
    expect(resolveSeedLocale('de-AT', 'units')).toBe('de-DE');
    expect(resolveSeedLocale('pt', 'foods')).toBe('pt-PT');
    expect(resolveSeedLocale('pt-BR', 'foods')).toBe('pt-BR');
    expect(resolveSeedLocale('zh-HK', 'labels')).toBe('zh-TW');
    expect(resolveSeedLocale('nb-NO', 'units')).toBe('no-NO');
    expect(resolveSeedLocale('en', 'foods')).toBe('en-US');
    expect(resolveSeedLocale('en-AU', 'foods')).toBe('en-GB');
    expect(resolveSeedLocale('ja-JP', 'foods')).toBe('ja-JP');
    expect(resolveSeedLocale('pl', 'foods')).toBe('pl-PL');
    expect(resolveSeedLocale('xx-YY', 'foods')).toBe('en-US');
    expect(resolveSeedLocale('', 'units')).toBe('en-US');
    expect(resolveSeedLocale(undefined, 'labels')).toBe('en-US');
  });

  it('fall back to en-US content', () => {
    expect(loadSeedFoods('xx-YY')).toEqual(loadSeedFoods('en-US'));
    expect(loadSeedUnits('tlh')).toEqual(loadSeedUnits('en-US'));
    expect(loadSeedLabels('zz')).toEqual(loadSeedLabels('en-US'));
    expect(loadSeedFoods('ja-JP')[0].name).not.toBe(loadSeedFoods('en-US')[0].name);
    expect(loadSeedFoods('fr-CH')).toEqual(loadSeedFoods('fr-FR'));
  });

  it('report supported locales', () => {
    for (const locale of SEED_LOCALES) expect(isSupportedSeedLocale(locale), locale).toBe(true);
    expect(isSupportedSeedLocale('fr')).toBe(true);
    expect(isSupportedSeedLocale('de-CH')).toBe(true);
    expect(isSupportedSeedLocale('xx-YY')).toBe(false);
    expect(isSupportedSeedLocale('')).toBe(false);
  });

  it('return copies, not the cache', () => {
    const a = loadSeedUnits('en-US');
    a[0].name = 'mutated';
    expect(loadSeedUnits('en-US')[0].name).not.toBe('mutated');
  });
});
