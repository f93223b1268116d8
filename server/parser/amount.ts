/**
 * The amount half of a line: quantity, size words, package sizes and the unit, plus any
 * alternative amounts written right after the unit ("300 ml / 10 fl oz").
 */

import {
  AFTER_UNIT_QUALIFIERS,
  AMOUNT_MODIFIERS,
  APPROXIMATORS,
  CONNECTORS,
  ENGLISH_ARTICLES,
  FOOD_PART_WORDS,
  PREPARATION_ADVERBS,
  PREPARATION_WORDS,
  RANGE_WORDS,
  SIZE_SUFFIXES,
  SIZE_WORDS,
  VAGUE_AMOUNTS,
} from './lexicon.js';
import { readNumber, readQuantity, type QuantityMatch } from './quantity.js';
import { type Token } from './tokenize.js';
import { foldText, matchUnitAt, type UnitMatch } from './units.js';

/** A stretch of the line that ends up in the note, remembered by position so notes keep line order. */
export interface NoteSpan {
  start: number;
  end: number;
}

export interface AmountReading {
  quantity: QuantityMatch | null;
  unit: UnitMatch | null;
  /** Index in the token list where the food part begins. */
  foodStart: number;
  notes: NoteSpan[];
}

const fold = (token: Token | undefined) => (token ? foldText(token.text) : '');
const isWord = (token: Token | undefined, words: ReadonlySet<string>) => token?.kind === 'word' && words.has(fold(token));
const isGluedHyphen = (token: Token | undefined) => token?.text === '-' && !token.spaceBefore;

export function isSizeWord(token: Token | undefined): boolean {
  if (token?.kind !== 'word') return false;
  const word = fold(token);
  // "fist-sized", "thumb-size", "bite-sized"
  return SIZE_WORDS.has(word) || /-sized?$/.test(word);
}

/** Skips size words and amount qualifiers ("heaping", "thick"), including "medium size" and "large or small". */
function skipModifiers(tokens: readonly Token[], start: number): number {
  let index = start;
  while (index < tokens.length) {
    const token = tokens[index];
    if (isSizeWord(token) || isWord(token, AMOUNT_MODIFIERS)) {
      index++;
      if (isWord(tokens[index], SIZE_SUFFIXES)) index++;
    } else if (['or', 'to'].includes(fold(token)) && index > start && isSizeWord(tokens[index + 1])) {
      index++;
    } else break;
  }
  return index;
}

/** "minced clove garlic": preparation words standing between the count and the unit. */
function skipPreparation(tokens: readonly Token[], start: number): number {
  let index = start;
  while (isWord(tokens[index], PREPARATION_WORDS) || isWord(tokens[index], PREPARATION_ADVERBS)) index++;
  return index;
}

/** "15-ounce", "10 oz", "400g", "4-5 lb", "3- to 4-pound", "8- or 9-ounce": a number with a measure unit. */
function readMeasure(tokens: readonly Token[], start: number): { end: number; unit: UnitMatch } | null {
  const number = readNumber(tokens, start);
  if (!number) return null;
  let index = number.end;
  if (isGluedHyphen(tokens[index])) index++;
  const rangeJoiner = tokens[index];
  if (rangeJoiner && (RANGE_WORDS.has(fold(rangeJoiner)) || rangeJoiner.text === '-') && tokens[index + 1]?.kind === 'number') {
    const high = readNumber(tokens, index + 1);
    if (high) {
      index = high.end;
      if (isGluedHyphen(tokens[index])) index++;
    }
  }
  const unit = matchUnitAt(tokens, index);
  if (!unit || unit.kind !== 'measure') return null;
  return { end: unit.end, unit };
}

/** A unit may open a line without a number only when it clearly is one: "Pinch of salt", "tsp vanilla". */
function unitAllowedWithoutQuantity(tokens: readonly Token[], unit: UnitMatch): boolean {
  if (unit.ambiguous) return false;
  if (unit.standsAlone || isWord(tokens[unit.end], CONNECTORS)) return true;
  // abbreviations such as "tsp", "oz", "ml" are never food words ("Pound cake" is)
  return unit.kind === 'measure' && unit.written.length <= 4 && !/^(cup|pint|can|tin)s?$/i.test(unit.written);
}

/** Alternative amounts after the unit: "/ 10 fl oz", "= 240 ml", "plus 2 tbsp", "and 3 tablespoons", "to 1 lb". */
function readAlternativeAmount(tokens: readonly Token[], start: number): number | null {
  const separator = fold(tokens[start]);
  if (tokens[start]?.kind === 'number') return readMeasure(tokens, start)?.end ?? null;
  if (!['/', '=', '+', 'plus', 'or', '|', 'and', 'to', '-'].includes(separator)) return null;
  return readMeasure(tokens, start + 1)?.end ?? null;
}

/** "~2 tsp", "about 2 tablespoons", "scant ½ cup", "Heaping ¼ cup": words hedging the number that follows. */
function skipApproximation(tokens: readonly Token[]): number {
  // "A generous ½ teaspoon", "an 8 oz can": the article before a hedge or a number says nothing
  let index = isWord(tokens[0], ENGLISH_ARTICLES) && tokens[1] !== undefined ? 1 : 0;
  while (isWord(tokens[index], APPROXIMATORS) || tokens[index]?.text === '~' || isWord(tokens[index], AMOUNT_MODIFIERS)) {
    index++;
    // the abbreviation dot of "ca. 200 g", "approx. 2 cups"
    if (isWord(tokens[index - 1], APPROXIMATORS) && tokens[index]?.text === '.' && !tokens[index].spaceBefore) index++;
  }
  return index > 0 && tokens[index]?.kind === 'number' ? index : 0;
}

/** "Juice of 1 lemon", "finely grated zest of ½ orange": returns the index of the amount after "of". */
function skipFoodPart(tokens: readonly Token[]): number {
  if (tokens[0]?.kind !== 'word') return 0;
  for (let index = 1; index < Math.min(tokens.length, 6); index++) {
    const token = tokens[index];
    if (token.kind === 'number') return 0;
    if (!['of', 'from', 'von', 'de', 'di', 'van'].includes(fold(token))) continue;
    const mentionsPart = tokens.slice(0, index).some((part) => isWord(part, FOOD_PART_WORDS));
    const next = tokens[index + 1];
    const amountFollows =
      next?.kind === 'number' ||
      (isWord(next, ENGLISH_ARTICLES) && tokens[index + 2]?.kind === 'word') ||
      readQuantity(tokens, index + 1)?.source === 'word';
    return mentionsPart && amountFollows ? index + 1 : 0;
  }
  return 0;
}

/** "Garnish: orange twist": a short heading before a colon. */
function skipHeading(tokens: readonly Token[]): number {
  const colon = tokens.findIndex((token) => token.text === ':');
  if (colon < 1 || colon > 2) return 0;
  return tokens.slice(0, colon).every((token) => token.kind === 'word') ? colon + 1 : 0;
}

/** "1 lg or 2 small leeks", "1 very large or 2 medium eggplants": an alternative count after the sizes. */
function skipAlternativeCount(tokens: readonly Token[], start: number): number {
  if (fold(tokens[start]) !== 'or' || tokens[start + 1]?.kind !== 'number') return start;
  const afterNumber = readNumber(tokens, start + 1)?.end ?? start + 2;
  const afterSizes = skipModifiers(tokens, afterNumber);
  return afterSizes > afterNumber ? afterSizes : start;
}

export function readAmount(tokens: readonly Token[]): AmountReading {
  const notes: NoteSpan[] = [];
  const prefixEnd = skipHeading(tokens) || skipApproximation(tokens) || skipFoodPart(tokens);
  const prefixStart = isWord(tokens[0], ENGLISH_ARTICLES) ? 1 : 0;
  if (prefixEnd > prefixStart) notes.push({ start: prefixStart, end: prefixEnd });
  const quantity = readQuantity(tokens, prefixEnd);
  let index = quantity?.end ?? prefixEnd;
  const hasNumber = quantity?.value != null;

  // "a few sprigs", "a couple of eggs": the vague amount is kept as a note
  if (!hasNumber && isWord(tokens[index], VAGUE_AMOUNTS)) {
    const vagueStart = quantity ? quantity.end - 1 : index;
    index++;
    if (isWord(tokens[index], CONNECTORS)) index++;
    notes.push({ start: vagueStart, end: index });
  }
  // "8 or so chiles", "½ a butternut squash"
  if (hasNumber && fold(tokens[index]) === 'or' && fold(tokens[index + 1]) === 'so') {
    notes.push({ start: index, end: index + 2 });
    index += 2;
  }
  if (hasNumber && isWord(tokens[index], ENGLISH_ARTICLES) && tokens[index + 1]?.kind === 'word') index++;
  // "2 x 400 g tins"
  if (hasNumber && /^[x×]$/i.test(tokens[index]?.text ?? '') && tokens[index + 1]?.kind === 'number') index++;
  // "7-inch tortillas", "28-ounce can"
  if (hasNumber && isGluedHyphen(tokens[index]) && matchUnitAt(tokens, index + 1)) index++;

  const modifiersStart = index;
  const sizesEnd = skipModifiers(tokens, index);
  let cursor = hasNumber && sizesEnd > modifiersStart ? skipAlternativeCount(tokens, sizesEnd) : sizesEnd;
  const hasAlternativeCount = cursor > sizesEnd;
  let unit: UnitMatch | null = null;

  // A package or piece size between the count and the unit: "1 15-ounce can", "2 12-ounce trout"
  const measure = hasNumber || cursor > modifiersStart ? readMeasure(tokens, cursor) : null;
  if (measure) {
    const afterMeasure = skipModifiers(tokens, measure.end);
    const container = matchUnitAt(tokens, afterMeasure);
    if (container && container.kind !== 'measure') {
      notes.push({ start: modifiersStart, end: afterMeasure });
      unit = container;
      cursor = container.end;
    } else if (hasNumber) {
      // "8 x 450g/1lb live lobsters": the size of each, with its alternative, is a note
      let sizeEnd = measure.end;
      for (let alternativeEnd = readAlternativeAmount(tokens, sizeEnd); alternativeEnd !== null; alternativeEnd = readAlternativeAmount(tokens, sizeEnd)) {
        sizeEnd = alternativeEnd;
      }
      notes.push({ start: modifiersStart, end: sizeEnd });
      cursor = sizeEnd;
    }
  }

  if (!unit) {
    const afterPreparation = hasNumber && !measure ? skipPreparation(tokens, cursor) : cursor;
    const candidate = matchUnitAt(tokens, afterPreparation);
    // "Thin slices peach", "Generous pinch salt": a qualifier shows the unit is an amount
    const qualified = afterPreparation > modifiersStart && candidate?.kind !== 'measure';
    const accepted = candidate && (hasNumber || qualified || unitAllowedWithoutQuantity(tokens, candidate));
    if (candidate && accepted) {
      if (afterPreparation > modifiersStart && !measure) notes.push({ start: modifiersStart, end: afterPreparation });
      unit = candidate;
      cursor = candidate.end;
    } else if (!measure && hasAlternativeCount) {
      // "1 lg or 2 small leeks": sizes and the alternative count go to the note
      notes.push({ start: modifiersStart, end: cursor });
    } else if (!measure) {
      // size words without a unit describe the food ("2 large eggs"); the food reader moves them to the note
      cursor = modifiersStart;
    }
  }

  if (unit) cursor = readAfterUnit(tokens, unit, cursor, notes);
  if (quantity || unit) {
    while (isWord(tokens[cursor], CONNECTORS)) cursor++;
  }
  return { quantity, unit, foodStart: cursor, notes };
}

/** Qualifiers, repeated units, package words and alternative amounts that follow the unit. */
function readAfterUnit(tokens: readonly Token[], unit: UnitMatch, start: number, notes: NoteSpan[]): number {
  let cursor = start;
  // "1 c scant", "2 tbsp heaping", "½ bunch each"
  let afterQualifiers = cursor;
  while (isWord(tokens[afterQualifiers], AFTER_UNIT_QUALIFIERS)) afterQualifiers++;
  if (afterQualifiers > cursor && tokens[afterQualifiers]?.kind === 'word') {
    notes.push({ start: cursor, end: afterQualifiers });
    cursor = afterQualifiers;
  }
  // "1 bottle or can": an alternative unit
  const alternativeUnit = fold(tokens[cursor]) === 'or' ? matchUnitAt(tokens, cursor + 1) : null;
  if (alternativeUnit && alternativeUnit.end < tokens.length) {
    notes.push({ start: cursor, end: alternativeUnit.end });
    cursor = alternativeUnit.end;
  }
  // "2 lb pounds fava beans", "1 ½ c cups": the unit written twice
  const repeated = matchUnitAt(tokens, cursor);
  if (repeated && repeated.canonical === unit.canonical && repeated.end < tokens.length) cursor = repeated.end;
  // "28-ounce can tomatoes", "1 inch piece ginger": the package or piece after a measure joins the note
  const container = unit.kind === 'measure' ? matchUnitAt(tokens, cursor) : null;
  if (container && container.kind !== 'measure' && tokens[container.end]?.kind === 'word') {
    notes.push({ start: cursor, end: container.end });
    cursor = container.end;
  }
  // "5 dashes or more of bitters"
  if (fold(tokens[cursor]) === 'or' && ['more', 'so', 'less'].includes(fold(tokens[cursor + 1]))) {
    notes.push({ start: cursor, end: cursor + 2 });
    cursor += 2;
  }
  // "a pinch or two of salt"
  const alternativeCount = fold(tokens[cursor]) === 'or' ? readQuantity(tokens, cursor + 1) : null;
  if (alternativeCount?.value != null && !readMeasure(tokens, cursor + 1)) {
    notes.push({ start: cursor, end: alternativeCount.end });
    cursor = alternativeCount.end;
  }
  // "300 ml / 10 fl oz", "1 cup plus 2 tablespoons", "14 oz to 1 lb", "1 lb 1 oz"
  for (let alternativeEnd = readAlternativeAmount(tokens, cursor); alternativeEnd !== null; ) {
    notes.push({ start: cursor, end: alternativeEnd });
    cursor = alternativeEnd;
    alternativeEnd = readAlternativeAmount(tokens, cursor);
  }
  return cursor;
}
