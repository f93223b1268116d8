import { readStorage, writeStorage } from '../storage';

export type ImagePosition = 'left' | 'right' | 'hidden';

/** Spec §3: print preferences (image position left, description and notes shown) plus the nutrition toggle. */
export interface PrintPreferences {
  imagePosition: ImagePosition;
  showDescription: boolean;
  showNotes: boolean;
  showNutrition: boolean;
}

export const DEFAULT_PRINT_PREFERENCES: PrintPreferences = {
  imagePosition: 'left',
  showDescription: true,
  showNotes: true,
  showNutrition: true,
};

export const PRINT_PREFERENCES_KEY = 'hearth.recipe.printPreferences';

/** Stored preferences, with defaults for anything missing or malformed. */
export function parsePrintPreferences(raw: string | null): PrintPreferences {
  if (!raw) return { ...DEFAULT_PRINT_PREFERENCES };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_PRINT_PREFERENCES };
  }
  if (typeof value !== 'object' || value === null) return { ...DEFAULT_PRINT_PREFERENCES };
  const v = value as Record<string, unknown>;
  const flag = (key: keyof PrintPreferences) =>
    typeof v[key] === 'boolean' ? (v[key] as boolean) : (DEFAULT_PRINT_PREFERENCES[key] as boolean);
  const position = v.imagePosition;
  return {
    imagePosition: position === 'left' || position === 'right' || position === 'hidden' ? position : DEFAULT_PRINT_PREFERENCES.imagePosition,
    showDescription: flag('showDescription'),
    showNotes: flag('showNotes'),
    showNutrition: flag('showNutrition'),
  };
}

export function loadPrintPreferences(): PrintPreferences {
  return parsePrintPreferences(readStorage(PRINT_PREFERENCES_KEY));
}

export function savePrintPreferences(preferences: PrintPreferences): void {
  writeStorage(PRINT_PREFERENCES_KEY, JSON.stringify(preferences));
}
