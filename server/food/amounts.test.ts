import { describe, expect, it } from 'vitest';
import { convertAmount, densityOf, toGrams } from './amounts.js';
import { referenceFood, searchReferenceFoods } from './reference.js';
import { convertSameKind, knownUnit, knownUnitByName, UNITS } from './units.js';

const unit = (name: string, abbreviation = '') => ({ name, abbreviation });
const cup = unit('cup', 'c');
const tbsp = unit('tablespoon', 'tbsp');
const tsp = unit('teaspoon', 'tsp');

function food(id: string) {
  const ref = referenceFood(id);
  if (!ref) throw new Error(`no reference food ${id}`);
  return { measures: ref.measures, groupCode: ref.groupCode };
}

describe('reference table (USDA SR26)', () => {
  it('holds the rows the tests use, with USDA values per 100 g', () => {
    const butter = referenceFood('01001');
    expect(butter?.name).toBe('Butter, salted');
    expect(butter?.per100g).toMatchObject({ calories: 717, fatContent: 81.11, sodiumContent: 643, cholesterolContent: 215, transFatContent: null });
    expect(butter?.per100g.unsaturatedFatContent).toBeCloseTo(21.021 + 3.043, 3);
    expect(referenceFood('01145')?.per100g.sodiumContent).toBe(11);
    expect(searchReferenceFoods('wheat flour all-purpose')[0]?.name).toMatch(/^Wheat flour, white, all-purpose/);
  });
});

describe('units convert per food', () => {
  // Expected grams: USDA WEIGHT.txt rows where USDA has the measure; otherwise from its cup (US cup 236.588 ml).
  const cases: Array<[string, string, Record<'cup' | 'tbsp' | 'tsp', number>]> = [
    ['flour', '20081', { cup: 125, tbsp: 125 / 16, tsp: 125 / 48 }],
    ['sugar', '19335', { cup: 200, tbsp: 200 / 16, tsp: 4.2 }],
    ['butter', '01001', { cup: 227, tbsp: 14.2, tsp: 227 / 48 }],
    ['milk', '01077', { cup: 244, tbsp: 15, tsp: 244 / 48 }],
    ['rice', '20044', { cup: 185, tbsp: 185 / 16, tsp: 185 / 48 }],
    ['honey', '19296', { cup: 339, tbsp: 21, tsp: 339 / 48 }],
  ];
  for (const [name, id, grams] of cases) {
    it(`${name} (NDB ${id}) by cup, tbsp and tsp`, () => {
      expect(toGrams(1, cup, food(id))?.grams).toBeCloseTo(grams.cup, 2);
      expect(toGrams(1, tbsp, food(id))?.grams).toBeCloseTo(grams.tbsp, 2);
      expect(toGrams(1, tsp, food(id))?.grams).toBeCloseTo(grams.tsp, 2);
      expect(toGrams(2, cup, food(id))?.grams).toBeCloseTo(grams.cup * 2, 2);
    });
  }

  it('mass to mass and volume to volume always, named per system', () => {
    expect(convertSameKind(1, UNITS.lb, UNITS.g)).toBeCloseTo(453.592, 3);
    expect(convertSameKind(1, UNITS.cup, UNITS.ml)).toBeCloseTo(236.588, 3);
    expect(convertSameKind(1, UNITS['imp-pint'], UNITS.ml)).toBeCloseTo(568.261, 3);
    expect(convertSameKind(1, UNITS['metric-cup'], UNITS.ml)).toBe(250);
    expect(convertSameKind(1, UNITS.cup, UNITS.g)).toBeUndefined();
    expect(knownUnitByName('Esslöffel')?.key).toBe('tbsp');
    expect(knownUnitByName('cuillère à café')?.key).toBe('tsp');
    expect(knownUnitByName('tazas')?.key).toBe('cup');
    expect(knownUnit({ name: 'kilogram', abbreviation: 'kg' })?.key).toBe('kg');
    expect(UNITS.floz.label).toBe('US fl oz');
    expect(UNITS['imp-floz'].label).toBe('imperial fl oz');
  });

  it('volume to mass and back through the food', () => {
    const flour = food('20081');
    expect(densityOf(flour)).toBeCloseTo(125 / 236.5882365, 6);
    expect(convertAmount(200, unit('gram', 'g'), UNITS.cup, flour)).toBeCloseTo(1.6, 6);
    expect(convertAmount(1, cup, UNITS.g, flour)).toBeCloseTo(125, 6);
    expect(toGrams(1, cup, { density: 1.03 })?.grams).toBeCloseTo(243.686, 2);
  });

  it('pieces through the piece weight: a large egg, a stick of butter, a clove of garlic', () => {
    expect(toGrams(2, null, food('01123'))?.grams).toBe(100);
    expect(toGrams(1, unit('stick'), food('01001'))?.grams).toBe(113);
    expect(toGrams(3, unit('clove', ''), food('11215'))?.grams).toBe(9);
    expect(toGrams(1, null, { pieceGrams: 80 })?.grams).toBe(80);
    expect(toGrams(1, null, {})).toBeUndefined();
    expect(toGrams(1, unit('pinch'), food('02047'))).toBeUndefined();
  });
});
