/**
 * Unit vocabulary: every spelling (singular, plural, abbreviation) in English, German, French,
 * Spanish, Italian and Dutch, grouped under one canonical English singular name.
 */

/**
 * measure: a standard amount (volume, mass, length) that can also describe a package size,
 * as in "1 (15-ounce) can"; container: a package; portion: a countable piece or a pinch-like amount.
 */
export type UnitKind = 'measure' | 'container' | 'portion';

export interface UnitDefinition {
  canonical: string;
  kind: UnitKind;
  /** Case-insensitive spellings; multi-word spellings are written with spaces ("fl oz", "c a s"). */
  spellings: string[];
  /** Spellings whose case carries meaning, such as "T" (tablespoon) versus "t" (teaspoon). */
  caseSensitive?: string[];
  /** May start a line without a number ("Pinch of salt", "Handful of basil"). */
  standsAlone?: boolean;
}

/**
 * Spellings known to be English (canonical names and everything listed through en()): the catalogue
 * matcher only links an English line's unit to another English spelling of it, never to "Stück" or "EL".
 */
export const ENGLISH_SPELLINGS = new Set<string>();

/** English nouns: singular plus a regular plural. */
function en(...words: string[]): string[] {
  const spellings = words.flatMap((word) => {
    if (/(s|sh|ch|x)$/.test(word)) return [word, `${word}es`];
    if (/[^aeiou]y$/.test(word)) return [word, `${word.slice(0, -1)}ies`];
    return [word, `${word}s`];
  });
  for (const spelling of spellings) ENGLISH_SPELLINGS.add(spelling);
  return spellings;
}

export const UNIT_DEFINITIONS: UnitDefinition[] = [
  // volume
  {
    canonical: 'teaspoon',
    kind: 'measure',
    spellings: [
      ...en('teaspoon', 'tsp', 'tspn', 'teasp'),
      'tsps', 'ts', 'tl', 'teelöffel', 'teeloffel', 'kl', 'kaffeelöffel',
      'cuillère à café', 'cuillères à café', 'cuillere a cafe', 'cuilleres a cafe', 'c a c', 'c a cafe', 'c a the', 'cac', 'cc', 'c c',
      'cuillère à thé', 'cuillères à thé',
      'cucharadita', 'cucharaditas', 'cdta', 'cdtas', 'cdita', 'cditas', 'cucharita', 'cucharitas',
      'cucchiaino', 'cucchiaini', 'cucchiaino da caffè', 'cucchiaini da caffè', 'cc',
      'theelepel', 'theelepels', 'theel', 'tl', 'thl',
    ],
    caseSensitive: ['t'],
  },
  {
    canonical: 'tablespoon',
    kind: 'measure',
    spellings: [
      ...en('tablespoon', 'tbsp', 'tbs', 'tblsp', 'tbl', 'tbls', 'tablesp'),
      'tbsps', 'el', 'esslöffel', 'eßlöffel', 'essloffel',
      'cuillère à soupe', 'cuillères à soupe', 'cuillere a soupe', 'cuilleres a soupe', 'c a s', 'c a soupe', 'cas', 'cs', 'c s',
      'cuillerée à soupe', 'cuillerées à soupe',
      'cucharada', 'cucharadas', 'cda', 'cdas', 'cucharón',
      'cucchiaio', 'cucchiai', 'cucchiaio da tavola',
      'eetlepel', 'eetlepels', 'eetl', 'el',
    ],
    caseSensitive: ['T', 'Tb', 'TB', 'Tbs', 'TBS', 'TBSP'],
  },
  { canonical: 'dessertspoon', kind: 'measure', spellings: [...en('dessertspoon'), 'dsp', 'dstspn'] },
  {
    canonical: 'cup',
    kind: 'measure',
    spellings: [
      ...en('cup'), 'c', 'tasse', 'tassen', 'taza', 'tazas', 'tazza', 'tazze', 'kopje', 'kopjes', 'kop', 'koppen',
      'becher',
    ],
  },
  {
    canonical: 'fluid ounce',
    kind: 'measure',
    spellings: [
      ...en('fluid ounce'), 'fl oz', 'fl ozs', 'floz', 'fl ounce', 'fl ounces',
    ],
  },
  { canonical: 'pint', kind: 'measure', spellings: [...en('pint'), 'pt', 'pts'] },
  { canonical: 'quart', kind: 'measure', spellings: [...en('quart'), 'qt', 'qts'] },
  { canonical: 'gallon', kind: 'measure', spellings: [...en('gallon'), 'gal', 'gals'] },
  {
    canonical: 'milliliter',
    kind: 'measure',
    spellings: [
      ...en('milliliter', 'millilitre'), 'ml', 'mls', 'mℓ', 'millilitro', 'millilitri', 'mililitro', 'mililitros',
      'milliliters',
    ],
  },
  {
    canonical: 'centiliter',
    kind: 'measure',
    spellings: [
      ...en('centiliter', 'centilitre'), 'cl', 'centilitro', 'centilitri', 'centilitros',
    ],
  },
  {
    canonical: 'deciliter',
    kind: 'measure',
    spellings: [
      ...en('deciliter', 'decilitre'), 'dl', 'decilitro', 'decilitri', 'decilitros',
    ],
  },
  {
    canonical: 'liter',
    kind: 'measure',
    spellings: [...en('liter', 'litre'), 'l', 'lt', 'ltr', 'litro', 'litri', 'litros'],
  },
  // mass
  { canonical: 'ounce', kind: 'measure', spellings: [...en('ounce', 'oz'), 'onza', 'onzas', 'oncia', 'unze', 'unzen'] },
  {
    canonical: 'pound',
    kind: 'measure',
    spellings: [
      ...en('pound', 'lb'), 'lbs', 'pfund', 'livre', 'livres', 'libra', 'libras', 'libbra', 'libbre',
    ],
  },
  {
    canonical: 'gram',
    kind: 'measure',
    spellings: [
      ...en('gram', 'gramme'), 'g', 'gr', 'grs', 'gm', 'gms', 'gramm', 'grammes', 'gramo', 'gramos', 'grammo',
      'grammi', 'grammen',
    ],
  },
  {
    canonical: 'kilogram',
    kind: 'measure',
    spellings: [
      ...en('kilogram', 'kilogramme', 'kilo'), 'kg', 'kgs', 'kilogramm', 'kilogramo', 'kilogramos', 'chilogrammo',
      'chilogrammi', 'chilo',
    ],
  },
  {
    canonical: 'milligram',
    kind: 'measure',
    spellings: [
      ...en('milligram', 'milligramme'), 'mg', 'miligramo', 'miligramos', 'milligrammo', 'milligrammi',
    ],
  },
  // length (package and piece sizes)
  { canonical: 'inch', kind: 'measure', spellings: [...en('inch'), 'zoll'] },
  {
    canonical: 'centimeter',
    kind: 'measure',
    spellings: [
      ...en('centimeter', 'centimetre'), 'cm', 'zentimeter', 'centímetro', 'centímetros', 'centimetro', 'centimetri',
    ],
  },
  // containers
  {
    canonical: 'can',
    kind: 'container',
    spellings: [
      ...en('can', 'tin'), 'dose', 'dosen', 'boîte', 'boîtes', 'boite', 'boites', 'boîte de conserve', 'lata',
      'latas', 'lattina', 'lattine', 'scatola', 'scatole', 'scatoletta', 'blik', 'blikken', 'blikje', 'blikjes',
    ],
  },
  {
    canonical: 'jar',
    kind: 'container',
    spellings: [
      ...en('jar'), 'glas', 'gläser', 'bocal', 'bocaux', 'pot', 'pots', 'frasco', 'frascos', 'tarro', 'tarros',
      'barattolo', 'barattoli', 'vasetto', 'vasetti', 'pot', 'potten', 'potje', 'potjes',
    ],
  },
  {
    canonical: 'package',
    kind: 'container',
    spellings: [
      ...en('package', 'packet', 'pack', 'pkg', 'pkt', 'envelope', 'sachet'),
      'pkgs', 'packung', 'packungen', 'pck', 'pkg', 'päckchen', 'pak', 'paquet', 'paquets', 'paquete', 'paquetes', 'sobre', 'sobres',
      'confezione', 'confezioni', 'bustina', 'bustine', 'pacco', 'pacchi', 'pak', 'pakken', 'pakje', 'pakjes', 'zakje', 'zakjes',
    ],
  },
  {
    canonical: 'bag',
    kind: 'container',
    spellings: [
      ...en('bag'), 'beutel', 'tüte', 'tüten', 'sac', 'bolsa', 'bolsas', 'busta', 'buste', 'zak', 'zakken',
    ],
  },
  { canonical: 'box', kind: 'container', spellings: [...en('box'), 'schachtel', 'caja', 'cajas', 'doos', 'doosje'] },
  {
    canonical: 'bottle',
    kind: 'container',
    spellings: [
      ...en('bottle'), 'flasche', 'flaschen', 'bouteille', 'bouteilles', 'botella', 'botellas', 'bottiglia',
      'bottiglie', 'fles', 'flessen', 'flesje',
    ],
  },
  {
    canonical: 'carton',
    kind: 'container',
    spellings: [
      ...en('carton', 'container', 'tub', 'tube', 'jug'), 'brick', 'pak', 'tetrapak',
    ],
  },
  {
    canonical: 'block',
    kind: 'container',
    spellings: [
      ...en('block', 'bar', 'tablet'), 'tafel', 'tafeln', 'tablette', 'tableta', 'tavoletta', 'reep',
    ],
  },
  { canonical: 'stick', kind: 'container', spellings: [...en('stick')] },
  { canonical: 'log', kind: 'container', spellings: [...en('log')] },
  { canonical: 'sleeve', kind: 'container', spellings: [...en('sleeve')] },
  // portions
  {
    canonical: 'pinch',
    kind: 'portion',
    standsAlone: true,
    spellings: [
      ...en('pinch'), 'prise', 'prisen', 'pincée', 'pincées', 'pincee', 'pizca', 'pizcas', 'pizzico', 'pizzichi',
      'snufje', 'snufjes', 'snuf', 'snuifje',
    ],
  },
  {
    canonical: 'dash',
    kind: 'portion',
    standsAlone: true,
    spellings: [
      ...en('dash'), 'schuss', 'spritzer', 'trait', 'chorrito', 'chorro', 'goccio', 'scheutje', 'scheut',
    ],
  },
  {
    canonical: 'knife tip',
    kind: 'portion',
    spellings: [
      'messerspitze', 'messerspitzen', 'msp', 'pointe de couteau', 'punta de cuchillo', 'punta di coltello',
      'mespuntje', 'mespunt',
    ],
  },
  {
    canonical: 'handful',
    kind: 'portion',
    standsAlone: true,
    spellings: [
      ...en('handful'), 'handfuls', 'handvoll', 'poignée', 'poignées', 'puñado', 'puñados', 'manciata', 'manciate',
      'handje', 'handvol',
    ],
  },
  { canonical: 'splash', kind: 'portion', standsAlone: true, spellings: [...en('splash', 'drizzle', 'glug')] },
  {
    canonical: 'drop',
    kind: 'portion',
    spellings: [
      ...en('drop'), 'tropfen', 'goutte', 'gouttes', 'gota', 'gotas', 'goccia', 'gocce', 'druppel', 'druppels',
    ],
  },
  {
    canonical: 'clove',
    kind: 'portion',
    spellings: [
      ...en('clove'), 'zehe', 'zehen', 'gousse', 'gousses', 'diente', 'dientes', 'spicchio', 'spicchi', 'teen',
      'teentje', 'teentjes', 'tenen',
    ],
  },
  {
    canonical: 'bunch',
    kind: 'portion',
    standsAlone: true,
    spellings: [
      ...en('bunch', 'bundle'), 'bund', 'bünde', 'bündel', 'botte', 'bottes', 'bouquet', 'manojo', 'manojos',
      'mazzo', 'mazzi', 'mazzetto', 'mazzetti', 'bos', 'bosje', 'bosjes',
    ],
  },
  {
    canonical: 'head',
    kind: 'portion',
    spellings: [
      ...en('head'), 'kopf', 'köpfe', 'tête', 'têtes', 'cabeza', 'cabezas', 'cespo', 'cespi', 'krop', 'kropje',
    ],
  },
  {
    canonical: 'sprig',
    kind: 'portion',
    standsAlone: true,
    spellings: [
      ...en('sprig'), 'zweig', 'zweige', 'zweiglein', 'brin', 'brins', 'branche', 'branches', 'ramita', 'ramitas',
      'rama', 'ramas', 'rametto', 'rametti', 'takje', 'takjes',
    ],
  },
  {
    canonical: 'stalk',
    kind: 'portion',
    spellings: [
      ...en('stalk', 'rib'), 'stange', 'stangen', 'branche de céleri', 'tallo', 'tallos', 'gambo', 'gambi', 'costa',
      'coste', 'stengel', 'stengels',
    ],
  },
  { canonical: 'stem', kind: 'portion', spellings: [...en('stem')] },
  {
    canonical: 'slice',
    kind: 'portion',
    spellings: [
      ...en('slice', 'rasher'), 'scheibe', 'scheiben', 'tranche', 'tranches', 'rebanada', 'rebanadas', 'loncha',
      'lonchas', 'rodaja', 'rodajas', 'fetta', 'fette', 'plak', 'plakken', 'plakje', 'plakjes',
    ],
  },
  {
    canonical: 'piece',
    kind: 'portion',
    spellings: [
      ...en('piece'), 'pc', 'pcs', 'stück', 'stücke', 'stk', 'st', 'morceau', 'morceaux', 'pièce', 'pièces', 'trozo',
      'trozos', 'pedazo', 'pedazos', 'pezzo', 'pezzi', 'stuk', 'stuks', 'stukje', 'stukjes',
    ],
  },
  { canonical: 'knob', kind: 'portion', spellings: [...en('knob', 'thumb')] },
  {
    canonical: 'leaf',
    kind: 'portion',
    spellings: [
      'leaf', 'leaves', 'blatt', 'blätter', 'feuille', 'feuilles', 'hoja', 'hojas', 'foglia', 'foglie', 'blad',
      'blaadje', 'blaadjes',
    ],
  },
  { canonical: 'sheet', kind: 'portion', spellings: [...en('sheet')] },
  { canonical: 'ear', kind: 'portion', spellings: [...en('ear')] },
  { canonical: 'bulb', kind: 'portion', spellings: [...en('bulb')] },
  { canonical: 'loaf', kind: 'portion', spellings: ['loaf', 'loaves', 'laib', 'laibe'] },
  { canonical: 'strip', kind: 'portion', spellings: [...en('strip')] },
  { canonical: 'wedge', kind: 'portion', spellings: [...en('wedge')] },
  { canonical: 'spear', kind: 'portion', spellings: [...en('spear')] },
  { canonical: 'ball', kind: 'portion', spellings: [...en('ball')] },
  { canonical: 'rack', kind: 'portion', spellings: [...en('rack')] },
  {
    canonical: 'part',
    kind: 'portion',
    spellings: [
      ...en('part'), 'teil', 'teile', 'partie', 'parte', 'partes', 'parti', 'deel', 'delen',
    ],
  },
  { canonical: 'scoop', kind: 'portion', spellings: [...en('scoop')] },
  { canonical: 'cube', kind: 'portion', spellings: [...en('cube'), 'würfel'] },
  { canonical: 'square', kind: 'portion', spellings: [...en('square')] },
  { canonical: 'fillet', kind: 'portion', spellings: [...en('fillet', 'filet')] },
  {
    canonical: 'serving',
    kind: 'portion',
    spellings: [
      ...en('serving', 'portion'), 'portion', 'portionen', 'porción', 'porciones', 'porzione', 'porzioni', 'portie',
      'porties',
    ],
  },
  { canonical: 'recipe', kind: 'portion', spellings: [...en('recipe', 'batch')] },
  {
    canonical: 'glass',
    kind: 'portion',
    spellings: [
      ...en('glass'), 'verre', 'verres', 'vaso', 'vasos', 'bicchiere', 'bicchieri', 'glaasje',
    ],
  },
  { canonical: 'shot', kind: 'portion', spellings: [...en('shot', 'jigger')] },
  {
    canonical: 'dozen',
    kind: 'portion',
    standsAlone: true,
    spellings: [
      ...en('dozen'), 'dutzend', 'douzaine', 'douzaines', 'docena', 'docenas', 'dozzina', 'dozzine', 'dozijn',
    ],
  },
];
