import { describe, expect, it } from 'vitest';
import { formatQuantity, fractionGlyph, parseQuantityInput, round3, toFraction, toKitchenFraction } from './fractions';

describe('round3', () => {
  it('rounds to 3 decimals', () => {
    expect(round3(0.33333)).toBe(0.333);
    expect(round3(2 / 3)).toBe(0.667);
    expect(round3(1.0005)).toBe(1.001);
    expect(round3(-0.0001)).toBe(0);
  });
});

describe('toFraction', () => {
  it('finds fractions with denominators up to 10', () => {
    expect(toFraction(0.333)).toEqual({ whole: 0, numerator: 1, denominator: 3 });
    expect(toFraction(1.5)).toEqual({ whole: 1, numerator: 1, denominator: 2 });
    expect(toFraction(2.75)).toEqual({ whole: 2, numerator: 3, denominator: 4 });
    expect(toFraction(0.7)).toEqual({ whole: 0, numerator: 7, denominator: 10 });
    expect(toFraction(0.2857)).toEqual({ whole: 0, numerator: 2, denominator: 7 });
  });
  it('answers whole numbers, including values just under one', () => {
    expect(toFraction(3)).toEqual({ whole: 3, numerator: 0, denominator: 1 });
    expect(toFraction(0.999)).toEqual({ whole: 1, numerator: 0, denominator: 1 });
  });
  it('gives up when nothing with a small denominator is close', () => {
    expect(toFraction(0.15)).toBeNull();
    expect(toFraction(1 / 11)).toBeNull();
    expect(toFraction(-1)).toBeNull();
  });
});

describe('formatQuantity', () => {
  it('uses fraction glyphs', () => {
    expect(formatQuantity(0.333)).toBe('⅓');
    expect(formatQuantity(1.5)).toBe('1 ½');
    expect(formatQuantity(0.666)).toBe('⅔');
    expect(formatQuantity(3 * 0.125)).toBe('⅜');
    expect(formatQuantity(2)).toBe('2');
  });
  it('writes fractions without a glyph with super- and subscripts', () => {
    expect(fractionGlyph(2, 7)).toBe('²⁄₇');
    expect(formatQuantity(3 / 7)).toBe('³⁄₇');
  });
  it('keeps decimals when the unit does not use fractions or nothing fits', () => {
    expect(formatQuantity(0.3333333, false)).toBe('0.333');
    expect(formatQuantity(0.15)).toBe('0.15');
    expect(formatQuantity(0.07)).toBe('0.07');
  });
});

describe('parseQuantityInput', () => {
  it('reads decimals, fractions, mixed numbers and glyphs', () => {
    expect(parseQuantityInput('1.5')).toBe(1.5);
    expect(parseQuantityInput('1,5')).toBe(1.5);
    expect(parseQuantityInput('1/2')).toBe(0.5);
    expect(parseQuantityInput('1 1/2')).toBe(1.5);
    expect(parseQuantityInput('½')).toBe(0.5);
    expect(parseQuantityInput('2 ¾')).toBe(2.75);
    expect(parseQuantityInput('1½')).toBe(1.5);
  });
  it('answers null for empty and NaN for nonsense', () => {
    expect(parseQuantityInput('  ')).toBeNull();
    expect(Number.isNaN(parseQuantityInput('a lot'))).toBe(true);
    expect(Number.isNaN(parseQuantityInput('1/0'))).toBe(true);
    expect(Number.isNaN(parseQuantityInput('½ cup'))).toBe(true);
  });
});

describe('kitchen fractions', () => {
  it('rounds a scaled amount within 5 % to halves, thirds, quarters or eighths', () => {
    // "+" on a 20-serving recipe: 1 onion × 21/20 reads as 1, not 1.05; 1½ tsp × 21/20 is not "1 4/7".
    expect(formatQuantity(1.05)).toBe('1');
    expect(formatQuantity(1.5 * 1.05)).toBe('1 ⅝');
    expect(formatQuantity(0.34)).toBe('⅓');
    expect(formatQuantity(2.6)).toBe('2 ⅝');
    expect(formatQuantity(247.5)).toBe('247 ½');
    expect(toKitchenFraction(0.15)).toBeNull();
    expect(toKitchenFraction(1.23456)).toEqual({ whole: 1, numerator: 1, denominator: 4 });
  });
});
