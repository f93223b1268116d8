/**
 * Which reference food a food is, from its name. Seed foods are linked by their seed key (the same key in
 * every locale's seed file, so "Weizenmehl", "farine" and "harina de trigo" are all the flour); a small
 * hand-written list adds names recipes use that the seeds do not ("all-purpose flour", "unsalted butter",
 * "Mehl"). A link is applied by itself only on an exact name (accents and case ignored) that names one
 * reference food in every language; anything else is a suggestion the user confirms.
 */
import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../paths.js';
import { normalizeText } from '../platform/slug.js';
import { referenceFood, searchReferenceFoods, type ReferenceFood } from './reference.js';

/** Seed food key (server/seed/data/foods/*.json) → USDA SR26 NDB number. */
export const SEED_LINKS: Readonly<Record<string, string>> = {
  'onion': '11282',
  'shallot': '11677',
  'garlic': '11215',
  'leek': '11246',
  'green-onion': '11291',
  'carrot': '11124',
  'potato': '11352',
  'sweet-potato': '11507',
  'tomato': '11529',
  'cherry-tomato': '11529',
  'bell-pepper': '11821',
  'chili-pepper': '11819',
  'cucumber': '11205',
  'zucchini': '11477',
  'eggplant': '11209',
  'pumpkin': '11422',
  'butternut-squash': '11485',
  'broccoli': '11090',
  'cauliflower': '11135',
  'cabbage': '11109',
  'red-cabbage': '11112',
  'brussels-sprout': '11098',
  'kale': '11233',
  'spinach': '11457',
  'lettuce': '11253',
  'arugula': '11959',
  'celery': '11143',
  'celeriac': '11141',
  'fennel': '11957',
  'asparagus': '11011',
  'green-bean': '11052',
  'pea': '11304',
  'corn': '11167',
  'mushroom': '11260',
  'beet': '11080',
  'radish': '11429',
  'parsnip': '11298',
  'turnip': '11564',
  'artichoke': '11007',
  'ginger': '11216',
  'bean-sprouts': '11043',
  'parsley': '11297',
  'cilantro': '11165',
  'basil': '02044',
  'mint': '02065',
  'dill': '02045',
  'chives': '11156',
  'rosemary': '02063',
  'thyme': '02049',
  'sage': '02038',
  'apple': '09003',
  'pear': '09252',
  'banana': '09040',
  'orange': '09200',
  'lemon': '09150',
  'lime': '09159',
  'grapefruit': '09112',
  'mandarin': '09218',
  'grape': '09132',
  'strawberry': '09316',
  'raspberry': '09302',
  'blueberry': '09050',
  'blackberry': '09042',
  'cranberry': '09078',
  'cherry': '09070',
  'peach': '09236',
  'apricot': '09021',
  'plum': '09279',
  'mango': '09176',
  'pineapple': '09266',
  'kiwi': '09148',
  'watermelon': '09326',
  'melon': '09181',
  'pomegranate': '09286',
  'fig': '09089',
  'date': '09087',
  'coconut': '12104',
  'avocado': '09037',
  'raisin': '09298',
  'salt': '02047',
  'black-pepper': '02030',
  'paprika': '02028',
  'cumin': '02014',
  'ground-coriander': '02013',
  'turmeric': '02043',
  'cinnamon': '02010',
  'nutmeg': '02025',
  'clove-spice': '02011',
  'cardamom': '02006',
  'ground-ginger': '02021',
  'chili-powder': '02009',
  'cayenne-pepper': '02031',
  'curry-powder': '02015',
  'saffron': '02037',
  'oregano': '02027',
  'bay-leaf': '02004',
  'marjoram': '02023',
  'garlic-powder': '02020',
  'milk': '01077',
  'buttermilk': '01230',
  'heavy-cream': '01053',
  'sour-cream': '01056',
  'butter': '01001',
  'yogurt': '01116',
  'egg': '01123',
  'cheddar': '01009',
  'parmesan': '01032',
  'mozzarella': '01026',
  'feta': '01019',
  'ricotta': '01036',
  'cream-cheese': '01017',
  'gouda': '01022',
  'goat-cheese': '01159',
  'cottage-cheese': '01012',
  'chicken-breast': '05062',
  'chicken-thigh': '05096',
  'ground-beef': '23572',
  'bacon': '10123',
  'salmon': '15076',
  'tuna': '15117',
  'cod': '15015',
  'trout': '15115',
  'mackerel': '15046',
  'anchovy': '15001',
  'shrimp': '15270',
  'mussel': '15164',
  'squid': '15175',
  'crab': '15136',
  'lobster': '15147',
  'rice': '20044',
  'brown-rice': '20036',
  'oats': '20038',
  'quinoa': '20035',
  'couscous': '20028',
  'bulgur': '20012',
  'barley': '20005',
  'flour': '20081',
  'whole-wheat-flour': '20080',
  'lentils': '16069',
  'pasta': '20120',
  'spaghetti': '20120',
  'penne': '20120',
  'macaroni': '20120',
  'egg-noodles': '20109',
  'rice-noodles': '20133',
  'bread': '18069',
  'baguette': '18029',
  'tortilla': '18364',
  'pita': '18041',
  'croissant': '18239',
  'breadcrumbs': '18079',
  'canned-tomatoes': '11531',
  'tomato-paste': '11546',
  'coconut-milk': '12118',
  'chickpeas': '16358',
  'white-beans': '16051',
  'canned-tuna': '15121',
  'chicken-broth': '06194',
  'condensed-milk': '01095',
  'lemon-juice': '09152',
  'ketchup': '11935',
  'mustard': '02046',
  'mayonnaise': '04025',
  'soy-sauce': '16123',
  'fish-sauce': '06179',
  'oyster-sauce': '06176',
  'worcestershire-sauce': '06971',
  'hot-sauce': '06168',
  'bbq-sauce': '06150',
  'tahini': '12166',
  'horseradish': '02055',
  'capers': '02054',
  'pickles': '11937',
  'vinegar': '02053',
  'balsamic-vinegar': '02069',
  'red-wine-vinegar': '02068',
  'apple-cider-vinegar': '02048',
  'olive-oil': '04053',
  'canola-oil': '04582',
  'sunflower-oil': '04506',
  'sesame-oil': '04058',
  'coconut-oil': '04047',
  'peanut-butter': '16098',
  'miso': '16112',
  'sugar': '19335',
  'brown-sugar': '19334',
  'powdered-sugar': '19336',
  'honey': '19296',
  'maple-syrup': '19353',
  'jam': '19297',
  'cocoa-powder': '19165',
  'dark-chocolate': '19904',
  'white-chocolate': '19087',
  'marshmallow': '19116',
  'almonds': '12061',
  'walnuts': '12155',
  'hazelnuts': '12120',
  'peanuts': '16087',
  'cashews': '12087',
  'pistachios': '12151',
  'pine-nuts': '12147',
  'chia-seeds': '12006',
  'sunflower-seeds': '12036',
  'pumpkin-seeds': '12014',
  'sesame-seeds': '12023',
  'tofu': '16427',
  'frozen-peas': '11312',
  'puff-pastry': '18337',
  'water': '14555',
  'coffee': '14209',
  'tea': '14355',
  'orange-juice': '09206',
  'apple-juice': '09016',
  'red-wine': '14096',
  'white-wine': '14106',
  'beer': '14003',
  'vodka': '14051',
  'baking-powder': '18369',
  'baking-soda': '18372',
  'dry-yeast': '18375',
  'vanilla-extract': '02050',
  'gelatin': '19177',
  'cornstarch': '20027',
  semolina: '20066',
};

/** Further names (en, de, fr, es, it, nl) → NDB number. Salted and unsalted butter are different foods. */
const EXTRA_NAMES: ReadonlyArray<[string, string[]]> = [
  ['20081', ['all-purpose flour', 'all purpose flour', 'plain flour', 'white flour', 'wheat flour', 'mehl', 'weissmehl', 'weizenmehl type 405', 'farine de ble', 'farine blanche', 'harina', 'harina de trigo', 'farina', 'farina 00', 'bloem', 'tarwebloem']],
  ['01001', ['salted butter', 'gesalzene butter', 'beurre sale', 'mantequilla con sal', 'burro salato']],
  ['01145', ['unsalted butter', 'sweet butter', 'ungesalzene butter', 'susrahmbutter', 'beurre doux', 'mantequilla sin sal', 'burro non salato']],
  ['19335', ['granulated sugar', 'white sugar', 'caster sugar', 'zucker', 'weisser zucker', 'sucre', 'sucre en poudre', 'azucar', 'azucar blanco', 'zucchero', 'suiker']],
  ['01077', ['whole milk', 'vollmilch', 'lait entier', 'leche entera', 'latte intero', 'volle melk']],
  ['20044', ['white rice', 'long-grain rice', 'long grain rice', 'langkornreis', 'riz blanc', 'arroz blanco', 'arroz', 'riso']],
  ['19296', ['honig', 'miel', 'miele', 'honing']],
  ['01123', ['eggs', 'large egg', 'large eggs', 'ei', 'eier', 'oeuf', 'oeufs', 'huevo', 'huevos', 'uovo', 'uova']],
  ['04053', ['extra virgin olive oil', 'extra-virgin olive oil', 'olivenol', "huile d'olive", 'aceite de oliva', "olio d'oliva"]],
  ['02047', ['table salt', 'fine salt', 'salz', 'sel', 'sal', 'sale', 'zout']],
  ['02030', ['ground black pepper', 'pfeffer', 'poivre', 'poivre noir', 'pimienta', 'pimienta negra', 'pepe', 'pepe nero']],
  ['11282', ['yellow onion', 'zwiebel', 'zwiebeln', 'oignon', 'oignons', 'cebolla', 'cebollas', 'cipolla', 'ui', 'uien']],
  ['11215', ['garlic clove', 'garlic cloves', 'knoblauch', 'ail', 'ajo', 'aglio', 'knoflook']],
];

let exactNames: Map<string, string> | undefined;

function seedFiles(): Array<Record<string, { name?: string; pluralName?: string }>> {
  const dir = path.join(APP_ROOT, 'server/seed/data/foods');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, { name?: string; pluralName?: string }>);
}

/** Normalized name → NDB number, without names that stand for two reference foods. */
function names(): Map<string, string> {
  if (exactNames) return exactNames;
  const found = new Map<string, string>();
  const ambiguous = new Set<string>();
  const add = (name: string | undefined, id: string) => {
    const key = normalizeText(name).replace(/\s+/g, ' ');
    if (!key || ambiguous.has(key)) return;
    const known = found.get(key);
    if (known && known !== id) {
      found.delete(key);
      ambiguous.add(key);
    } else found.set(key, id);
  };
  for (const file of seedFiles()) {
    for (const [key, food] of Object.entries(file)) {
      const id = SEED_LINKS[key];
      if (!id) continue;
      add(food.name, id);
      add(food.pluralName, id);
    }
  }
  // Hand-written names are deliberate: they win over a seed name another locale gives a different food.
  for (const [id, list] of EXTRA_NAMES) {
    for (const name of list) {
      const key = normalizeText(name);
      ambiguous.delete(key);
      found.set(key, id);
    }
  }
  exactNames = found;
  return found;
}

/** The reference food a food's exact name (or plural) stands for, if exactly one. */
export function exactReferenceFor(name: string, pluralName?: string | null): ReferenceFood | undefined {
  const map = names();
  for (const candidate of [name, pluralName]) {
    const key = normalizeText(candidate).replace(/\s+/g, ' ');
    if (!key) continue;
    const id = map.get(key);
    if (id) return referenceFood(id);
  }
  return undefined;
}

/** The reference food a seed food (by its seed key) stands for. */
export function seedReference(seedKey: string): string | undefined {
  return SEED_LINKS[seedKey];
}

/**
 * Suggestions for a food's name: the exact match first, then reference foods named by a known name the
 * food's name contains ("Bio-Mehl" → flour), then the reference table's own names holding every word.
 */
export function suggestReferences(name: string, limit = 8): Array<{ food: ReferenceFood; exact: boolean }> {
  const out: Array<{ food: ReferenceFood; exact: boolean }> = [];
  const push = (food: ReferenceFood | undefined, exact: boolean) => {
    if (food && !out.some((entry) => entry.food.id === food.id)) out.push({ food, exact });
  };
  push(exactReferenceFor(name), true);
  const normalized = ` ${normalizeText(name).replace(/[^\p{L}\p{N}' ]+/gu, ' ').replace(/\s+/g, ' ')} `;
  for (const [known, id] of names()) {
    if (known.length >= 3 && normalized.includes(` ${known} `)) push(referenceFood(id), false);
  }
  for (const food of searchReferenceFoods(name, limit)) push(food, false);
  return out.slice(0, limit);
}
