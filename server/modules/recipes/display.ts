/** The `display` text of an ingredient, computed on read (Mealie does not store it either). */

interface DisplayUnit {
  name: string;
  pluralName: string | null;
  abbreviation: string;
  pluralAbbreviation: string | null;
  useAbbreviation: boolean;
  fraction: boolean;
}

interface DisplayFood {
  name: string;
  pluralName: string | null;
}

export interface DisplayIngredient {
  quantity: number | null;
  unit: DisplayUnit | null;
  food: DisplayFood | null;
  note: string;
}

const MAX_DENOMINATOR = 10;

function roundTo3(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** 1.5 → "1 1/2", 0.333 → "1/3"; values with no close small fraction stay decimals. */
export function formatQuantity(quantity: number, asFraction: boolean): string {
  if (!asFraction || quantity < 0) return roundTo3(quantity);
  const whole = Math.floor(quantity + 1e-9);
  const rest = quantity - whole;
  if (rest < 0.005) return String(whole);
  for (let denominator = 2; denominator <= MAX_DENOMINATOR; denominator += 1) {
    const numerator = Math.round(rest * denominator);
    if (numerator > 0 && numerator < denominator && Math.abs(rest - numerator / denominator) < 0.005) {
      const fraction = `${numerator}/${denominator}`;
      return whole > 0 ? `${whole} ${fraction}` : fraction;
    }
  }
  return roundTo3(quantity);
}

/**
 * "2 cups flour, sifted". With the recipe's disableAmount on, ingredients are plain text: the note alone.
 * A quantity is shown only beside a unit or a food, and plural forms apply above 1 or at exactly 0.
 */
export function ingredientDisplay(ingredient: DisplayIngredient, disableAmount: boolean): string {
  const note = ingredient.note.trim();
  if (disableAmount) return note;
  const { quantity, unit, food } = ingredient;
  const plural = quantity !== null && (quantity > 1 || quantity === 0);
  const parts: string[] = [];
  if (quantity && (unit || food)) parts.push(formatQuantity(quantity, unit ? unit.fraction : true));
  if (unit) {
    const abbreviated = unit.useAbbreviation && unit.abbreviation;
    const text = abbreviated
      ? (plural && unit.pluralAbbreviation) || unit.abbreviation
      : (plural && unit.pluralName) || unit.name;
    parts.push(text);
  }
  if (food) parts.push((plural && food.pluralName) || food.name);
  if (note) parts.push(note);
  return parts.join(' ').trim();
}
