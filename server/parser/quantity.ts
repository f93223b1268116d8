/**
 * Reading amounts: "2", "1.5", "1,5", "1/2", "1 1/2", "1½", "2-3", "2 to 3", number words.
 */

import { ENGLISH_ARTICLES, NUMBER_WORDS, NUMERAL_ARTICLES, RANGE_WORDS, VAGUE_AMOUNTS } from './lexicon.js';
import { type Token } from './tokenize.js';
import { foldText } from './units.js';

export interface QuantityMatch {
  value: number | null;
  max: number | null;
  /** Index just past the amount. */
  end: number;
  /** How the amount was written; drives the confidence. */
  source: 'digits' | 'word' | 'article';
}

/** A single number at `start`, joining a whole number and a following fraction ("1 1/2", "1 ½"). */
export function readNumber(tokens: readonly Token[], start: number): { value: number; end: number } | null {
  const first = tokens[start];
  if (!first || first.kind !== 'number' || first.value === undefined) return null;
  let value = first.value;
  let end = start + 1;
  const next = tokens[end];
  const isWhole = !first.isFraction && Number.isInteger(first.value) && !/[.,]/.test(first.text);
  if (isWhole && next?.kind === 'number' && next.isFraction && next.value !== undefined && next.value < 1) {
    value += next.value;
    end++;
  }
  return { value, end };
}

function readNumberWord(tokens: readonly Token[], start: number): { value: number; end: number } | null {
  const token = tokens[start];
  if (token?.kind !== 'word') return null;
  const value = NUMBER_WORDS.get(foldText(token.text));
  if (value === undefined) return null;
  // "half a lemon", "a half cup" read the same way
  const article = tokens[start + 1];
  if (value === 0.5 && article && ENGLISH_ARTICLES.has(foldText(article.text))) return { value, end: start + 2 };
  return { value, end: start + 1 };
}

/** "-", "–", "to", "or", "bis", ... followed by a second number closes a range. */
function readRangeEnd(tokens: readonly Token[], start: number, low: number): { max: number; end: number } | null {
  const joiner = tokens[start];
  if (!joiner) return null;
  const joinerText = foldText(joiner.text);
  if (!RANGE_WORDS.has(joinerText)) return null;
  const high = readNumber(tokens, start + 1) ?? readNumberWord(tokens, start + 1);
  if (!high || high.value <= low) return null;
  // "1 15-ounce can": a hyphen glued to a following unit word is a package size, not a range
  if (joinerText === '-' && tokens[high.end]?.text === '-' && !tokens[high.end].spaceBefore) return null;
  return { max: high.value, end: high.end };
}

/**
 * The amount at the start of an ingredient line. English "a"/"an" is consumed with no value
 * ("a pinch of salt"), as the reference data and Mealie's parser do; in the other languages the article
 * is the numeral one ("eine Zwiebel", "un oignon").
 */
export function readQuantity(tokens: readonly Token[], start: number): QuantityMatch | null {
  const first = tokens[start];
  if (!first) return null;
  const folded = foldText(first.text);
  const numeric = readNumber(tokens, start);
  if (numeric) {
    const range = readRangeEnd(tokens, numeric.end, numeric.value);
    return {
      value: numeric.value,
      max: range?.max ?? null,
      end: range?.end ?? numeric.end,
      source: 'digits',
    };
  }
  const word = readNumberWord(tokens, start);
  if (word) {
    const range = readRangeEnd(tokens, word.end, word.value);
    return { value: word.value, max: range?.max ?? null, end: range?.end ?? word.end, source: 'word' };
  }
  if (first.kind === 'word' && NUMERAL_ARTICLES.has(folded) && tokens[start + 1]?.kind === 'word') {
    // "un peu de sel", "een beetje zout": the article belongs to a vague amount
    const vague = VAGUE_AMOUNTS.has(foldText(tokens[start + 1].text));
    return { value: vague ? null : 1, max: null, end: start + 1, source: 'article' };
  }
  if (first.kind === 'word' && ENGLISH_ARTICLES.has(folded) && tokens[start + 1]) {
    const half = readNumberWord(tokens, start + 1);
    if (half) return { value: half.value, max: null, end: half.end, source: 'word' };
    return { value: null, max: null, end: start + 1, source: 'article' };
  }
  return null;
}
