/**
 * parseIngredientLine: one free-text ingredient line → quantity, unit, food and note.
 */

import { readAmount, type NoteSpan } from './amount.js';
import { isOnlyPreparation, readFood, stripElidedArticle, type FoodReading } from './food.js';
import { POSTPOSED_UNIT_WORDS } from './lexicon.js';
import { joinClean, tokenize, type Token } from './tokenize.js';
import { canonicalUnit, foldText, type UnitMatch } from './units.js';

export interface ParseConfidence {
  average: number;
  quantity: number;
  unit: number;
  food: number;
  comment: number;
}

export interface ParsedLine {
  input: string;
  quantity: number | null;
  /** High end of a range ("2-3" → 3); null when the amount is not a range. */
  quantityMax?: number | null;
  /** The unit as written ("tbsp", "EL", "c. à s."). */
  unit: string | null;
  /** Canonical English singular of the unit ("tablespoon"), used for matching and scoring. */
  unitCanonical: string | null;
  food: string | null;
  note: string | null;
  /**
   * Longer readings of the food, longest first ("large eggs" beside "eggs" with the note "large"): the
   * catalogue matcher links one only when a food of exactly that name exists.
   */
  alternatives?: Array<{ food: string; note: string | null }>;
  /** A word that changes what is bought which the parser put in the note, right before the food ("toasted"). */
  splitQualifier?: string;
  confidence: ParseConfidence;
}

interface Aside {
  /** Position in the original token list, so notes keep the order of the line. */
  position: number;
  text: string;
}

/**
 * A short bracketed word between two words of a name is a synonym that stays in the name:
 * "double (heavy) cream", "rapeseed (canola) oil", "asafetida (hing) powder".
 */
function isInlineSynonym(tokens: readonly Token[], open: number, close: number): boolean {
  const inner = tokens.slice(open + 1, close);
  const before = tokens[open - 1];
  const after = tokens[close + 1];
  return (
    inner.length > 0 &&
    inner.length <= 2 &&
    inner.every((token) => token.kind === 'word') &&
    before?.kind === 'word' &&
    after?.kind === 'word' &&
    canonicalUnit(after.text) === null
  );
}

/** Removes bracketed text from the line; it belongs to the note ("(optional)", "(240 ml)", "(14 oz)"). */
function separateBrackets(tokens: readonly Token[]): { main: Token[]; positions: number[]; asides: Aside[] } {
  const main: Token[] = [];
  const positions: number[] = [];
  const asides: Aside[] = [];
  const keep = (token: Token, position: number, spaceBefore = token.spaceBefore) => {
    main.push(spaceBefore === token.spaceBefore ? token : { ...token, spaceBefore });
    positions.push(position);
  };
  let depth = 0;
  let asideStart = 0;
  let spaceAfterSynonym = false;
  tokens.forEach((token, index) => {
    if (token.text === '(' || token.text === '[') {
      if (depth === 0) asideStart = index;
      depth++;
    } else if (token.text === ')' || token.text === ']') {
      if (depth === 0) return; // stray closing bracket: "1 15½-ounce) can"
      depth--;
      if (depth > 0) return;
      if (isInlineSynonym(tokens, asideStart, index)) {
        for (let inner = asideStart + 1; inner < index; inner++) keep(tokens[inner], inner, inner === asideStart + 1 || tokens[inner].spaceBefore);
        spaceAfterSynonym = true;
      } else {
        asides.push({ position: asideStart, text: joinClean(tokens.slice(asideStart + 1, index)) });
      }
    } else if (depth === 0) {
      keep(token, index, token.spaceBefore || spaceAfterSynonym);
      spaceAfterSynonym = false;
    }
  });
  if (depth > 0) asides.push({ position: asideStart, text: joinClean(tokens.slice(asideStart + 1)) });
  return { main, positions, asides: asides.filter((aside) => aside.text.length > 0) };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

interface ConfidenceInputs {
  quantity: number | null;
  quantitySource: string | null;
  unit: UnitMatch | null;
  unitSource: 'amount' | 'postposed' | null;
  food: string | null;
  foodBoundary: FoodReading['boundary'];
  note: string | null;
}

/**
 * Heuristic confidences: high for amounts written with digits and units from the vocabulary, lower for
 * long or compound food names, names containing digits, and food/comment boundaries found by phrase
 * rather than punctuation. On the parser-dev data, lines with food confidence ≥ 0.9 are right 97% of
 * the time and lines below 0.6 only about 60%.
 */
function scoreConfidence({ quantity, quantitySource, unit, unitSource, food, foodBoundary, note }: ConfidenceInputs): ParseConfidence {
  const quantityConfidence = quantity === null ? 0 : quantitySource === 'digits' ? 0.98 : 0.85;
  let unitConfidence = 0;
  if (unit) {
    unitConfidence = unitSource === 'postposed' ? 0.8 : unit.ambiguous ? 0.85 : 0.95;
    if (quantity === null) unitConfidence -= 0.1;
  }
  let foodConfidence = 0;
  if (food) {
    const words = food.split(/\s+/).length;
    foodConfidence = 0.92;
    if (words > 4) foodConfidence -= 0.05 * (words - 4);
    if (/\d/.test(food)) foodConfidence -= 0.2;
    if (/\b(or|and|oder|und|ou|et|o|y|e|of|en)\b/i.test(food)) foodConfidence -= 0.1;
    if (foodBoundary === 'phrase') foodConfidence -= 0.05;
    if (quantity === null && !unit) foodConfidence -= 0.07;
  }
  const commentConfidence = note ? (foodBoundary === 'phrase' ? 0.75 : 0.85) : 0;
  const present = [quantityConfidence, unitConfidence, foodConfidence, commentConfidence].filter((value) => value > 0);
  const average = present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : 0;
  return {
    average: round(average),
    quantity: round(quantityConfidence),
    unit: round(Math.max(0, unitConfidence)),
    food: round(Math.max(0.1, foodConfidence) * (food ? 1 : 0)),
    comment: round(commentConfidence),
  };
}

function emptyParse(input: string): ParsedLine {
  return {
    input,
    quantity: null,
    quantityMax: null,
    unit: null,
    unitCanonical: null,
    food: null,
    note: null,
    confidence: { average: 0, quantity: 0, unit: 0, food: 0, comment: 0 },
  };
}

interface ResolvedFood {
  food: string | null;
  unit: UnitMatch | null;
  unitSource: 'amount' | 'postposed' | null;
  extraNotes: NoteSpan[];
}

/** Settles where the unit is ("2 garlic cloves") and whether the "unit" was really the food ("6 cloves"). */
function resolveFoodAndUnit(main: readonly Token[], amountUnit: UnitMatch | null, foodReading: FoodReading): ResolvedFood {
  const span = foodReading.food;
  if (amountUnit && (!span || (amountUnit.kind !== 'measure' && isOnlyPreparation(main, span)))) {
    // "6 cloves", "2 cans, drained": nothing but the unit names the food
    return { food: amountUnit.written, unit: null, unitSource: null, extraNotes: span ? [span] : [] };
  }
  if (!span) return { food: null, unit: amountUnit, unitSource: amountUnit ? 'amount' : null, extraNotes: [] };

  let end = span.end;
  let unit = amountUnit;
  let unitSource: ResolvedFood['unitSource'] = unit ? 'amount' : null;
  const lastWord = main[end - 1];
  // "6 dried cloves" are the spice: a trailing unit needs a food word before it, not just a description
  const restNamesAFood = main.slice(span.start, end - 1).some((token) => token.kind === 'word' && !/ed$/.test(foldText(token.text)));
  const trailingUnit = !unit && restNamesAFood && POSTPOSED_UNIT_WORDS.has(foldText(lastWord.text)) ? canonicalUnit(lastWord.text) : null;
  if (trailingUnit) {
    // "2 garlic cloves", "3 celery stalks": the unit follows the food
    unit = { ...trailingUnit, end, written: lastWord.text, ambiguous: false };
    unitSource = 'postposed';
    end--;
  }
  return { food: stripElidedArticle(joinClean(keptFoodTokens(main, span.start, end, foodReading.removedFromFood))) || null, unit, unitSource, extraNotes: [] };
}

/**
 * The food's tokens without the words moved to the note, and without the commas that separated those
 * words: "sweetened, shredded coconut" → "sweetened coconut", never "sweetened, coconut" or "mild,, or".
 */
function keptFoodTokens(main: readonly Token[], start: number, end: number, removed: ReadonlySet<number>): Token[] {
  const kept: Array<{ token: Token; index: number }> = [];
  for (let index = start; index < end; index++) {
    if (!removed.has(index)) kept.push({ token: main[index], index });
  }
  const isComma = (entry: { token: Token } | undefined) => entry?.token.text === ',';
  return kept
    .filter((entry, position) => {
      if (!isComma(entry)) return true;
      const next = kept[position + 1];
      const previous = kept[position - 1];
      if (!previous || !next || isComma(next)) return false;
      const touchesRemoved = removed.has(entry.index - 1) || removed.has(entry.index + 1);
      return !touchesRemoved;
    })
    .map((entry) => entry.token);
}

/**
 * "ground ginger 10 mL", "Lemon juice, 3 tablespoons": the amount written after the food. Returns the
 * line with the amount moved to the front, or null when the line does not end in an amount.
 */
function withTrailingAmountFirst(line: string): string | null {
  const match = /^(?<food>[^\d\u00bc-\u00be\u2150-\u215e]*\p{L}[^\d\u00bc-\u00be\u2150-\u215e]*?)[\s,;:–-]+(?<amount>(?:\d+(?:[.,/]\d+)?(?:\s+\d+\/\d+)?|\d*\s*[\u00bc-\u00be\u2150-\u215e])(?:\s*[-–]\s*\d+(?:[.,/]\d+)?)?)\s*(?<unit>\p{L}[\p{L}.]*)?\s*$/u.exec(line.trim());
  if (!match?.groups) return null;
  const { food, amount, unit } = match.groups;
  if (unit && !canonicalUnit(unit.replace(/\.$/, ''))) return null;
  return `${amount}${unit ? ` ${unit}` : ''} ${food.trim()}`;
}

/** "1 bouquet garni", "2 whole cloves": a unit word that here is (part of) the food. */
const FOODS_NAMED_BY_A_UNIT = new Set(['bouquet garni', 'whole clove', 'whole cloves', 'pot roast', 'head cheese']);

function foodNamedByAUnit(main: readonly Token[], unit: UnitMatch | null, food: string | null): string | null {
  if (!unit || !food) return null;
  const unitFirst = `${unit.written} ${food}`;
  if (FOODS_NAMED_BY_A_UNIT.has(foldText(unitFirst))) return unitFirst;
  const foodFirst = `${food} ${unit.written}`;
  if (FOODS_NAMED_BY_A_UNIT.has(foldText(foodFirst))) return foodFirst;
  return null;
}

export function parseIngredientLine(line: string): ParsedLine {
  const parsed = parseInOrder(line);
  if (parsed.quantity !== null || parsed.unit !== null) return parsed;
  const reordered = withTrailingAmountFirst(line);
  return reordered ? { ...parseInOrder(reordered), input: line } : parsed;
}

function parseInOrder(line: string): ParsedLine {
  const tokens = tokenize(line);
  if (tokens.length === 0) return emptyParse(line);
  const { main, positions, asides } = separateBrackets(tokens);

  const amount = readAmount(main);
  const foodReading = readFood(main, amount.foodStart, main.length, {
    keepLeadingPreparation: amount.unit?.kind === 'container',
  });
  const resolved = resolveFoodAndUnit(main, amount.unit, foodReading);
  const { unitSource, extraNotes } = resolved;
  const wholeFood = foodNamedByAUnit(main, resolved.unit, resolved.food);
  const food = wholeFood ?? resolved.food;
  const unit = wholeFood ? null : resolved.unit;

  const noteParts: Aside[] = [...asides];
  const addNote = (span: NoteSpan) =>
    noteParts.push({ position: positions[span.start] ?? tokens.length, text: joinClean(main.slice(span.start, span.end)) });
  amount.notes.forEach(addNote);
  foodReading.notes.forEach(addNote);
  extraNotes.forEach(addNote);
  const note =
    noteParts
      .filter((part) => part.text.length > 0)
      .sort((a, b) => a.position - b.position)
      .map((part) => part.text)
      .join(', ') || null;

  const quantity = amount.quantity?.value ?? null;
  return {
    input: line,
    quantity,
    quantityMax: amount.quantity?.max ?? null,
    unit: unit?.written ?? null,
    unitCanonical: unit?.canonical ?? null,
    food,
    note,
    confidence: scoreConfidence({
      quantity,
      quantitySource: amount.quantity?.source ?? null,
      unit,
      unitSource,
      food,
      foodBoundary: foodReading.boundary,
      note,
    }),
  };
}
