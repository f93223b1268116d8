import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_PREFERENCES, parsePrintPreferences, printPreferencesFor, printPreferencesToStore } from './printPreferences';

describe('print preferences', () => {
  it('default to the image on the left with description, notes and nutrition shown', () => {
    expect(parsePrintPreferences(null)).toEqual({ imagePosition: 'left', showDescription: true, showNotes: true, showNutrition: true });
  });
  it('keep what was stored and repair the rest', () => {
    expect(parsePrintPreferences('{"imagePosition":"hidden","showNotes":false}')).toEqual({
      ...DEFAULT_PRINT_PREFERENCES,
      imagePosition: 'hidden',
      showNotes: false,
    });
    expect(parsePrintPreferences('{"imagePosition":"top","showDescription":"no"}')).toEqual(DEFAULT_PRINT_PREFERENCES);
    expect(parsePrintPreferences('not json')).toEqual(DEFAULT_PRINT_PREFERENCES);
    expect(parsePrintPreferences('[]')).toEqual(DEFAULT_PRINT_PREFERENCES);
  });
  it("follow the recipe's own settings: nutrition off when the recipe hides it", () => {
    const hides = { settings: { showNutrition: false } };
    const shows = { settings: { showNutrition: true } };
    expect(printPreferencesFor(DEFAULT_PRINT_PREFERENCES, hides).showNutrition).toBe(false);
    expect(printPreferencesFor(DEFAULT_PRINT_PREFERENCES, shows).showNutrition).toBe(true);
    expect(printPreferencesFor({ ...DEFAULT_PRINT_PREFERENCES, showNutrition: false }, shows).showNutrition).toBe(false);
    expect(printPreferencesFor(DEFAULT_PRINT_PREFERENCES, null)).toEqual(DEFAULT_PRINT_PREFERENCES);
  });
  it('saving with nutrition off for a recipe that hides it keeps the general choice', () => {
    const hides = { settings: { showNutrition: false } };
    const chosen = { ...DEFAULT_PRINT_PREFERENCES, showNutrition: false, showNotes: false };
    expect(printPreferencesToStore(chosen, DEFAULT_PRINT_PREFERENCES, hides)).toEqual({ ...DEFAULT_PRINT_PREFERENCES, showNotes: false });
    expect(printPreferencesToStore(chosen, DEFAULT_PRINT_PREFERENCES, { settings: { showNutrition: true } })).toEqual(chosen);
  });
});
