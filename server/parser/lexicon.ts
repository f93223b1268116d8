/**
 * Word lists the parser reasons with. All entries are folded (lower case, no accents)
 * so they can be compared with foldText() output.
 */

import { foldText } from './units.js';

function folded(words: string): Set<string> {
  return new Set(words.trim().split(/\s+/).map(foldText));
}

/** English indefinite articles: "a pinch of salt" has no written quantity. */
export const ENGLISH_ARTICLES = folded('a an');

/** Words that are both article and numeral "one" in other languages: "eine Zwiebel", "un oignon". */
export const NUMERAL_ARTICLES = folded('ein eine einen einem einer un une uno una een');

export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
    half: 0.5, quarter: 0.25,
    eins: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, zwölf: 12, halbe: 0.5, halber: 0.5, halbes: 0.5,
    deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, douze: 12, demi: 0.5, demie: 0.5,
    dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, doce: 12, medio: 0.5, media: 0.5,
    due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, dodici: 12, mezzo: 0.5, mezza: 0.5,
    twee: 2, drie: 3, vijf: 5, zes: 6, zeven: 7, negen: 9, tien: 10, twaalf: 12, halve: 0.5,
  }).map(([word, value]) => [foldText(word), value]),
);

/** Words joining the two ends of a range: "2 to 3", "2 or 3", "2 bis 3", "2 à 3". */
export const RANGE_WORDS = folded('to or - bis oder à a ou o tot of');

/** Vague amounts that are kept in the note: "a few sprigs", "a couple of eggs". */
export const VAGUE_AMOUNTS = folded(`
  few couple several some little bit
  etwas einige wenig paar peu quelques poco pocos poca algunos algunas po' pochino pò alcuni qualche wat beetje enkele paar
`);

export const SIZE_WORDS = folded(`
  small medium large big little jumbo giant huge extra-large extra-small xl lg lge sm med md
  medium-large medium-small small-medium large-ish smallish largish
  groß große großer großes großen grosse grosser klein kleine kleiner kleines kleinen mittelgroß mittelgroße mittelgroßen mittlere mittleren
  gros grosse grosses petit petite petits petites moyen moyenne moyens moyennes
  pequeño pequeña pequeños pequeñas mediano mediana medianos medianas
  piccolo piccola piccoli piccole medio medi medie
  groot grote kleine middelgroot middelgrote
`);

/**
 * Size words that only follow the noun ("una cebolla grande"); before a noun "Grand" is more often a name
 * ("Grand Marnier").
 */
export const TRAILING_SIZE_WORDS = folded('grand grande grands grandes grandi');

/** "medium size", "large sized": the second word belongs to the size. */
export const SIZE_SUFFIXES = folded('size sized');

/** Words qualifying an amount rather than the food: "2 heaping tbsp", "1 c scant". */
export const AMOUNT_MODIFIERS = folded(`
  heaping heaped scant generous level rounded good thick thin large small big little full hefty tiny healthy very
  thick-cut thin-cut separate
  gehäuft gehäufte gestrichen gestrichene knapp knappe gut gute bombée rase colmo colmado colmada raso rasa abbondante scarso scarsa afgestreken volle
`);

/** Qualifiers that may follow the unit and belong to the amount: "1 c scant", "½ bunch each". */
export const AFTER_UNIT_QUALIFIERS = folded(`
  scant heaping heaped generous level levelled leveled rounded each
  gehäuft gehäufte gestrichen gestrichene knapp bombée bombées rase rases colmado colmada raso rasa abbondante scarso scarsa
  afgestreken
`);

/** Words before a food that comment on it rather than name it: "Additional hot rice". */
export const LEADING_NOTE_WORDS = folded('additional optional');

/** Participles that describe how the food is prepared; moved to the note when they lead or trail the food. */
export const PREPARATION_WORDS = folded(`
  chopped minced diced sliced grated shredded crumbled toasted melted softened peeled torn beaten whisked cubed halved quartered
  trimmed rinsed drained julienned mashed pureed puréed sifted packed cooked uncooked smashed cored seeded deseeded zested juiced
  squeezed cracked crushed thawed warmed chilled cooled shelled steamed scooped hard-boiled soft-boiled boiled snipped shaved poached
  picked deveined spooned leveled levelled strained slivered stemmed skinned butterflied chiffonaded rough-chopped fresh-squeezed
  freshly-squeezed well-stirred popped segmented scrubbed washed defrosted separated divided reserved cut lukewarm hulled destemmed
  stoned pared mashed riced broken flaked sieved beaten lightly-beaten room-temperature hard-cooked soft-cooked
  gehackt gehackte gehackten gewürfelt gewürfelte gewürfelten geschnitten geschnittene geschnittenen gerieben geriebene geriebenen
  geschält geschälte geschälten geschmolzen geschmolzene zerlassen zerlassene gepresst gepresste püriert pürierte halbiert halbierte
  gewaschen gewaschene zerdrückt zerdrückte
  haché hachée hachés hachées émincé émincée émincés émincées râpé râpée râpés râpées coupé coupée coupés coupées pelé pelée pelés
  pelées fondu fondue fondus ciselé ciselée ciselés ciselées écrasé écrasée écrasés écrasées tranché tranchée tranchés tranchées
  picado picada picados picadas rallado rallada rallados ralladas cortado cortada cortados cortadas pelado pelada pelados peladas
  derretido derretida troceado troceada troceados troceadas machacado machacada triturado triturada
  tritato tritata tritati tritate grattugiato grattugiata grattugiati grattugiate tagliato tagliata tagliati tagliate sbucciato
  sbucciata sbucciati sbucciate fuso fusa sciolto sciolta affettato affettata affettati affettate
  gesneden geraspt geraspte gepeld gepelde gesmolten fijngehakt fijngehakte fijngesneden geperst geperste geschild geschilde
  gekookt gekookte
`);

/** Adverbs that only ever qualify a preparation: "finely chopped", "freshly ground". */
export const PREPARATION_ADVERBS = folded(`
  finely coarsely roughly thinly thickly freshly lightly firmly loosely well very evenly tightly gently fine rough thin thick
  extra super freshly newly hard soft
  fein grob dünn frisch fin finement grossièrement fraîchement finamente groseramente recién finemente grossolanamente
  fijn grof vers
`);

/** Past participles that do not end in -ed, recognised after an adverb ("freshly ground", "thinly cut"). */
export const IRREGULAR_PARTICIPLES = folded('ground cut torn shaken beaten frozen broken ripened sliced');

/** Words in front of a number that hedge it: "~2 tsp", "about 2 tablespoons", "scant ½ cup". */
export const APPROXIMATORS = folded(`
  ~ about approximately approx around roughly nearly almost circa ca etwa ungefähr environ approximativement
  aproximadamente unos unas alrededor circa ongeveer zirka
`);

/**
 * Parts taken from a food: "juice of 1 lemon", "zest from ½ orange". The part goes to the note and the
 * food is what follows, as the reference data and Mealie's parser label it.
 */
export const FOOD_PART_WORDS = folded(`
  juice zest peel rind seeds leaves kernels flesh segments whites yolks pulp
  saft abrieb schale jus zeste écorce zumo jugo ralladura piel cáscara succo scorza buccia sap rasp schil
`);

/** Adjectives that may stand before a comma inside one name: "boneless, skinless chicken", "strong, hot coffee". */
export const DESCRIPTIVE_ADJECTIVES = folded(`
  whole fresh ripe unripe firm soft hard dry hot cold warm mild strong plain raw sweet sour lean dark light heavy
  crusty fruity curly creamy crunchy crisp spicy flaky leafy starchy waxy juicy meaty salty smoky tender young
  boneless skinless seedless unsalted salted unsweetened sweetened organic good thick thin long short other
`);

/** Words introducing a food's origin or alternatives that never belong to the unit: "2 cups of flour". */
export const CONNECTORS = folded('of de del des du di dei della van von');

/** French/Italian elided article glued to the food: "d'huile", "dell'olio". */
export const ELIDED_PREFIX = /^(?:d|dell|dall|l)['’]/i;

/**
 * Phrases (folded word sequences) that start a comment inside the food part when no comma separates them:
 * "salt to taste", "olive oil for frying", "sugar plus more for dusting".
 */
export const NOTE_START_PHRASES: readonly string[][] = [
  'to taste', 'as needed', 'as desired', 'if needed', 'if desired', 'if you like', 'if using', 'if available', 'or to taste',
  'or more', 'or less', 'more or less', 'a bit', 'a little', 'or as needed', 'plus more', 'plus extra', 'plus', 'such as', 'optional', 'divided',
  'at room temperature', 'room temperature', 'cut into', 'about', 'approximately', 'approx', 'preferably', 'ideally', 'see',
  'mixed with', 'dissolved in', 'for serving', 'for garnish', 'for the', 'to serve', 'to garnish', 'for',
  'to season', 'to finish', 'to coat', 'to cover', 'to drizzle', 'to sprinkle', 'to dust', 'to brush', 'to top',
  'nach geschmack', 'nach belieben', 'zum', 'zur', 'etwa', 'ca', 'circa', 'optional',
  'au gout', 'selon', 'pour', 'environ', 'facultatif',
  'al gusto', 'a gusto', 'para', 'opcional', 'aproximadamente',
  'q b', 'qb', 'quanto basta', 'per', 'facoltativo',
  'naar smaak', 'om', 'ter', 'ongeveer', 'optioneel',
].map((phrase) => phrase.split(' ').map(foldText));

/** Words that, after "for", show the phrase is a purpose ("for frying") rather than part of a name ("dough for brioche"). */
export function isPurposeWord(word: string, nextWord = ''): boolean {
  return /ing$/.test(word) || /ing$/.test(nextWord) || folded('serving garnish the decoration decorating topping dusting greasing brushing drizzling sprinkling').has(word);
}

/** Unit words that commonly follow their food: "2 garlic cloves", "3 celery stalks", "5 thyme sprigs". */
export const POSTPOSED_UNIT_WORDS = folded('clove cloves stalk stalks sprig sprigs bulb bulbs spear spears slice slices');

/** Prepositions that end a preparation phrase inside the food: "egg yolks beaten with 1 tablespoon water". */
export const PREPARATION_PREPOSITIONS = folded('with in into to from on until of');

/**
 * Words that change what is bought: a food read without one of them ("toasted sesame oil" read as
 * "sesame oil" with the note "toasted") is never linked to the plainer food of the catalogue.
 */
export const BUYING_QUALIFIERS = folded(`
  salted unsalted sweetened unsweetened whole skim semi-skimmed skimmed low-fat nonfat non-fat fat-free reduced-fat full-fat
  boneless skinless bone-in skin-on smoked unsmoked fresh dried ground toasted roasted frozen canned tinned raw cooked
  light dark instant self-rising self-raising decaf decaffeinated
  gesalzen gesalzene ungesalzen ungesalzene gesüßt ungesüßt getrocknet getrocknete gemahlen gemahlene frisch frische geräuchert
  salé salée doux sucré non sucré séché séchée moulu moulue frais fraîche fumé fumée
  salado salada sin sal azucarado seco seca secos secas molido molida fresco fresca ahumado
  salato salata secco secca macinato macinata fresco fresca affumicato
  gezouten ongezouten gedroogd gedroogde gemalen verse gerookt gerookte
`);
