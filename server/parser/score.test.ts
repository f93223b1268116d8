import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acceptableUnits, DEFAULT_PARSER_DEV_DIR, firstLabelledQuantity, parseCsv, scoreParserDev } from './score.js';

describe('scoring helpers', () => {
  it('reads labelled quantities', () => {
    expect(firstLabelledQuantity('1#1$2 6 170')).toBeCloseTo(1.5, 5);
    expect(firstLabelledQuantity('#3$4')).toBeCloseTo(0.75, 5);
    expect(firstLabelledQuantity('2-4')).toBe(2);
    expect(firstLabelledQuantity('few')).toBeNull();
    expect(firstLabelledQuantity('')).toBeNull();
  });

  it('accepts the package unit of a packaged amount', () => {
    expect([...acceptableUnits('ounce can')].sort()).toEqual(['can', 'ounce']);
    expect([...acceptableUnits('lg clove')]).toEqual(['clove']);
    expect([...acceptableUnits('fl oz')]).toEqual(['fluid ounce']);
  });

  it('reads quoted CSV fields', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
  });
});

const hasParserDev = existsSync(DEFAULT_PARSER_DEV_DIR);

describe('parser-dev benchmark', () => {
  it.skipIf(!hasParserDev)(
    hasParserDev ? 'meets the accuracy targets' : `meets the accuracy targets (skipped: no parser-dev data at ${DEFAULT_PARSER_DEV_DIR})`,
    () => {
      const { all, heldOut } = scoreParserDev();
      expect(all.lines).toBeGreaterThan(1000);
      for (const report of [all, heldOut]) {
        expect(report.accuracy.quantity).toBeGreaterThanOrEqual(0.95);
        expect(report.accuracy.unit).toBeGreaterThanOrEqual(0.9);
        expect(report.accuracy.food).toBeGreaterThanOrEqual(0.8);
      }
    },
    60_000,
  );
});
