import type { ParsedIngredientOut } from '../../../contract/parser.js';
import type { IngredientInput, RecipeCreate } from '../../../contract/recipes.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { parseIngredients } from '../parser/service.js';

/** Below this average confidence a line keeps its text as the note; only its leading amount is taken. */
export const IMPORT_PARSE_CONFIDENCE = 0.8;

/** A leading amount: 2, 1.5, 1,5, 1 1/2, 3/4, ½, 1½. */
const LEADING_AMOUNT = /^\s*((?:\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\s*[½⅓⅔¼¾⅛⅜⅝⅞])?|\d+\/\d+|[½⅓⅔¼¾⅛⅜⅝⅞]))\s+(?=\S)/u;

type Scope = Pick<AuthUser, 'groupId' | 'householdId'>;

const needsParsing = (line: IngredientInput): boolean =>
  !line.food && (line.quantity === null || line.quantity === undefined || line.quantity === 0) && !!line.note?.trim();

function ref(item: { id?: string | null; name?: string | null } | null | undefined): { id?: string; name: string } | null {
  if (!item?.name?.trim()) return null;
  return item.id ? { id: item.id, name: item.name } : { name: item.name.trim() };
}

function structured(line: IngredientInput, parsed: ParsedIngredientOut): IngredientInput {
  const { ingredient, confidence } = parsed;
  const text = line.note ?? '';
  if ((confidence.average ?? 0) >= IMPORT_PARSE_CONFIDENCE && ingredient.food?.name?.trim()) {
    return {
      ...line,
      quantity: ingredient.quantity ?? 0,
      unit: ref(ingredient.unit),
      food: ref(ingredient.food),
      note: ingredient.note ?? '',
      originalText: line.originalText || text,
    };
  }
  // Not sure what the food is: the text stays as written, but a leading amount still scales.
  const amount = LEADING_AMOUNT.exec(text);
  if (amount && ingredient.quantity && ingredient.quantity > 0) {
    return { ...line, quantity: ingredient.quantity, note: text.slice(amount[0].length), originalText: line.originalText || text };
  }
  return line;
}

/**
 * An imported recipe with its ingredient lines parsed (quantity, unit, food matched against the group's
 * catalogue; unknown foods and units are created when the recipe is saved), so it scales at once and
 * fills the finder's foods. Lines that already carry structure are left alone. Two queries, whatever
 * the number of lines.
 */
export async function withParsedIngredients(deps: Deps, scope: Scope, recipe: RecipeCreate): Promise<RecipeCreate> {
  const lines = recipe.recipeIngredient ?? [];
  const indexes = lines.flatMap((line, index) => (needsParsing(line) ? [index] : []));
  if (indexes.length === 0) return recipe;
  const parsed = await parseIngredients(deps, scope, 'nlp', indexes.map((index) => lines[index].note ?? ''));
  const next = [...lines];
  indexes.forEach((lineIndex, i) => {
    next[lineIndex] = structured(lines[lineIndex], parsed[i]);
  });
  const scales = next.some((line) => typeof line.quantity === 'number' && line.quantity > 0);
  return {
    ...recipe,
    recipeIngredient: next,
    settings: scales ? { ...recipe.settings, disableAmount: false } : recipe.settings,
  };
}
