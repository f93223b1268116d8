import { cleanLine } from './clean-text.js';
import { type DraftNutrition, isJsonObject, NUTRITION_FIELDS, type NutritionField } from './types.js';

const MILLIGRAM_FIELDS: ReadonlySet<NutritionField> = new Set(['sodiumContent', 'cholesterolContent']);

/** Every Mealie nutrition field, null. */
export function emptyNutrition(): DraftNutrition {
  return {
    calories: null,
    carbohydrateContent: null,
    cholesterolContent: null,
    fatContent: null,
    fiberContent: null,
    proteinContent: null,
    saturatedFatContent: null,
    sodiumContent: null,
    sugarContent: null,
    transFatContent: null,
    unsaturatedFatContent: null,
  };
}

/**
 * Keeps the number of each known nutrition value ("250 kcal" → "250", "12,5 g" → "12.5"). Sodium and
 * cholesterol are stored in milligrams, so a value given in grams is multiplied by 1000; energy given
 * only in kilojoules is converted to kilocalories. Unknown keys (servingSize, @type) are dropped.
 */
export function cleanNutrition(value: unknown): DraftNutrition {
  const nutrition = emptyNutrition();
  if (!isJsonObject(value)) return nutrition;
  for (const field of NUTRITION_FIELDS) {
    const raw = value[field] ?? value[snakeCase(field)];
    nutrition[field] = cleanNutritionValue(field, Array.isArray(raw) ? raw[0] : raw);
  }
  return nutrition;
}

function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function cleanNutritionValue(field: NutritionField, value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? formatNumber(value) : null;
  const text = cleanLine(value);
  if (!text) return null;

  if (field === 'calories') {
    const kilocalories = /(\d[\d.,]*)\s*(?:kcal|cal|calories|kalorien)\b/i.exec(text);
    if (kilocalories) return formatNumber(readNumber(kilocalories[1]));
    const kilojoules = /(\d[\d.,]*)\s*kj\b/i.exec(text);
    if (kilojoules) return formatNumber(Math.round(readNumber(kilojoules[1]) / 4.184));
  }
  const match = /\d[\d.,]*/.exec(text);
  if (!match) return null;
  let amount = readNumber(match[0]);
  if (!Number.isFinite(amount)) return null;
  if (MILLIGRAM_FIELDS.has(field) && /^\s*(?:g|grams?|gramm)\b/i.test(text.slice(match.index + match[0].length))) {
    amount *= 1000;
  }
  return formatNumber(amount);
}

/** "1,234" (thousands) → 1234, "12,5" (decimal comma) → 12.5, "10.1.2" → 10.1. */
function readNumber(text: string): number {
  const trimmed = text.replace(/[.,]+$/, '');
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed.replace(/,/g, ''));
  const decimal = /^\d+(?:[.,]\d+)?/.exec(trimmed);
  return decimal ? Number(decimal[0].replace(',', '.')) : Number.NaN;
}

function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
