/**
 * Ingredient line parsing: the "nlp" parser (parseIngredientLine), the "brute" parser
 * (parseIngredientBrute), catalogue matching and Mealie's response shape.
 */

export { parseIngredientLine, type ParsedLine, type ParseConfidence } from './parse.js';
export { parseIngredientBrute } from './brute.js';
export { parseIngredientNlp } from './nlp.js';
export {
  createCatalogueMatcher,
  matchFoodAndUnit,
  normalizeName,
  similarity,
  FOOD_SUGGESTION_CUTOFF,
  LINK_CONFIDENCE,
  UNIT_SUGGESTION_CUTOFF,
  type Catalogue,
  type CatalogueFood,
  type CatalogueMatcher,
  type CatalogueUnit,
  type FoodAndUnitMatch,
  type MatchKind,
  type Suggestion,
  type UnmatchedName,
} from './match.js';
export { toMealieParsedIngredient, formatQuantity, type MealieParsedIngredient, type MealieNewFood, type MealieNewUnit } from './mealie.js';
export { canonicalUnit } from './units.js';
