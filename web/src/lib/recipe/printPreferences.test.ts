import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_PREFERENCES, parsePrintPreferences } from './printPreferences';

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
});
