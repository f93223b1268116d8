import type { ParsedIngredientOut } from '../../../../../contract/parser';
import { parseQuantityInput, round3 } from '../../../lib/recipe/fractions';
import type { FoodValue, IngredientValue, UnitValue } from '../../../lib/recipe/recipeForm';

/** The parse-ingredients review: one row per ingredient line sent to POST /api/parser/ingredients. */

export type Confidence = ParsedIngredientOut['confidence'];
export type Suggestions = NonNullable<ParsedIngredientOut['suggestions']>;

export interface ReviewRow {
  /** The ingredient's place in the form. */
  index: number;
  /** The text that was parsed. */
  line: string;
  quantity: string;
  unit: UnitValue | null;
  food: FoodValue | null;
  note: string;
  confidence: Confidence;
  /** Near catalogue foods / units the parser did not link ("did you mean…"); the user picks, never the parser. */
  suggestions: Suggestions;
}

export interface LineToParse {
  index: number;
  line: string;
}

/** What a form ingredient says as one line: the original text, else its note (amounts off), else its parts. */
export function ingredientLine(ingredient: IngredientValue, disableAmount: boolean): string {
  const original = ingredient.originalText?.trim();
  if (original) return original;
  if (disableAmount) return ingredient.note.trim();
  return [ingredient.quantity.trim(), ingredient.unit?.name, ingredient.food?.name, ingredient.note.trim()]
    .filter((part) => Boolean(part))
    .join(' ');
}

/** The lines worth parsing, with their places; section titles without text stay as they are. */
export function linesToParse(ingredients: readonly IngredientValue[], disableAmount: boolean): LineToParse[] {
  return ingredients.flatMap((ingredient, index) => {
    const line = ingredientLine(ingredient, disableAmount);
    return line ? [{ index, line }] : [];
  });
}

/** A parsed quantity as the form's text: 0 and none are empty, the rest rounded to 3 decimals. */
export function quantityText(quantity: number | null): string {
  if (quantity === null || !Number.isFinite(quantity) || quantity === 0) return '';
  return String(round3(quantity));
}

type ParsedUnit = NonNullable<ParsedIngredientOut['ingredient']['unit']>;
type ParsedFood = NonNullable<ParsedIngredientOut['ingredient']['food']>;

/** A catalogue unit (with id) or a name the group does not have yet (without). */
export function unitValue(unit: ParsedUnit | null): UnitValue | null {
  if (!unit || !unit.name.trim()) return null;
  return {
    ...('id' in unit ? { id: unit.id } : {}),
    name: unit.name,
    pluralName: unit.pluralName ?? null,
    abbreviation: unit.abbreviation || null,
    pluralAbbreviation: unit.pluralAbbreviation || null,
    useAbbreviation: unit.useAbbreviation,
    fraction: unit.fraction,
  };
}

export function foodValue(food: ParsedFood | null): FoodValue | null {
  if (!food || !food.name.trim()) return null;
  return { ...('id' in food ? { id: food.id } : {}), name: food.name, pluralName: food.pluralName ?? null };
}

/** The review rows for the lines sent and the parser's answer (same order). */
export function toReviewRows(lines: readonly LineToParse[], parsed: readonly ParsedIngredientOut[]): ReviewRow[] {
  return lines.flatMap(({ index, line }, i) => {
    const result = parsed[i];
    if (!result) return [];
    const { ingredient } = result;
    return [
      {
        index,
        line,
        quantity: quantityText(ingredient.quantity),
        unit: unitValue(ingredient.unit),
        food: foodValue(ingredient.food),
        note: ingredient.note,
        confidence: result.confidence,
        suggestions: result.suggestions ?? { food: [], unit: [] },
      },
    ];
  });
}

/**
 * The form's ingredients with the reviewed values: section titles and reference ids stay (steps link to
 * them), the parsed line becomes the original text. Ingredients that were not parsed are unchanged.
 */
export function applyReview(ingredients: readonly IngredientValue[], rows: readonly ReviewRow[]): IngredientValue[] {
  const byIndex = new Map(rows.map((row) => [row.index, row]));
  return ingredients.map((ingredient, index) => {
    const row = byIndex.get(index);
    if (!row) return ingredient;
    return {
      referenceId: ingredient.referenceId,
      title: ingredient.title,
      quantity: row.quantity,
      unit: row.unit,
      food: row.food,
      note: row.note,
      originalText: row.line,
    };
  });
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** After "create unit": every row naming that (new) unit gets the created one. */
export function withCreatedUnit(rows: readonly ReviewRow[], name: string, unit: UnitValue): ReviewRow[] {
  return rows.map((row) => (row.unit && !row.unit.id && sameName(row.unit.name, name) ? { ...row, unit } : row));
}

export function withCreatedFood(rows: readonly ReviewRow[], name: string, food: FoodValue): ReviewRow[] {
  return rows.map((row) => (row.food && !row.food.id && sameName(row.food.name, name) ? { ...row, food } : row));
}

export type ConfidenceLevel = 'high' | 'medium' | 'low' | 'unknown';

/** The parsers give 0 to 1; the OpenAI parser gives none. */
export function confidenceLevel(value: number | null | undefined): ConfidenceLevel {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'unknown';
  if (value >= 0.8) return 'high';
  if (value >= 0.5) return 'medium';
  return 'low';
}

export function confidencePercent(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return `${Math.round(Math.min(1, Math.max(0, value)) * 100)}%`;
}

/** A quantity the form would refuse (the editor's own rule). */
export function quantityInvalid(row: Pick<ReviewRow, 'quantity'>): boolean {
  return Number.isNaN(parseQuantityInput(row.quantity));
}

/** A row whose parsed food is not a catalogue food yet: shown highlighted until linked or created. */
export function foodNotLinked(row: Pick<ReviewRow, 'food'>): boolean {
  return row.food !== null && !row.food.id;
}

/** The row with a suggested catalogue food linked; the suggestions are spent once one is chosen. */
export function withSuggestedFood(row: ReviewRow, suggestion: Suggestions['food'][number]): ReviewRow {
  return { ...row, food: { id: suggestion.id, name: suggestion.name, pluralName: null }, suggestions: { ...row.suggestions, food: [] } };
}
