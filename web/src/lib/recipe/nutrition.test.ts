import { describe, expect, it } from 'vitest';
import { isoDurationMinutes, formatRecipeTime } from './durations';
import { nutritionRows, nutritionTotal, nutritionUnit } from './nutrition';

describe('nutrition', () => {
  it('uses kcal for calories, mg for cholesterol and sodium, g for the rest', () => {
    expect(nutritionUnit('calories')).toBe('kcal');
    expect(nutritionUnit('cholesterolContent')).toBe('mg');
    expect(nutritionUnit('sodiumContent')).toBe('mg');
    expect(nutritionUnit('fatContent')).toBe('g');
    expect(nutritionUnit('sugarContent')).toBe('g');
  });
  it('lists only filled-in values, in order', () => {
    expect(nutritionRows({ sodiumContent: '120', calories: '300 ', fatContent: '', proteinContent: null })).toEqual([
      { field: 'calories', value: '300', unit: 'kcal' },
      { field: 'sodiumContent', value: '120', unit: 'mg' },
    ]);
    expect(nutritionRows(null)).toEqual([]);
  });
  it('multiplies a per-serving value by the servings being made', () => {
    expect(nutritionTotal('250', 4)).toBe('1000');
    expect(nutritionTotal('2,5', 3)).toBe('7.5');
    expect(nutritionTotal('12.4', 1.5)).toBe('19');
    expect(nutritionTotal('about 200', 4)).toBeNull();
    expect(nutritionTotal('250', null)).toBeNull();
  });
});

describe('recipe times', () => {
  it('reads ISO 8601 durations', () => {
    expect(isoDurationMinutes('PT1H30M')).toBe(90);
    expect(isoDurationMinutes('PT45M')).toBe(45);
    expect(isoDurationMinutes('P1DT2H')).toBe(1560);
    expect(isoDurationMinutes('PT')).toBeNull();
    expect(isoDurationMinutes('30 minutes')).toBeNull();
  });
  it('shows ISO durations in words and other text as written', () => {
    expect(formatRecipeTime('PT1H30M', 'en-US')).toBe('1 hr 30 min');
    expect(formatRecipeTime('PT20M', 'en-US')).toBe('20 min');
    expect(formatRecipeTime('about an hour', 'en-US')).toBe('about an hour');
    expect(formatRecipeTime(null, 'en-US')).toBe('');
  });
});
