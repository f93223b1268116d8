import { describe, expect, it } from 'vitest';
import { canSuggest, DEFAULT_FINDER_PREFS, parseFinderPrefs, suggestionsQuery } from './finderPrefs';

describe('parseFinderPrefs', () => {
  it('defaults to 20 missing foods and tools, on-hand included', () => {
    expect(parseFinderPrefs(null)).toEqual(DEFAULT_FINDER_PREFS);
    expect(parseFinderPrefs('not json')).toEqual(DEFAULT_FINDER_PREFS);
    expect(parseFinderPrefs('[1,2]')).toEqual(DEFAULT_FINDER_PREFS);
  });

  it('keeps valid values and drops bad ones', () => {
    const prefs = parseFinderPrefs(
      JSON.stringify({ maxMissingFoods: 3, maxMissingTools: 99, includeFoodsOnHand: false, includeToolsOnHand: 'yes', foods: ['a', 'a', 7, ''], tools: 'x' }),
    );
    expect(prefs).toEqual({ ...DEFAULT_FINDER_PREFS, maxMissingFoods: 3, includeFoodsOnHand: false, foods: ['a'] });
  });
});

describe('suggestionsQuery', () => {
  it('sends the picks and the preferences', () => {
    expect(suggestionsQuery({ ...DEFAULT_FINDER_PREFS, foods: ['f'], tools: ['t'] })).toEqual({
      foods: ['f'],
      tools: ['t'],
      maxMissingFoods: 20,
      maxMissingTools: 20,
      includeFoodsOnHand: true,
      includeToolsOnHand: true,
    });
  });

  it('needs a pick, or included on-hand items', () => {
    const none = { foods: 0, tools: 0 };
    expect(canSuggest(DEFAULT_FINDER_PREFS, none)).toBe(false);
    expect(canSuggest({ ...DEFAULT_FINDER_PREFS, tools: ['t'] }, none)).toBe(true);
    expect(canSuggest(DEFAULT_FINDER_PREFS, { foods: 2, tools: 0 })).toBe(true);
    expect(canSuggest({ ...DEFAULT_FINDER_PREFS, includeFoodsOnHand: false }, { foods: 2, tools: 0 })).toBe(false);
  });
});
