import { describe, expect, it } from 'vitest';
import type { ParsedIngredientOut } from '../../../../../contract/parser';
import { emptyIngredient, type IngredientValue } from '../../../lib/recipe/recipeForm';
import {
  applyReview,
  confidenceLevel,
  confidencePercent,
  foodNotLinked,
  ingredientLine,
  linesToParse,
  quantityText,
  toReviewRows,
  withCreatedFood,
  withCreatedUnit,
  withSuggestedFood,
} from './parsedIngredients';
import { DEFAULT_PARSER, toParser } from './parserPreference';

const row = (over: Partial<IngredientValue>): IngredientValue => ({ ...emptyIngredient(), ...over });

const confidence = { average: 0.95, comment: 0, name: 0.92, unit: 0.95, quantity: 0.98, food: 0.92 };

function parsed(over: Partial<ParsedIngredientOut['ingredient']>): ParsedIngredientOut {
  return {
    input: 'x',
    confidence,
    ingredient: {
      quantity: null,
      unit: null,
      food: null,
      note: '',
      isFood: true,
      disableAmount: false,
      display: '',
      title: null,
      originalText: null,
      referenceId: 'r',
      ...over,
    },
  };
}

const newUnit = { name: 'cups', pluralName: null, description: '', extras: {}, onHand: false, fraction: true, abbreviation: '', pluralAbbreviation: '', useAbbreviation: false, aliases: [] };
const knownFood = {
  id: 'f1', name: 'flour', pluralName: null, description: '', extras: {}, onHand: false, labelId: null, label: null, aliases: [],
  householdsWithIngredientFood: [], createdAt: null, updatedAt: null,
};

describe('ingredient lines', () => {
  it('uses the original text, else the note when amounts are off, else the parts', () => {
    expect(ingredientLine(row({ originalText: ' 2 cups flour ', note: 'ignored' }), true)).toBe('2 cups flour');
    expect(ingredientLine(row({ note: '1 tsp salt' }), true)).toBe('1 tsp salt');
    expect(ingredientLine(row({ quantity: '2', unit: { name: 'cup' }, food: { name: 'flour' }, note: 'sifted' }), false)).toBe('2 cup flour sifted');
  });

  it('skips empty rows and section titles without text, keeping the places of the rest', () => {
    const rows = [row({ title: 'Dough' }), row({ note: '2 cups flour' }), row({ note: '  ' }), row({ note: '1 tsp salt' })];
    expect(linesToParse(rows, true)).toEqual([
      { index: 1, line: '2 cups flour' },
      { index: 3, line: '1 tsp salt' },
    ]);
  });
});

describe('review rows', () => {
  it('turns parser output into form values: new names without id, catalogue ones with', () => {
    const rows = toReviewRows([{ index: 2, line: '2 cups flour' }], [parsed({ quantity: 2, unit: newUnit, food: knownFood, note: 'sifted' })]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ index: 2, line: '2 cups flour', quantity: '2', note: 'sifted', confidence });
    expect(rows[0].unit).toMatchObject({ name: 'cups', fraction: true });
    expect(rows[0].unit && 'id' in rows[0].unit).toBe(false);
    expect(rows[0].food).toEqual({ id: 'f1', name: 'flour', pluralName: null });
  });

  it('formats quantities: none and 0 are empty, 3 decimals at most', () => {
    expect(quantityText(null)).toBe('');
    expect(quantityText(0)).toBe('');
    expect(quantityText(1.5)).toBe('1.5');
    expect(quantityText(1 / 3)).toBe('0.333');
  });

  it('applies reviewed values and keeps titles, reference ids and rows not parsed', () => {
    const form = [row({ title: 'Dough', note: '2 cups flour', referenceId: 'a' }), row({ note: 'keep me', referenceId: 'b' })];
    const rows = toReviewRows([{ index: 0, line: '2 cups flour' }], [parsed({ quantity: 2, unit: newUnit, food: knownFood })]);
    const next = applyReview(form, rows);
    expect(next[0]).toMatchObject({ referenceId: 'a', title: 'Dough', quantity: '2', note: '', originalText: '2 cups flour' });
    expect(next[0].unit?.name).toBe('cups');
    expect(next[1]).toBe(form[1]);
  });

  it('gives a created unit or food to every row that named it', () => {
    const rows = toReviewRows(
      [
        { index: 0, line: '2 cups flour' },
        { index: 1, line: '1 Cups sugar' },
      ],
      [parsed({ unit: newUnit }), parsed({ unit: { ...newUnit, name: 'Cups' } })],
    );
    const withUnit = withCreatedUnit(rows, 'cups', { id: 'u9', name: 'cups' });
    expect(withUnit.map((r) => r.unit?.id)).toEqual(['u9', 'u9']);
    const withFood = withCreatedFood(rows, 'flour', { id: 'f9', name: 'flour' });
    expect(withFood[0].food).toBeNull();
  });
});

describe('confidence', () => {
  it('grades and prints confidences; none (OpenAI) is unknown', () => {
    expect(confidenceLevel(0.95)).toBe('high');
    expect(confidenceLevel(0.6)).toBe('medium');
    expect(confidenceLevel(0.2)).toBe('low');
    expect(confidenceLevel(null)).toBe('unknown');
    expect(confidencePercent(0.924)).toBe('92%');
    expect(confidencePercent(null)).toBeNull();
  });
});

describe('parser preference', () => {
  it('defaults to nlp and accepts only registered parsers', () => {
    expect(DEFAULT_PARSER).toBe('nlp');
    expect(toParser(null)).toBe('nlp');
    expect(toParser('brute')).toBe('brute');
    expect(toParser('openai')).toBe('openai');
    expect(toParser('regex')).toBe('nlp');
  });
});

describe('unlinked foods and suggestions', () => {
  const newFood = { name: 'salted butter', pluralName: null, description: '', extras: {}, onHand: false, labelId: null, aliases: [], householdsWithIngredientFood: [] };

  it('carries the parser\'s suggestions into the rows, and none when the answer has none (a Mealie server)', () => {
    const answer = { ...parsed({ food: newFood }), suggestions: { food: [{ id: 'f9', name: 'unsalted butter', score: 0.93 }], unit: [] } };
    const [withSuggestions] = toReviewRows([{ index: 0, line: '1 cup salted butter' }], [answer]);
    expect(withSuggestions.suggestions.food).toEqual([{ id: 'f9', name: 'unsalted butter', score: 0.93 }]);
    const [plain] = toReviewRows([{ index: 0, line: '1 cup salted butter' }], [parsed({ food: newFood })]);
    expect(plain.suggestions).toEqual({ food: [], unit: [] });
  });

  it('a food without id is not linked; choosing a suggestion links it and spends the suggestions', () => {
    const answer = { ...parsed({ food: newFood }), suggestions: { food: [{ id: 'f9', name: 'unsalted butter', score: 0.93 }], unit: [] } };
    const [reviewRow] = toReviewRows([{ index: 0, line: '1 cup salted butter' }], [answer]);
    expect(foodNotLinked(reviewRow)).toBe(true);
    const linked = withSuggestedFood(reviewRow, reviewRow.suggestions.food[0]);
    expect(linked.food).toEqual({ id: 'f9', name: 'unsalted butter', pluralName: null });
    expect(foodNotLinked(linked)).toBe(false);
    expect(linked.suggestions.food).toEqual([]);
    expect(foodNotLinked({ food: { id: 'f1', name: 'flour' } })).toBe(false);
  });
});
