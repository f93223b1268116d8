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

/** The parts of a recipe's own settings that print preferences follow. */
export interface PrintableRecipe {
  settings: { showNutrition: boolean };
}

/**
 * The preferences for printing one recipe: the stored ones, but a recipe that hides its nutrition prints
 * without it unless asked for in the dialog (the recipe's own settings are the default).
 */
export function printPreferencesFor(stored: PrintPreferences, recipe: PrintableRecipe | null | undefined): PrintPreferences {
  if (!recipe || recipe.settings.showNutrition) return stored;
  return { ...stored, showNutrition: false };
}

/**
 * What to store after the dialog saved `chosen` for a recipe: leaving nutrition off for a recipe that
 * hides it keeps the general choice as it was (other recipes still print theirs).
 */
export function printPreferencesToStore(chosen: PrintPreferences, stored: PrintPreferences, recipe: PrintableRecipe | null | undefined): PrintPreferences {
  if (!recipe || recipe.settings.showNutrition || chosen.showNutrition) return chosen;
  return { ...chosen, showNutrition: stored.showNutrition };
}

/** The stored preferences, for a recipe when given (see printPreferencesFor). */
export function loadPrintPreferences(recipe?: PrintableRecipe | null): PrintPreferences {
  return printPreferencesFor(parsePrintPreferences(readStorage(PRINT_PREFERENCES_KEY)), recipe);
}

/** Stores the preferences saved in the dialog, for a recipe when given (see printPreferencesToStore). */
export function savePrintPreferences(preferences: PrintPreferences, recipe?: PrintableRecipe | null): void {
  const stored = parsePrintPreferences(readStorage(PRINT_PREFERENCES_KEY));
  writeStorage(PRINT_PREFERENCES_KEY, JSON.stringify(printPreferencesToStore(preferences, stored, recipe)));
}
