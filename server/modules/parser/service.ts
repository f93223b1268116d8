import type { FoodOut, UnitOut } from '../../../contract/foods.js';
import type { ParsedIngredientOut, RegisteredParser } from '../../../contract/parser.js';
import type { AuthUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import {
  createCatalogueMatcher,
  parseIngredientBrute,
  parseIngredientNlp,
  toMealieParsedIngredient,
  type FoodAndUnitMatch,
  type ParsedLine,
  type UnmatchedName,
} from '../../parser/index.js';
import { loadMatchedItems, loadMatchingCatalogue } from './catalogue.js';
import { parseWithOpenAi } from './openai-parser.js';

type Scope = Pick<AuthUser, 'groupId' | 'householdId'>;

async function parseLines(deps: Deps, parser: RegisteredParser, lines: string[]): Promise<ParsedLine[]> {
  if (parser === 'openai') return parseWithOpenAi(deps.config, lines);
  const parse = parser === 'brute' ? parseIngredientBrute : parseIngredientNlp;
  return lines.map((line) => parse(line));
}

const idOf = (item: { id: string } | UnmatchedName | null): string | null => (item && 'id' in item ? item.id : null);

/**
 * Parses ingredient lines and matches their foods and units against the caller's group catalogue:
 * matched ones come back as full IngredientFood / IngredientUnit outputs, the others as names without id.
 * A fixed number of queries (the catalogue, then the matched items), whatever the number of lines.
 */
export async function parseIngredients(deps: Deps, scope: Scope, parser: RegisteredParser, lines: string[]): Promise<ParsedIngredientOut[]> {
  const parsed = await parseLines(deps, parser, lines);
  if (parsed.length === 0) return [];
  const matcher = createCatalogueMatcher(await loadMatchingCatalogue(deps, scope.groupId));
  // the nlp parser's confidence is its tagger's own: an unsure food is suggested, not linked
  const matches = parsed.map((line) => matcher.match(parser === 'nlp' ? { ...line, linkConfidence: line.confidence.food } : line));
  const { foods, units } = await loadMatchedItems(
    deps,
    scope,
    matches.flatMap((m) => idOf(m.food) ?? []),
    matches.flatMap((m) => idOf(m.unit) ?? []),
  );

  return parsed.map((line, index) => {
    const match = matches[index];
    const foodId = idOf(match.food);
    const unitId = idOf(match.unit);
    const full: FoodAndUnitMatch<FoodOut, UnitOut> = {
      ...match,
      food: foodId ? (foods.get(foodId) ?? { name: match.food?.name ?? '' }) : match.food,
      unit: unitId ? (units.get(unitId) ?? { name: match.unit?.name ?? '' }) : match.unit,
    };
    const mealie = toMealieParsedIngredient(match.reading ? { ...line, ...match.reading } : line, full);
    const { ingredient } = mealie;
    const unknownConfidence = parser === 'openai';
    return {
      input: mealie.input,
      confidence: unknownConfidence
        ? { average: null, comment: null, name: null, unit: null, quantity: null, food: null }
        : mealie.confidence,
      ingredient: {
        quantity: ingredient.quantity,
        unit: ingredient.unit && !('id' in ingredient.unit) ? { ...ingredient.unit, onHand: false } : ingredient.unit,
        food: ingredient.food && !('id' in ingredient.food) ? { ...ingredient.food, onHand: false } : ingredient.food,
        note: ingredient.note,
        isFood: ingredient.food !== null,
        disableAmount: false,
        display: ingredient.display,
        title: null,
        originalText: ingredient.originalText,
        referenceId: ingredient.referenceId,
      },
      suggestions: match.suggestions,
    };
  });
}
