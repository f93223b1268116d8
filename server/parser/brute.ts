/**
 * The "brute" parser: a plain positional split, like Mealie's brute parser.
 * amount (defaults to 1), then a unit if the next word is a known unit, then the food up to the
 * first comma; text after the comma and anything in parentheses becomes the note.
 */

import { type ParsedLine } from './parse.js';
import { readNumber } from './quantity.js';
import { normalizeLine, tokenize } from './tokenize.js';
import { matchUnitAt } from './units.js';

const DEFAULT_AMOUNT = 1;

function moveBracketsToNote(line: string): { text: string; bracketed: string[] } {
  const bracketed: string[] = [];
  const text = line.replace(/\(([^()]*)\)/g, (_, inner: string) => {
    if (inner.trim()) bracketed.push(inner.trim());
    return ' ';
  });
  return { text: text.replace(/\s+/g, ' ').trim(), bracketed };
}

export function parseIngredientBrute(line: string): ParsedLine {
  const { text, bracketed } = moveBracketsToNote(normalizeLine(line));
  const tokens = tokenize(text);
  const amount = readNumber(tokens, 0);
  let cursor = amount?.end ?? 0;
  // "1-2 cups": the brute parser keeps the low end and drops the rest of the range
  if (amount && tokens[cursor]?.text === '-' && tokens[cursor + 1]?.kind === 'number') cursor += 2;

  const unit = amount ? matchUnitAt(tokens, cursor) : null;
  const hasFoodAfterUnit = unit !== null && unit.end < tokens.length && tokens[unit.end].text !== ',';
  if (unit && hasFoodAfterUnit) cursor = unit.end;

  const rest = tokens.slice(cursor);
  const commaAt = rest.findIndex((token) => token.text === ',');
  const join = (part: typeof rest) =>
    part
      .map((token, index) => (index > 0 && token.spaceBefore ? ' ' : '') + token.text)
      .join('')
      .trim();
  const food = join(commaAt >= 0 ? rest.slice(0, commaAt) : rest) || null;
  const afterComma = commaAt >= 0 ? join(rest.slice(commaAt + 1)) : '';
  const noteParts = [afterComma, ...bracketed].filter((part) => part.length > 0);
  const note = noteParts.join(', ') || null;

  const quantityConfidence = amount ? 0.9 : 0;
  const unitConfidence = unit && hasFoodAfterUnit ? 0.8 : 0;
  const foodConfidence = food ? 0.6 : 0;
  const commentConfidence = note ? 0.6 : 0;
  const present = [quantityConfidence, unitConfidence, foodConfidence, commentConfidence].filter((value) => value > 0);
  return {
    input: line,
    quantity: amount?.value ?? DEFAULT_AMOUNT,
    quantityMax: null,
    unit: unit && hasFoodAfterUnit ? unit.written : null,
    unitCanonical: unit && hasFoodAfterUnit ? unit.canonical : null,
    food,
    note,
    confidence: {
      average: present.length ? Math.round((present.reduce((sum, value) => sum + value, 0) / present.length) * 100) / 100 : 0,
      quantity: quantityConfidence,
      unit: unitConfidence,
      food: foodConfidence,
      comment: commentConfidence,
    },
  };
}
