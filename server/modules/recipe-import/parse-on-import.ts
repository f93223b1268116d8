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

function ref(item: { id?: string | null; name?: string | null; pluralName?: string | null } | null | undefined): { id?: string; name: string; pluralName?: string } | null {
  if (!item?.name?.trim()) return null;
  if (item.id) return { id: item.id, name: item.name };
  // A new unit or food read in the plural is named in the singular and keeps the plural it was read as.
  return item.pluralName?.trim() ? { name: item.name.trim(), pluralName: item.pluralName.trim() } : { name: item.name.trim() };
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

/** True when a line is plain text the parser should read (no food, no amount, some text). */
export const lineNeedsParsing = needsParsing;

type WithIngredients = { recipeIngredient?: IngredientInput[] | null; settings?: RecipeCreate['settings'] };

/**
 * Recipes with their ingredient lines parsed (quantity, unit, food matched against the group's
 * catalogue; unknown foods and units are created when the recipe is saved), so they scale at once and
 * fill the finder's foods. Lines that already carry structure are left alone. One parser call (two
 * queries) for every line of every recipe. Imports and the bulk "parse ingredients" action share it.
 */
export async function withParsedIngredientsMany<R extends WithIngredients>(deps: Deps, scope: Scope, recipes: readonly R[]): Promise<R[]> {
  const wanted = recipes.flatMap((recipe, r) => (recipe.recipeIngredient ?? []).flatMap((line, i) => (needsParsing(line) ? [{ r, i, text: line.note ?? '' }] : [])));
  if (wanted.length === 0) return [...recipes];
  const parsed = await parseIngredients(deps, scope, 'nlp', wanted.map((w) => w.text));
  const lines = recipes.map((recipe) => [...(recipe.recipeIngredient ?? [])]);
  wanted.forEach((w, k) => {
    lines[w.r][w.i] = structured(lines[w.r][w.i], parsed[k]);
  });
  return recipes.map((recipe, r) => {
    if (!wanted.some((w) => w.r === r)) return recipe;
    const scales = lines[r].some((line) => typeof line.quantity === 'number' && line.quantity > 0);
    return { ...recipe, recipeIngredient: lines[r], settings: scales ? { ...recipe.settings, disableAmount: false } : recipe.settings };
  });
}

/** An imported recipe with its ingredient lines parsed (see withParsedIngredientsMany). */
export async function withParsedIngredients(deps: Deps, scope: Scope, recipe: RecipeCreate): Promise<RecipeCreate> {
  const [parsed] = await withParsedIngredientsMany(deps, scope, [recipe]);
  return parsed;
}
