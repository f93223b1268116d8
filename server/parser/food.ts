/**
 * The food half of a line: separates the food name from preparation and comments.
 */

import { isSizeWord, type NoteSpan } from './amount.js';
import {
  DESCRIPTIVE_ADJECTIVES,
  ELIDED_PREFIX,
  IRREGULAR_PARTICIPLES,
  isPurposeWord,
  LEADING_NOTE_WORDS,
  NUMBER_WORDS,
  NOTE_START_PHRASES,
  PREPARATION_ADVERBS,
  PREPARATION_PREPOSITIONS,
  PREPARATION_WORDS,
  SIZE_SUFFIXES,
  TRAILING_SIZE_WORDS,
} from './lexicon.js';
import { type Token } from './tokenize.js';
import { foldText } from './units.js';

export interface FoodReading {
  /** Token range [start, end) of the food name, or null when no food was found. */
  food: NoteSpan | null;
  /** Tokens dropped from inside the food range ("whole large shrimp", "fresh chopped parsley"). */
  removedFromFood: Set<number>;
  notes: NoteSpan[];
  /** How the food boundary was found; drives the confidence. */
  boundary: 'comma' | 'phrase' | 'whole';
}

export interface FoodOptions {
  /** Packaged goods are named by their processing ("1 can crushed tomatoes"), so leading participles stay. */
  keepLeadingPreparation?: boolean;
}

const fold = (token: Token | undefined) => (token ? foldText(token.text) : '');
const isWordIn = (token: Token | undefined, words: ReadonlySet<string>) => token?.kind === 'word' && words.has(fold(token));

const isPreparationWord = (token: Token | undefined) => isWordIn(token, PREPARATION_WORDS);
const isPreparationAdverb = (token: Token | undefined) =>
  token?.kind === 'word' && (PREPARATION_ADVERBS.has(fold(token)) || /^[a-z]+ly$/.test(fold(token)));
/**
 * Past participles by shape ("shaved", "grilled") or from the irregular list ("ground", "cut", "frozen").
 * Only "-ed": "-en" would also catch German and Dutch plurals ("Kartoffeln", "aardappelen").
 */
const isParticiple = (token: Token | undefined) =>
  token?.kind === 'word' && (/[a-z]ed$/.test(fold(token)) || IRREGULAR_PARTICIPLES.has(fold(token)));
/** Words that describe rather than name: "boneless", "strong", "low-sodium", "peeled". */
const isDescriptor = (token: Token | undefined) =>
  token?.kind === 'word' &&
  (isWordIn(token, DESCRIPTIVE_ADJECTIVES) ||
    isPreparationWord(token) ||
    isParticiple(token) ||
    isSizeWord(token) ||
    /(less|-free|-fat|-sodium|-on|-in)$/.test(fold(token)));

const STRONG_PREPARATION = new Set(['chopped', 'minced', 'grated', 'shredded', 'crumbled']);

/** Commas, semicolons and a dash with spaces around it ("chicken breast - cut into cubes"). */
function isSeparator(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (token.kind !== 'punct') return false;
  if (token.text === ',' || token.text === ';') return true;
  return token.text === '-' && token.spaceBefore && tokens[index + 1]?.spaceBefore === true;
}

/** Splits [start, end) at top-level separators (parentheses were already removed). */
function splitSegments(tokens: readonly Token[], start: number, end: number): NoteSpan[] {
  const segments: NoteSpan[] = [];
  let segmentStart = start;
  for (let index = start; index < end; index++) {
    if (isSeparator(tokens, index)) {
      segments.push({ start: segmentStart, end: index });
      segmentStart = index + 1;
    }
  }
  segments.push({ start: segmentStart, end });
  return segments.filter((segment) => segment.end > segment.start);
}

function phraseAt(tokens: readonly Token[], index: number, end: number): string[] | null {
  const words: string[] = [];
  for (let cursor = index; cursor < end && words.length < 3; cursor++) {
    if (tokens[cursor].text === '.') continue;
    words.push(fold(tokens[cursor]));
  }
  for (const phrase of NOTE_START_PHRASES) {
    if (phrase.length <= words.length && phrase.every((word, offset) => words[offset] === word)) {
      if (phrase.length === 1 && phrase[0] === 'for' && !isPurposeWord(words[1] ?? '', words[2])) continue;
      return phrase;
    }
  }
  return null;
}

/** "or 1 cup canned tomatoes", "and/or 1 tsp chile flakes": an alternative with its own amount. */
function startsAlternativeAmount(tokens: readonly Token[], index: number): boolean {
  let next = index + 1;
  const word = fold(tokens[index]);
  if (word === 'and' && tokens[next]?.text === '/' && fold(tokens[next + 1]) === 'or') next += 2;
  else if (!['or', 'oder', 'ou', 'o', 'of'].includes(word)) return false;
  // whole number words only: "whole milk or half and half" is a food
  return tokens[next]?.kind === 'number' || Number.isInteger(NUMBER_WORDS.get(fold(tokens[next])) ?? 0.5);
}

/** "beaten with 1 tablespoon water", "packed in oil": a participle followed by a preposition. */
function startsPreparationPhrase(tokens: readonly Token[], index: number): boolean {
  // "tuna packed in olive oil" names a product
  if (fold(tokens[index]) === 'packed') return false;
  return isPreparationWord(tokens[index]) && isWordIn(tokens[index + 1], PREPARATION_PREPOSITIONS);
}

/** Does this comma segment read like another food in a list ("clam juice, chicken broth, or vegetable broth")? */
function isFoodLike(tokens: readonly Token[], segment: NoteSpan): boolean {
  let start = segment.start;
  if (['or', 'and'].includes(fold(tokens[start]))) start++;
  const length = segment.end - start;
  if (length < 1 || length > 5) return false;
  for (let index = start; index < segment.end; index++) {
    if (tokens[index].kind === 'number') return false;
  }
  const first = tokens[start];
  if (isPreparationAdverb(first)) return false;
  if (isPreparationWord(first) && length === 1) return false;
  if (phraseAt(tokens, start, segment.end) !== null) return false;
  // "or safflower oil for frying" is a food followed by a comment; "or a bit more as needed" is only a comment
  const cut = findPhraseCut(tokens, { start, end: segment.end });
  return cut === null || cut > start;
}

const isAllDescriptors = (tokens: readonly Token[], segment: NoteSpan) =>
  segment.end - segment.start <= 3 && tokens.slice(segment.start, segment.end).every(isDescriptor);

/** Joins the comma segments that make up the food: adjective lists and lists of foods. */
function findFoodSegments(tokens: readonly Token[], segments: NoteSpan[]): number {
  let consumed = 1;
  // "boneless, skinless chicken thighs", "peeled, cored, and diced apples": descriptor-only segments run on into
  // the first segment that names something; "sherry or other sweet, fortified wine": so does a trailing adjective
  for (let next = 1; next < segments.length; next++) {
    const previous = segments[next - 1];
    const endsInAdjective = isWordIn(tokens[previous.end - 1], DESCRIPTIVE_ADJECTIVES);
    if (!isAllDescriptors(tokens, previous) && !endsInAdjective) break;
    if (phraseAt(tokens, segments[next].start, segments[next].end) !== null) break;
    if (!isAllDescriptors(tokens, segments[next])) {
      consumed = next + 1;
      break;
    }
  }
  // "A, B, or C": later segments join the food when they all read like foods and the last starts with and/or
  for (let last = consumed; last < segments.length; last++) {
    if (!isFoodLike(tokens, segments[last])) break;
    if (['or', 'and'].includes(fold(tokens[segments[last].start]))) consumed = last + 1;
  }
  return consumed;
}

/** Where a comment starts inside the food without a comma: "salt to taste", "oil for frying". */
function findPhraseCut(tokens: readonly Token[], segment: NoteSpan): number | null {
  for (let index = segment.start + 1; index < segment.end; index++) {
    if (phraseAt(tokens, index, segment.end) || startsAlternativeAmount(tokens, index) || startsPreparationPhrase(tokens, index)) {
      return index;
    }
  }
  return null;
}

/** Leading preparation and sizes: "finely chopped parsley", "large eggs", "peeled, cored, and diced apples". */
function skipLeadingNotes(tokens: readonly Token[], start: number, end: number, options: FoodOptions): number {
  let cursor = start;
  while (end - cursor > 1) {
    const token = tokens[cursor];
    const word = fold(token);
    if (isSizeWord(token) || isWordIn(token, LEADING_NOTE_WORDS)) {
      cursor++;
      if (isWordIn(tokens[cursor], SIZE_SUFFIXES) && end - cursor > 1) cursor++;
    } else if (isPreparationWord(token) && !options.keepLeadingPreparation) {
      cursor++;
    } else if (end - cursor > 2 && isPreparationAdverb(token) && (isPreparationWord(tokens[cursor + 1]) || isParticiple(tokens[cursor + 1]))) {
      cursor += 2;
    } else if (cursor > start && [',', 'and', 'or', 'of'].includes(word)) {
      cursor++;
    } else if (cursor > start && isParticiple(token) && ['and', 'or', ','].includes(fold(tokens[cursor - 1]))) {
      // "toasted or grilled bread": a participle joined to a preparation already moved
      cursor++;
    } else break;
  }
  return cursor;
}

export function readFood(tokens: readonly Token[], start: number, end: number, options: FoodOptions = {}): FoodReading {
  const notes: NoteSpan[] = [];
  const removedFromFood = new Set<number>();
  const segments = splitSegments(tokens, start, end);
  if (segments.length === 0) return { food: null, removedFromFood, notes, boundary: 'whole' };

  const consumed = findFoodSegments(tokens, segments);
  const foodSegment = { start: segments[0].start, end: segments[consumed - 1].end };
  let boundary: FoodReading['boundary'] = segments.length > consumed ? 'comma' : 'whole';
  notes.push(...segments.slice(consumed));

  let foodStart = foodSegment.start;
  let foodEnd = foodSegment.end;
  if (phraseAt(tokens, foodStart, foodEnd)) {
    // a comment with nothing before it: "to taste"
    notes.push({ start: foodStart, end: foodEnd });
    return { food: null, removedFromFood, notes, boundary: 'phrase' };
  }
  const cut = findPhraseCut(tokens, foodSegment);
  if (cut !== null) {
    notes.push({ start: cut, end: foodEnd });
    foodEnd = cut;
    boundary = 'phrase';
  }

  const leadingEnd = skipLeadingNotes(tokens, foodStart, foodEnd, options);
  if (leadingEnd > foodStart) notes.push({ start: foodStart, end: leadingEnd });
  foodStart = leadingEnd;

  // Trailing participles and sizes, the usual order in Romance languages: "cebolla picada", "cipolla grande"
  const trailingEnd = foodEnd;
  while (
    foodEnd - foodStart > 1 &&
    (isPreparationWord(tokens[foodEnd - 1]) || isWordIn(tokens[foodEnd - 1], TRAILING_SIZE_WORDS) || isSizeWord(tokens[foodEnd - 1]))
  ) {
    foodEnd--;
  }
  if (foodEnd < trailingEnd) notes.push({ start: foodEnd, end: trailingEnd });

  // A name does not end in a connector: "Scotch bonnet pepper and/or 1 tsp flakes"
  while (foodEnd - foodStart > 1 && ['and', 'or', 'with', '/'].includes(fold(tokens[foodEnd - 1]))) foodEnd--;

  removeInnerNotes(tokens, foodStart, foodEnd, removedFromFood, notes);

  const food = foodEnd > foodStart ? { start: foodStart, end: foodEnd } : null;
  return { food, removedFromFood, notes, boundary };
}

/**
 * Sizes and preparation inside the name: "whole large shrimp", "fresh chopped parsley",
 * "sea salt and freshly ground black pepper". Words joined by "or"/"and" to a neighbour
 * ("ground or shredded coconut") are alternatives and stay.
 */
function removeInnerNotes(tokens: readonly Token[], start: number, end: number, removed: Set<number>, notes: NoteSpan[]): void {
  const isConjunction = (index: number) => ['or', 'and'].includes(fold(tokens[index]));
  const isAlternativeDescription = (index: number) =>
    (isConjunction(index - 1) && isDescriptor(tokens[index - 2])) || (isConjunction(index + 1) && isDescriptor(tokens[index + 2]));
  const remaining = () => end - start - removed.size;
  for (let index = start + 1; index < end - 1; index++) {
    const token = tokens[index];
    if (remaining() <= 2) break;
    const next = tokens[index + 1];
    if (PREPARATION_ADVERBS.has(fold(token)) && (isPreparationWord(next) || isWordIn(next, IRREGULAR_PARTICIPLES))) {
      removed.add(index).add(index + 1);
      notes.push({ start: index, end: index + 2 });
      index++;
    } else if (isAlternativeDescription(index)) {
      continue;
    } else if (isSizeWord(token) || (token.kind === 'word' && STRONG_PREPARATION.has(fold(token)))) {
      removed.add(index);
      notes.push({ start: index, end: index + 1 });
    }
  }
}

/** "gehackt", "chopped": a food part made only of preparation words, which cannot be the food. */
export function isOnlyPreparation(tokens: readonly Token[], span: NoteSpan): boolean {
  const words = tokens.slice(span.start, span.end).filter((token) => token.kind === 'word');
  return words.length > 0 && words.every((token) => isPreparationWord(token) || isPreparationAdverb(token));
}

/** Strips an elided article from the first food word: "d'huile d'olive" → "huile d'olive". */
export function stripElidedArticle(text: string): string {
  return text.replace(ELIDED_PREFIX, '');
}
