/**
 * Token features for the ingredient tagger: the word itself (folded, singular, shape, affixes), word
 * classes from the multilingual lexicons (unit, number word, preparation, size, connector…) that carry
 * what is learnt on English lines over to other languages, the position in the line, brackets and
 * commas, the neighbours' words and classes, and the tags already given to the tokens before.
 */

import {
  AMOUNT_MODIFIERS,
  APPROXIMATORS,
  CONNECTORS,
  DESCRIPTIVE_ADJECTIVES,
  ENGLISH_ARTICLES,
  FOOD_PART_WORDS,
  LEADING_NOTE_WORDS,
  NUMBER_WORDS,
  NUMERAL_ARTICLES,
  POSTPOSED_UNIT_WORDS,
  PREPARATION_ADVERBS,
  PREPARATION_WORDS,
  SIZE_WORDS,
  VAGUE_AMOUNTS,
} from '../lexicon.js';
import { type Token } from '../tokenize.js';
import { canonicalUnit, foldText, matchUnitAt, type UnitKind } from '../units.js';

export const TAGS = ['QTY', 'UNIT', 'FOOD', 'NOTE', 'O'] as const;
export type Tag = (typeof TAGS)[number];

/** Folded word with typographic apostrophes straightened. */
export function wordKey(text: string): string {
  return foldText(text).replace(/[’‘]/g, "'");
}

/** A rough English singular, enough to share features between "onion" and "onions". */
export function singularWord(word: string): string {
  if (word.length <= 3 || /ss$/.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(lea|hal|loa|kni|shel|cal|wol|thie)ves$/.test(word)) return `${word.slice(0, -3)}f`;
  if (/(ch|sh|x|o)es$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word) && !/(us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function shape(text: string): string {
  return text
    .replace(/\p{Lu}/gu, 'X')
    .replace(/\p{Ll}/gu, 'x')
    .replace(/\d/g, 'd')
    .replace(/(.)\1+/g, '$1$1');
}

/** What one token is, by the lexicons: the language-independent part of its description. */
function wordClass(token: Token, unit: UnitKind | null): string {
  if (token.kind === 'number') return token.isFraction ? 'FRAC' : 'NUM';
  if (token.kind === 'punct') return `P${token.text}`;
  const key = wordKey(token.text);
  if (NUMBER_WORDS.has(key)) return 'NUMW';
  if (ENGLISH_ARTICLES.has(key) || NUMERAL_ARTICLES.has(key)) return 'ART';
  if (unit) return `UNIT_${unit}`;
  if (CONNECTORS.has(key)) return 'CONN';
  if (APPROXIMATORS.has(key)) return 'APPROX';
  if (VAGUE_AMOUNTS.has(key)) return 'VAGUE';
  if (SIZE_WORDS.has(key)) return 'SIZE';
  if (AMOUNT_MODIFIERS.has(key)) return 'AMOD';
  if (PREPARATION_WORDS.has(key)) return 'PREP';
  if (PREPARATION_ADVERBS.has(key)) return 'ADV';
  if (DESCRIPTIVE_ADJECTIVES.has(key)) return 'ADJ';
  if (FOOD_PART_WORDS.has(key)) return 'PART';
  if (LEADING_NOTE_WORDS.has(key)) return 'LNOTE';
  if (/ed$/.test(key)) return 'ED';
  if (/ly$/.test(key)) return 'LY';
  if (/ing$/.test(key)) return 'ING';
  return 'W';
}

export interface LineFeatures {
  tokens: readonly Token[];
  /** Features of token i given the tags before it. */
  featuresAt(index: number, previousTags: readonly string[]): string[];
  /** Tags that are not the tagger's to choose: punctuation is never part of an amount, unit or food. */
  fixed(index: number): Tag | null;
}

/** Precomputes the per-token parts of the features of one tokenised line. */
export function lineFeatures(tokens: readonly Token[]): LineFeatures {
  const count = tokens.length;
  const units: Array<UnitKind | null> = new Array(count).fill(null);
  const inUnit: boolean[] = new Array(count).fill(false);
  for (let index = 0; index < count; index++) {
    const match = matchUnitAt(tokens, index);
    if (match) {
      units[index] = match.kind;
      for (let inner = index + 1; inner < match.end; inner++) inUnit[inner] = true;
    } else if (tokens[index].kind === 'word') units[index] = canonicalUnit(tokens[index].text)?.kind ?? null;
  }
  const classes = tokens.map((token, index) => wordClass(token, units[index]));
  const words = tokens.map((token) => (token.kind === 'number' ? '<num>' : wordKey(token.text)));
  const depth: number[] = [];
  const afterComma: boolean[] = [];
  const afterNumber: boolean[] = [];
  let level = 0;
  let comma = false;
  let number = false;
  tokens.forEach((token, index) => {
    if (token.text === ')' || token.text === ']') level = Math.max(0, level - 1);
    depth[index] = level;
    afterComma[index] = comma;
    afterNumber[index] = number;
    if (token.text === '(' || token.text === '[') level++;
    if (level === 0 && (token.text === ',' || token.text === ';')) comma = true;
    if (token.kind === 'number' && level === 0) number = true;
  });
  const wordAt = (index: number) => (index < 0 ? '<s>' : index >= count ? '</s>' : words[index]);
  const classAt = (index: number) => (index < 0 ? '<s>' : index >= count ? '</s>' : classes[index]);

  return {
    tokens,
    fixed: (index) => (tokens[index].kind === 'punct' ? 'O' : null),
    featuresAt(index, previousTags) {
      const token = tokens[index];
      const word = words[index];
      const cls = classes[index];
      const previousTag = previousTags[index - 1] ?? '<s>';
      const previous2Tag = previousTags[index - 2] ?? '<s>';
      const seen = (tag: string) => previousTags.includes(tag);
      const features = [
        'b',
        `w=${word}`,
        `s=${singularWord(word)}`,
        `sh=${token.kind === 'word' ? shape(token.text) : token.kind}`,
        `c=${cls}`,
        `suf3=${word.slice(-3)}`,
        `suf2=${word.slice(-2)}`,
        `pre3=${word.slice(0, 3)}`,
        `pos=${Math.min(index, 6)}`,
        `rel=${Math.floor((4 * index) / count)}`,
        `last=${index === count - 1}`,
        `paren=${depth[index] > 0}`,
        `comma=${afterComma[index]}`,
        `afterNum=${afterNumber[index]}`,
        `inUnit=${inUnit[index]}`,
        `w-1=${wordAt(index - 1)}`,
        `w+1=${wordAt(index + 1)}`,
        `w-2=${wordAt(index - 2)}`,
        `w+2=${wordAt(index + 2)}`,
        `c-1=${classAt(index - 1)}`,
        `c+1=${classAt(index + 1)}`,
        `c-2=${classAt(index - 2)}`,
        `c+2=${classAt(index + 2)}`,
        `c-1c=${classAt(index - 1)}|${cls}`,
        `cc+1=${cls}|${classAt(index + 1)}`,
        `c-1c+1=${classAt(index - 1)}|${cls}|${classAt(index + 1)}`,
        `t-1=${previousTag}`,
        `t-2t-1=${previous2Tag}|${previousTag}`,
        `t-1c=${previousTag}|${cls}`,
        `t-1w=${previousTag}|${word}`,
        `t-1c+1=${previousTag}|${classAt(index + 1)}`,
        `seen=${seen('QTY')}${seen('UNIT')}${seen('FOOD')}${seen('NOTE')}`,
        `seenFood|c=${seen('FOOD')}|${cls}`,
        `seenFood|paren|comma=${seen('FOOD')}|${depth[index] > 0}|${afterComma[index]}`,
      ];
      if (POSTPOSED_UNIT_WORDS.has(word)) features.push(`postposed|t-1=${previousTag}`);
      if (token.kind === 'number') features.push(`num|next=${classAt(index + 1)}|paren=${depth[index] > 0}`);
      return features;
    },
  };
}
