/**
 * Scores the ingredient parser against labelled lines in the parser-dev format
 * (columns input,name,quantity,unit,size,preparation,comment,purpose; see the data README).
 *
 * Field rules:
 * - quantity: the first labelled amount (a range's low end) must equal ours; no label means we must find none.
 * - unit: compared by canonical singular form. Labels join several words into one field, so leading qualifiers
 *   ("lg clove", "thick slice", "c scant") are skipped, a two-word unit ("fl oz") is tried whole, and for a
 *   package ("1 (15-ounce) can" → "ounce can") the package unit is accepted as well as the size unit. When the
 *   label has fewer units than amounts ("2 lg zucchinis (about 1½ pounds)" → "2 1#1$2" / "pound"), the first
 *   amount may have none, so no unit is accepted too.
 * - unitStrict: the same without the package and no-unit allowances: only the first labelled unit counts.
 * - food: equal after lower-casing, dropping punctuation and singularising each word.
 * - note: token F1 between our note and everything labelled outside quantity, unit and name (size, preparation,
 *   comment, purpose and qualifiers in the unit field such as "small" in "small handful"), ignoring numbers,
 *   unit words and "of"/"a"/"an"; a line counts as correct when F1 ≥ 0.5 or both are empty.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseIngredientLine, type ParsedLine } from './parse.js';
import { canonicalUnit, foldText } from './units.js';
import { AMOUNT_MODIFIERS, SIZE_WORDS, VAGUE_AMOUNTS } from './lexicon.js';
import { SHARED_DATA_DIR } from '../paths.js';

export const DEFAULT_PARSER_DEV_DIR = process.env.PARSER_DEV_DIR ?? join(SHARED_DATA_DIR, 'parser-dev');

export interface LabelledLine {
  input: string;
  name: string;
  quantity: string;
  unit: string;
  size: string;
  preparation: string;
  comment: string;
  purpose: string;
}

export type Field = 'quantity' | 'unit' | 'unitStrict' | 'food' | 'note' | 'all';

export interface LineScore {
  line: LabelledLine;
  parsed: ParsedLine;
  correct: Record<Field, boolean>;
  noteF1: number;
}

export interface ScoreReport {
  lines: number;
  /** Fraction correct per field; `all` means quantity, unit and food are all correct. */
  accuracy: Record<Field, number>;
  meanNoteF1: number;
  scores: LineScore[];
}

/** Minimal RFC 4180 reader: quoted fields, doubled quotes, newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.length > 0));
}

export function loadLabelledLines(directory = DEFAULT_PARSER_DEV_DIR): LabelledLine[] {
  const files = readdirSync(directory).filter((file) => file.endsWith('.csv')).sort();
  return files.flatMap((file) => {
    const [header, ...rows] = parseCsv(readFileSync(join(directory, file), 'utf8'));
    const column = (name: string) => header.indexOf(name);
    const get = (row: string[], name: string) => (column(name) >= 0 ? (row[column(name)] ?? '') : '');
    return rows.map((row) => ({
      input: get(row, 'input'),
      name: get(row, 'name'),
      quantity: get(row, 'quantity'),
      unit: get(row, 'unit'),
      size: get(row, 'size'),
      preparation: get(row, 'preparation'),
      comment: get(row, 'comment'),
      purpose: get(row, 'purpose'),
    }));
  });
}

/** First labelled amount: "1#1$2 6" → 1.5, "2-4" → 2, "few" → null. */
export function firstLabelledQuantity(label: string): number | null {
  const first = label.trim().split(/\s+/)[0];
  if (!first) return null;
  const low = first.split('-')[0].replace(/#/g, ' ').replace(/\$/g, '/').trim();
  let total = 0;
  for (const part of low.split(/\s+/)) {
    if (/^\d+\/\d+$/.test(part)) {
      const [numerator, denominator] = part.split('/').map(Number);
      total += numerator / denominator;
    } else if (/^\d+(\.\d+)?$/.test(part)) total += Number(part);
    else return null;
  }
  return total;
}

function singular(word: string): string {
  if (word.length <= 3 || /ss$/.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(lea|hal|loa|kni|shel|cal|wol|thie)ves$/.test(word)) return `${word.slice(0, -3)}f`;
  if (/(ch|sh|x|o)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word) && !/(us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function normalizeWords(text: string): string[] {
  return foldText(text.normalize('NFC'))
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && word !== '-')
    .map(singular);
}

const isQualifier = (word: string) =>
  SIZE_WORDS.has(word) || AMOUNT_MODIFIERS.has(word) || VAGUE_AMOUNTS.has(word) || /-sized?$/.test(word);

/** Canonical units a prediction may give for a labelled unit field; the first entry is the first labelled unit. */
export function acceptableUnits(label: string): Set<string> {
  const words = label.trim().split(/\s+/).filter(Boolean);
  const accepted = new Set<string>();
  let start = 0;
  while (start < words.length - 1 && isQualifier(foldText(words[start]))) start++;
  const first = words[start];
  if (!first) return accepted;
  const pair = words.slice(start, start + 2).join(' ');
  const pairUnit = start + 1 < words.length ? canonicalUnit(pair) : null;
  const firstUnit = canonicalUnit(first);
  accepted.add(pairUnit ? pairUnit.canonical : firstUnit ? firstUnit.canonical : singular(foldText(first)));
  if (firstUnit?.kind === 'measure' && !pairUnit) {
    let next = start + 1;
    while (next < words.length - 1 && isQualifier(foldText(words[next]))) next++;
    const packageUnit = words[next] ? canonicalUnit(words[next]) : null;
    if (packageUnit && packageUnit.kind !== 'measure') accepted.add(packageUnit.canonical);
  }
  return accepted;
}

const NOTE_IGNORED = new Set(['of', 'a', 'an']);

function noteWords(text: string): Set<string> {
  return new Set(
    normalizeWords(text.replace(/-/g, ' ')).filter((word) => !NOTE_IGNORED.has(word) && !/^[\d.]/.test(word) && !canonicalUnit(word)),
  );
}

function f1(predicted: Set<string>, expected: Set<string>): number {
  if (predicted.size === 0 && expected.size === 0) return 1;
  if (predicted.size === 0 || expected.size === 0) return 0;
  let overlap = 0;
  for (const word of predicted) if (expected.has(word)) overlap++;
  if (overlap === 0) return 0;
  const precision = overlap / predicted.size;
  const recall = overlap / expected.size;
  return (2 * precision * recall) / (precision + recall);
}

export function scoreLine(line: LabelledLine, parse: (input: string) => ParsedLine = parseIngredientLine): LineScore {
  const parsed = parse(line.input);
  const expectedQuantity = firstLabelledQuantity(line.quantity);
  const predictedQuantity = parsed.quantity === 0 ? null : parsed.quantity;
  const quantity =
    expectedQuantity === null ? predictedQuantity === null : predictedQuantity !== null && Math.abs(predictedQuantity - expectedQuantity) < 0.01;

  const acceptedUnits = acceptableUnits(line.unit);
  const predictedUnit = parsed.unitCanonical ?? (parsed.unit ? singular(foldText(parsed.unit)) : null);
  const labelledAmounts = line.quantity.trim().split(/\s+/).filter(Boolean).length;
  const labelledUnits = line.unit.trim().split(/\s+/).filter((word) => canonicalUnit(word)).length;
  const unit =
    predictedUnit === null
      ? acceptedUnits.size === 0 || labelledUnits < labelledAmounts
      : acceptedUnits.has(predictedUnit);

  const firstLabelledUnit = [...acceptedUnits][0] ?? null;
  const unitStrict = predictedUnit === firstLabelledUnit;

  const food = normalizeWords(parsed.food ?? '').join(' ') === normalizeWords(line.name).join(' ');

  const expectedNote = noteWords([line.size, line.preparation, line.comment, line.purpose, line.unit].join(' '));
  const noteF1 = f1(noteWords(parsed.note ?? ''), expectedNote);
  const note = noteF1 >= 0.5;

  return { line, parsed, noteF1, correct: { quantity, unit, unitStrict, food, note, all: quantity && unit && food } };
}

export function scoreLines(lines: readonly LabelledLine[], parse?: (input: string) => ParsedLine): ScoreReport {
  const scores = lines.map((line) => scoreLine(line, parse));
  const share = (field: Field) => (scores.length ? scores.filter((score) => score.correct[field]).length / scores.length : 0);
  const accuracy: Record<Field, number> = {
    quantity: share('quantity'),
    unit: share('unit'),
    unitStrict: share('unitStrict'),
    food: share('food'),
    note: share('note'),
    all: share('all'),
  };
  const meanNoteF1 = scores.length ? scores.reduce((sum, score) => sum + score.noteF1, 0) / scores.length : 0;
  return { lines: scores.length, accuracy, meanNoteF1, scores };
}

/** Every fifth line (index 4, 9, ...) is held out so rule changes can be checked against lines not looked at. */
export function isHeldOut(index: number): boolean {
  return index % 5 === 4;
}

export interface SplitReport {
  all: ScoreReport;
  development: ScoreReport;
  heldOut: ScoreReport;
}

/** Scores the parser over the parser-dev data set, overall and on the development / held-out split. */
export function scoreParserDev(directory = DEFAULT_PARSER_DEV_DIR, parse?: (input: string) => ParsedLine): SplitReport {
  const lines = loadLabelledLines(directory);
  return {
    all: scoreLines(lines, parse),
    development: scoreLines(lines.filter((_, index) => !isHeldOut(index)), parse),
    heldOut: scoreLines(lines.filter((_, index) => isHeldOut(index)), parse),
  };
}
