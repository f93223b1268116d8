/**
 * Turns a labelled line (parser-dev format: input plus the words of its quantity, unit, name and
 * notes) into one tag per token of the tokenised input, for training and for tests. Used by the
 * training script only; the server never needs labelled lines.
 */

import { AMOUNT_MODIFIERS, NUMBER_WORDS, RANGE_WORDS, SIZE_WORDS, VAGUE_AMOUNTS } from '../lexicon.js';
import type { LabelledLine } from '../score.js';
import { type Token } from '../tokenize.js';
import { canonicalUnit } from '../units.js';
import { singularWord, wordKey, type Tag } from './features.js';

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Every number a quantity label mentions: "1#1$2 6-8" → 1, 0.5, 1.5, 6, 8. */
function labelledNumbers(label: string): Set<number> {
  const values = new Set<number>();
  for (const amount of label.trim().split(/\s+/).filter(Boolean)) {
    for (const end of amount.split('-')) {
      let total = 0;
      for (const part of end.replace(/\$/g, '/').split('#')) {
        const [numerator, denominator] = part.split('/').map(Number);
        const value = denominator ? numerator / denominator : numerator;
        if (Number.isFinite(value)) {
          values.add(round(value));
          total += value;
        }
      }
      values.add(round(total));
    }
  }
  return values;
}

function bag(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const key = singularWord(wordKey(word));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const take = (counts: Map<string, number>, key: string) => {
  const left = counts.get(key) ?? 0;
  if (left > 0) counts.set(key, left - 1);
  return left > 0;
};

const isQualifier = (key: string) => SIZE_WORDS.has(key) || AMOUNT_MODIFIERS.has(key) || VAGUE_AMOUNTS.has(key);

/** The gold tag of every token of `tokens` (the tokenised `line.input`). */
export function alignTags(line: LabelledLine, tokens: readonly Token[]): Tag[] {
  const numbers = labelledNumbers(line.quantity);
  const quantityWords = bag(line.quantity.replace(/[\d#$.-]+/g, ' '));
  const name = bag(line.name);
  const note = bag([line.size, line.preparation, line.comment, line.purpose].join(' '));
  const unitWords = line.unit.trim().split(/\s+/).filter(Boolean);
  const unit = bag(unitWords.filter((word) => !isQualifier(wordKey(word))).join(' '));
  const unitQualifiers = bag(unitWords.filter((word) => isQualifier(wordKey(word))).join(' '));
  const unitCanonicals = new Set(unitWords.map((word) => canonicalUnit(word)?.canonical).filter(Boolean));

  const tags: Tag[] = [];
  tokens.forEach((token, index) => {
    if (token.kind === 'punct') {
      tags.push('O');
      return;
    }
    if (token.kind === 'number') {
      tags.push(token.value !== undefined && numbers.has(round(token.value)) ? 'QTY' : 'NOTE');
      return;
    }
    const key = singularWord(wordKey(token.text));
    const folded = wordKey(token.text);
    const number = NUMBER_WORDS.get(folded);
    const candidates: Tag[] = [];
    if ((number !== undefined && numbers.has(round(number))) || (quantityWords.get(key) ?? 0) > 0) candidates.push('QTY');
    const unitHit = (unit.get(key) ?? 0) > 0 || unitCanonicals.has(canonicalUnit(token.text)?.canonical);
    if (unitHit) candidates.push('UNIT');
    if ((name.get(key) ?? 0) > 0) candidates.push('FOOD');
    if ((note.get(key) ?? 0) > 0 || (unitQualifiers.get(key) ?? 0) > 0) candidates.push('NOTE');
    let tag: Tag;
    if (candidates.length === 0) {
      // a range word between two amounts belongs to the amount; other unlabelled words ("a", "of") to nothing
      const previous = tags[index - 1];
      const next = tokens[index + 1];
      tag = previous === 'QTY' && RANGE_WORDS.has(folded) && next?.kind === 'number' ? 'QTY' : 'O';
    } else if (candidates.length === 1) tag = candidates[0];
    else {
      const previous = tags[index - 1];
      tag = previous && previous !== 'O' && candidates.includes(previous) && previous !== 'UNIT' && previous !== 'QTY' ? previous : candidates[0];
    }
    if (tag === 'FOOD') take(name, key);
    else if (tag === 'UNIT') take(unit, key);
    else if (tag === 'NOTE' && !take(note, key)) take(unitQualifiers, key);
    else if (tag === 'QTY') take(quantityWords, key);
    tags.push(tag);
  });
  return tags;
}
