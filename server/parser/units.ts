/**
 * Unit lookup: matches the unit vocabulary against tokens and canonicalises spellings, so
 * scoring and catalogue matching can compare "Tbsp", "EL" and "c. à s." as one unit.
 */

import { type Token } from './tokenize.js';
import { ENGLISH_SPELLINGS, UNIT_DEFINITIONS, type UnitKind } from './unit-vocabulary.js';

export type { UnitKind } from './unit-vocabulary.js';

/** Lower-cases and strips accents so "Cuillères" and "cuilleres" look the same. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface UnitInfo {
  canonical: string;
  kind: UnitKind;
  standsAlone: boolean;
}

const unitsBySpelling = new Map<string, UnitInfo>();
const unitsByExactSpelling = new Map<string, UnitInfo>();
const spellingsByCanonical = new Map<string, string[]>();
let longestSpellingWords = 1;

for (const definition of UNIT_DEFINITIONS) {
  const info: UnitInfo = { canonical: definition.canonical, kind: definition.kind, standsAlone: definition.standsAlone ?? false };
  const spellings = [definition.canonical, ...definition.spellings];
  for (const spelling of spellings) {
    const key = foldText(spelling);
    if (!unitsBySpelling.has(key)) unitsBySpelling.set(key, info);
    longestSpellingWords = Math.max(longestSpellingWords, key.split(' ').length);
  }
  for (const spelling of definition.caseSensitive ?? []) unitsByExactSpelling.set(spelling, info);
  spellingsByCanonical.set(definition.canonical, [...new Set(spellings)]);
}

/** Every known spelling of a canonical unit, for matching against a catalogue. */
export function spellingsOf(canonical: string): string[] {
  return spellingsByCanonical.get(canonical) ?? [];
}

/** Metric symbols read the same in every language: "200 g" may link to "gram", "Gramm" or "grammo". */
const INTERNATIONAL_SYMBOLS = new Set(['g', 'kg', 'mg', 'ml', 'cl', 'dl', 'l', 'cm', 'mm']);
/** English abbreviations and plurals the vocabulary lists outside en(). */
const MORE_ENGLISH = ['c', 't', 'tsps', 'tbsps', 'leaves', 'loaves', 'pc', 'pcs', 'pt', 'pts', 'qt', 'qts', 'lb', 'lbs', 'fl oz', 'lt', 'ltr', 'gr', 'gm', 'gms', 'kgs', 'mls'];

const spellingKey = (text: string) => foldText(text.trim()).replace(/\./g, ' ').replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
const englishKeys = new Set([...ENGLISH_SPELLINGS, ...MORE_ENGLISH, ...UNIT_DEFINITIONS.map((d) => d.canonical)].map(spellingKey));

/**
 * The spellings of a unit a catalogue item may be found under for a unit written `written` in a line:
 * a metric symbol may link to any spelling of its unit, an English word or abbreviation only to English
 * spellings and the symbols; a word of another language links only by its own spelling (the catalogue
 * item's name, plural, abbreviation or alias), so "piece" never becomes "Stück" nor "EL" "tablespoon".
 */
export function sameLanguageSpellings(written: string, canonical: string): string[] {
  const key = spellingKey(written);
  const all = spellingsOf(canonical);
  if (INTERNATIONAL_SYMBOLS.has(key)) return all;
  if (!englishKeys.has(key)) return [];
  return all.filter((spelling) => englishKeys.has(spellingKey(spelling)) || INTERNATIONAL_SYMBOLS.has(spellingKey(spelling)));
}

/** Canonical unit for a piece of text ("Tbsp" → tablespoon), or null when unknown. */
export function canonicalUnit(text: string): UnitInfo | null {
  const trimmed = text.trim().replace(/\.$/, '');
  const exact = unitsByExactSpelling.get(trimmed);
  if (exact) return exact;
  const key = foldText(trimmed).replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
  return unitsBySpelling.get(key) ?? null;
}

export interface UnitMatch extends UnitInfo {
  /** Index just past the unit (and its abbreviation dot). */
  end: number;
  /** The unit as written in the line. */
  written: string;
  /** True when the spelling is an ambiguous single letter such as "t" or "c". */
  ambiguous: boolean;
}

function writtenForm(tokens: readonly Token[], wordCount: number): string {
  const text = tokens.map((token, index) => (index > 0 && token.spaceBefore ? ' ' : '') + token.text).join('');
  // "tbsp." is written "tbsp"; a multi-word abbreviation such as "c. à s." keeps its dots
  return wordCount === 1 ? text.replace(/\.$/, '') : text;
}

/**
 * Longest unit starting at tokens[start]. Words may be separated by spaces or dots
 * ("c. à s.", "fl. oz."); a trailing abbreviation dot is consumed.
 */
export function matchUnitAt(tokens: readonly Token[], start: number): UnitMatch | null {
  const first = tokens[start];
  if (!first || first.kind !== 'word') return null;
  let best: UnitMatch | null = null;
  const words: string[] = [];
  let index = start;
  while (index < tokens.length && words.length < longestSpellingWords) {
    const token = tokens[index];
    if (token.kind !== 'word') break;
    words.push(token.text);
    let end = index + 1;
    // "tbsp." / "c. à s.": a dot glued to the word belongs to the abbreviation
    if (tokens[end]?.text === '.' && !tokens[end].spaceBefore) end++;
    const exact = words.length === 1 ? unitsByExactSpelling.get(words[0]) : undefined;
    const info = exact ?? unitsBySpelling.get(foldText(words.join(' ')));
    if (info) {
      best = {
        ...info,
        end,
        written: writtenForm(tokens.slice(start, end), words.length),
        ambiguous: words.length === 1 && words[0].length === 1,
      };
    }
    index = end;
  }
  return best;
}

/**
 * The singular of a unit written in the plural, when the vocabulary knows both spellings of the same
 * unit ("teaspoons" → "teaspoon", "Tassen" → "Tasse", "cucharadas" → "cucharada"); null otherwise.
 */
export function singularSpelling(written: string): string | null {
  const unit = canonicalUnit(written);
  if (!unit) return null;
  const known = new Set(spellingsOf(unit.canonical).map(foldText));
  for (const [suffix, replacement] of [['ies', 'y'], ['es', ''], ['s', ''], ['en', ''], ['n', '']] as const) {
    if (!written.toLowerCase().endsWith(suffix) || written.length - suffix.length < 2) continue;
    const candidate = written.slice(0, written.length - suffix.length) + replacement;
    if (known.has(foldText(candidate)) && canonicalUnit(candidate)?.canonical === unit.canonical) return candidate;
  }
  return null;
}
