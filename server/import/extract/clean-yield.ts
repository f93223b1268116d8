import { cleanLine } from './clean-text.js';
import { isJsonObject, toArray } from './types.js';

export interface CleanedYield {
  recipeYield: string;
  recipeYieldQuantity: number;
  recipeServings: number;
}

const SERVING_WORDS =
  /\b(?:serves?|servings?|people|persons?|personen|pers|portions?|portionen|porzion[ei]|porciones|raciones|couverts|parts)\b/i;
/** "Ingredients for 4", "Für 2 Personen", "pour 6". */
const FOR_A_NUMBER_OF_PEOPLE = /\b(?:for|f[üu]r|pour|para|per)\s+(?:about\s+|ca\.?\s+)?\d/i;
const BARE_AMOUNT = /^\s*(?:about\s+)?[\d.,/½¼¾⅓⅔⅛\s]+(?:\s*(?:-|–|—|to|bis|à|a)\s*[\d.,/½¼¾⅓⅔⅛\s]+)?$/i;
const UNICODE_FRACTIONS: Record<string, number> = {
  '½': 1 / 2, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 1 / 4, '¾': 3 / 4, '⅕': 1 / 5, '⅙': 1 / 6, '⅛': 1 / 8,
};
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, dozen: 12, fifteen: 15, sixteen: 16, eighteen: 18, twenty: 20,
};

/**
 * Reads recipeYield in its usual shapes ("4 servings", "Serves 4", "Makes 12", "4-6", 4,
 * ["4", "4 servings"]):
 *  - text about servings, people or portions, or a bare number or range, sets recipeServings
 *    (the low end of a range);
 *  - anything else with a number ("Makes 12 cookies", "1 loaf") sets recipeYieldQuantity;
 *  - recipeYield keeps the most descriptive text, preferring what a recipe makes over its servings,
 *    and spells a bare number out as "<n> servings".
 */
export function cleanYield(value: unknown): CleanedYield {
  let servings = 0;
  let servingsText = '';
  let yieldQuantity = 0;
  let yieldText = '';

  for (const text of yieldTexts(value)) {
    const quantity = parseLeadingQuantity(text);
    if (BARE_AMOUNT.test(text)) {
      if (!servings && quantity) servings = quantity;
      if (!servingsText && quantity) servingsText = `${text.replace(/^about\s+/i, '')} servings`;
    } else if (SERVING_WORDS.test(text) || FOR_A_NUMBER_OF_PEOPLE.test(text)) {
      if (!servings && quantity) servings = quantity;
      if (!servingsText || BARE_AMOUNT.test(servingsText.replace(/ servings$/, ''))) servingsText = text;
    } else {
      if (!yieldQuantity && quantity) yieldQuantity = quantity;
      if (!yieldText) yieldText = text;
    }
  }
  return { recipeYield: yieldText || servingsText, recipeYieldQuantity: yieldQuantity, recipeServings: servings };
}

function yieldTexts(value: unknown): string[] {
  const texts: string[] = [];
  for (const item of toArray(value)) {
    const raw = isJsonObject(item) ? (item.value ?? item.name ?? item.text) : item;
    const text = cleanLine(raw);
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts;
}

/**
 * The first quantity in a text: "1 1/2", "1/2", "½", "1,5", "1.5", "a dozen", "twelve"; 0 when there is none.
 * Of a range ("4-6") it reads the low end.
 */
export function parseLeadingQuantity(text: string): number {
  const numeric =
    /(\d+)\s+(\d+)\s*\/\s*(\d+)|(\d+)\s*\/\s*(\d+)|(\d+(?:[.,]\d+)?)\s*([½⅓⅔¼¾⅕⅙⅛])?|([½⅓⅔¼¾⅕⅙⅛])/.exec(text);
  const word = /\b(?:a\s+)?(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|sixteen|eighteen|twenty|dozen)\b/i.exec(
    text,
  );
  if (numeric && (!word || numeric.index <= word.index)) {
    const [, mixedWhole, mixedNumerator, mixedDenominator, numerator, denominator, whole, glyphAfterWhole, loneGlyph] =
      numeric;
    if (mixedWhole) return round(Number(mixedWhole) + safeDivide(Number(mixedNumerator), Number(mixedDenominator)));
    if (numerator) return safeDivide(Number(numerator), Number(denominator));
    if (loneGlyph) return round(UNICODE_FRACTIONS[loneGlyph] ?? 0);
    return round(Number(whole.replace(',', '.')) + (glyphAfterWhole ? (UNICODE_FRACTIONS[glyphAfterWhole] ?? 0) : 0));
  }
  if (word) return NUMBER_WORDS[word[1].toLowerCase()] ?? 0;
  return 0;
}

function safeDivide(numerator: number, denominator: number): number {
  return denominator ? round(numerator / denominator) : 0;
}

function round(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 1000) / 1000 : 0;
}
