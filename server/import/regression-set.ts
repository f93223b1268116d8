import fs from 'node:fs';
import path from 'node:path';
import { SHARED_DATA_DIR } from '../paths.js';

/**
 * The import regression set in ../shared/data/import-dev and what a correct import yields (its README),
 * written once for the extractor's tests and the import API's tests.
 */
export const IMPORT_DEV = path.join(SHARED_DATA_DIR, 'import-dev');
export const HAS_IMPORT_DEV = fs.existsSync(path.join(IMPORT_DEV, 'html')) && fs.existsSync(path.join(IMPORT_DEV, 'json'));
export const MISSING_IMPORT_DEV = HAS_IMPORT_DEV ? '' : ` (SKIPPED: test data folder ${IMPORT_DEV} is missing)`;

export const PAGES: Array<{ file: string; markup: string; ingredients: number; steps: number }> = [
  { file: 'taiwanese-three-cup-chicken-san-bei-gi-recipe.html', markup: 'JSON-LD', ingredients: 10, steps: 3 },
  { file: 'schinken-kase-waffeln-ohne-viel-schnickschnack.html', markup: 'microdata', ingredients: 7, steps: 1 },
  { file: 'sous-vide-smoked-beef-ribs.html', markup: 'microdata', ingredients: 7, steps: 12 },
  { file: 'jam-roly-poly-with-custard.html', markup: 'microdata', ingredients: 11, steps: 9 },
  { file: 'sous-vide-shrimp.html', markup: 'JSON-LD without instructions', ingredients: 5, steps: 1 },
  { file: 'detroit-style-pepperoni-pizza.html', markup: 'JSON-LD', ingredients: 8, steps: 5 },
  { file: 'healthy-pasta-bake-60759.html', markup: 'JSON-LD', ingredients: 13, steps: 4 },
  { file: 'nutty-umami-noodles-with-scallion-brown-butter-and-snow-peas-recipe.html', markup: 'JSON-LD', ingredients: 10, steps: 6 },
];

/** The schema.org JSON files with their number of instructions once cleaned. */
export const JSON_FILES: Array<[string, number]> = [
  ['best-homemade-salsa-recipe.json', 2],
  ['blue-cheese-stuffed-turkey-meatballs-with-raspberry-balsamic-glaze-2.json', 3],
  ['bon-appetit.json', 8],
  ['chunky-apple-cake.json', 4],
  ['dairy-free-impossible-pumpkin-pie.json', 7],
  ['how-to-make-instant-pot-spaghetti.json', 8],
  ['instant-pot-chicken-and-potatoes.json', 4],
  ['instant-pot-kerala-vegetable-stew.json', 13],
  ['jalapeno-popper-dip.json', 4],
  ['microwave-sweet-potatoes-04783.json', 4],
  ['moroccan-skirt-steak-with-roasted-pepper-couscous.json', 4],
  ['pizza-knoblauch-champignon-paprika-vegan-html.json', 3],
];

export function readPage(file: string): string {
  return fs.readFileSync(path.join(IMPORT_DEV, 'html', file), 'utf8');
}

export function readJsonText(file: string): string {
  return fs.readFileSync(path.join(IMPORT_DEV, 'json', file), 'utf8');
}
