// Seed data for groups: foods, units and labels per locale.
//
// The JSON files under ./data are Hearth's own data (not derived from Mealie's).
// They are read with fs at call time, parsed once and cached.
//
// Locale matching (per kind, so a locale may have labels and units but no foods):
//   1. exact match ("de-DE"; case and "_" vs "-" are ignored),
//   2. same language ("fr", "fr-CH" -> fr-FR; preferred region per language below),
//   3. en-US.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROOT } from '../paths.js';

export interface SeedFood {
  name: string;
  pluralName: string;
  labelKey: string;
  /** The food's key, the same in every locale's file. */
  key?: string;
}

export interface SeedUnit {
  name: string;
  pluralName: string;
  description: string;
  abbreviation: string;
  pluralAbbreviation: string;
}

export interface SeedLabel {
  key: string;
  name: string;
  color: string;
}

export type SeedKind = 'foods' | 'units' | 'labels';

export const DEFAULT_SEED_LOCALE = 'en-US';

/** Locales with translated foods, units and labels. */
export const FULL_SEED_LOCALES: readonly string[] = [
  'en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'pt-PT', 'pt-BR',
  'pl-PL', 'sv-SE', 'da-DK', 'he-IL', 'ar-SA',
  'af-ZA', 'bg-BG', 'ca-ES', 'cs-CZ', 'el-GR', 'fa-IR', 'fi-FI', 'fr-BE', 'fr-CA', 'gl-ES', 'hr-HR',
  'hu-HU', 'is-IS', 'ja-JP', 'ko-KR', 'lt-LT', 'lv-LV', 'no-NO', 'ro-RO', 'ru-RU', 'sk-SK',
  'sl-SI', 'sr-SP', 'tr-TR', 'uk-UA', 'vi-VN', 'zh-CN', 'zh-TW',
];

/** Locales with translated labels and units only; foods come from the same language or en-US (none today). */
export const PARTIAL_SEED_LOCALES: readonly string[] = [];

/** Every locale Hearth ships seed data for (any kind). */
export const SEED_LOCALES: string[] = [...FULL_SEED_LOCALES, ...PARTIAL_SEED_LOCALES];

/** Preferred locale when only the language matches (otherwise the first listed locale of that language). */
const PREFERRED_BY_LANGUAGE: Record<string, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  pt: 'pt-PT',
  es: 'es-ES',
  zh: 'zh-CN',
  no: 'no-NO',
  nb: 'no-NO',
  nn: 'no-NO',
  sr: 'sr-SP',
};

/** Specific regional locales that should map to a non-default sibling. */
const REGION_ALIASES: Record<string, string> = {
  'zh-hk': 'zh-TW',
  'zh-mo': 'zh-TW',
  'zh-hant': 'zh-TW',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  'pt-ao': 'pt-PT',
  'pt-mz': 'pt-PT',
  'fr-lu': 'fr-BE',
  'en-au': 'en-GB',
  'en-nz': 'en-GB',
  'en-ie': 'en-GB',
  'en-za': 'en-GB',
  'en-in': 'en-GB',
};

/** Default colours for the seeded shopping labels; unknown keys get the neutral grey. */
export const DEFAULT_LABEL_COLOR = '#959595';
const LABEL_COLORS: Record<string, string> = {
  Produce: '#4CAF50',
  Grains: '#C8A165',
  Fruits: '#F57C00',
  Vegetables: '#2E7D32',
  Meat: '#C62828',
  Seafood: '#0288D1',
  Beverages: '#00ACC1',
  'Baked Goods': '#A1887F',
  'Canned Goods': '#78909C',
  Condiments: '#FBC02D',
  Confectionery: '#EC407A',
  'Dairy Products': '#90CAF9',
  'Frozen Foods': '#4FC3F7',
  'Health Foods': '#8BC34A',
  Household: '#7E57C2',
  'Meat Products': '#AD1457',
  Snacks: '#FF8A65',
  Spices: '#D84315',
  Sweets: '#F06292',
  Alcohol: '#6A1B9A',
  Other: DEFAULT_LABEL_COLOR,
};

const DATA_DIR = join(APP_ROOT, 'server/seed/data');

const canonical = new Map<string, string>(SEED_LOCALES.map((l) => [l.toLowerCase(), l]));

function normalize(locale: string | null | undefined): string {
  return String(locale ?? '').trim().replace(/_/g, '-').toLowerCase();
}

function fileFor(kind: SeedKind, locale: string): string {
  return join(DATA_DIR, kind, `${locale}.json`);
}

const existsCache = new Map<string, boolean>();
function hasFile(kind: SeedKind, locale: string): boolean {
  const path = fileFor(kind, locale);
  let ok = existsCache.get(path);
  if (ok === undefined) {
    ok = existsSync(path);
    existsCache.set(path, ok);
  }
  return ok;
}

/** Ordered list of candidate locales for a requested locale (without the en-US fallback). */
function candidates(locale: string | null | undefined): string[] {
  const norm = normalize(locale);
  if (!norm) return [];
  const out: string[] = [];
  const push = (l: string | undefined) => {
    if (l && !out.includes(l)) out.push(l);
  };
  push(canonical.get(norm));
  push(REGION_ALIASES[norm]);
  const lang = norm.split('-')[0];
  push(PREFERRED_BY_LANGUAGE[lang]);
  for (const l of SEED_LOCALES) if (l.toLowerCase().split('-')[0] === lang) push(l);
  return out;
}

/**
 * The locale whose file will be used for `kind`: exact, then same language, then en-US.
 * Without `kind`, resolves against the locales that have labels (every seed locale).
 */
export function resolveSeedLocale(locale: string | null | undefined, kind: SeedKind = 'labels'): string {
  for (const c of candidates(locale)) if (hasFile(kind, c)) return c;
  return DEFAULT_SEED_LOCALE;
}

/** True when the locale (exactly or by language) has its own seed data rather than the en-US fallback. */
export function isSupportedSeedLocale(locale: string | null | undefined): boolean {
  return candidates(locale).some((c) => hasFile('labels', c) || hasFile('units', c) || hasFile('foods', c));
}

const parsed = new Map<string, unknown>();
function readJson(kind: SeedKind, locale: string): unknown {
  const path = fileFor(kind, locale);
  if (!parsed.has(path)) parsed.set(path, JSON.parse(readFileSync(path, 'utf8')));
  return parsed.get(path);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** Keeps the first entry of each name (case-insensitive) and drops nameless entries. */
function dedupe<T extends { name: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = item.name.toLocaleLowerCase();
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const foodsCache = new Map<string, readonly SeedFood[]>();
const unitsCache = new Map<string, readonly SeedUnit[]>();
const labelsCache = new Map<string, readonly SeedLabel[]>();

function loadFoodsFile(locale: string): readonly SeedFood[] {
  let cached = foodsCache.get(locale);
  if (!cached) {
    const raw = readJson('foods', locale) as Record<string, Record<string, unknown>>;
    cached = dedupe(
      Object.entries(raw).map(([key, f]) => {
        const name = str(f?.name);
        return { name, pluralName: str(f?.pluralName) || name, labelKey: str(f?.label), key };
      }),
    );
    foodsCache.set(locale, cached);
  }
  return cached;
}

function loadUnitsFile(locale: string): readonly SeedUnit[] {
  let cached = unitsCache.get(locale);
  if (!cached) {
    const raw = readJson('units', locale) as Record<string, Record<string, unknown>>;
    cached = dedupe(
      Object.values(raw).map((u) => {
        const name = str(u?.name);
        const abbreviation = str(u?.abbreviation);
        return {
          name,
          pluralName: str(u?.pluralName) || name,
          description: str(u?.description),
          abbreviation,
          pluralAbbreviation: str(u?.pluralAbbreviation) || abbreviation,
        };
      }),
    );
    unitsCache.set(locale, cached);
  }
  return cached;
}

function loadLabelsFile(locale: string): readonly SeedLabel[] {
  let cached = labelsCache.get(locale);
  if (!cached) {
    const raw = readJson('labels', locale) as Array<Record<string, unknown>>;
    cached = dedupe(
      raw.map((l) => {
        const key = str(l?.key);
        return { key, name: str(l?.name) || key, color: LABEL_COLORS[key] ?? DEFAULT_LABEL_COLOR };
      }),
    );
    labelsCache.set(locale, cached);
  }
  return cached;
}

/** Foods for a locale; `labelKey` refers to a label `key` from loadSeedLabels. */
export function loadSeedFoods(locale: string | null | undefined): SeedFood[] {
  return loadFoodsFile(resolveSeedLocale(locale, 'foods')).map((f) => ({ ...f }));
}

/** Units for a locale. */
export function loadSeedUnits(locale: string | null | undefined): SeedUnit[] {
  return loadUnitsFile(resolveSeedLocale(locale, 'units')).map((u) => ({ ...u }));
}

/** Shopping labels for a locale, with a default colour per label. */
export function loadSeedLabels(locale: string | null | undefined): SeedLabel[] {
  return loadLabelsFile(resolveSeedLocale(locale, 'labels')).map((l) => ({ ...l }));
}

/** Drops all cached file contents (for tests or after editing data files). */
export function clearSeedCache(): void {
  parsed.clear();
  existsCache.clear();
  foodsCache.clear();
  unitsCache.clear();
  labelsCache.clear();
}
