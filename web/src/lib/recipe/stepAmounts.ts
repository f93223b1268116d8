/**
 * Amounts written inside a step's text ("add 2 teaspoons cumin", "stir in ½ cup of the milk", "200 g Mehl
 * unterrühren") scale and convert with the ingredient they name (issue 37). Only a quantity followed by a
 * unit (or directly by a count noun) AND then a word naming one of the recipe's ingredients is touched;
 * oven temperatures, times, pan sizes and any number not tied to an ingredient stay as written. The
 * conversion is the ingredient list's own (convertAmount with the named ingredient's food), so "1 cup
 * flour" in a step becomes grams through the flour's density exactly as the flour's line does.
 * Pure: used by the recipe page, cook mode and print alike.
 */
import { convertAmount, identifyUnit, roundMetric, UNIT_ALIASES, type DisplayUnit, type UnitSystem } from './convert';
import { formatQuantity, round3 } from './fractions';
import { unitName, usesPlural, type DisplayIngredient } from './ingredients';

/** A run of step text; `original` is set when the run is an amount that changed (what the step says). */
export interface StepPiece {
  text: string;
  original?: string;
}

const GLYPHS: Record<string, number> = { '½': 1 / 2, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 1 / 4, '¾': 3 / 4, '⅛': 1 / 8, '⅜': 3 / 8, '⅝': 5 / 8, '⅞': 7 / 8, '⅕': 1 / 5 };
const GLYPH = `[${Object.keys(GLYPHS).join('')}]`;
const NUMBER = `(?:\\d+\\s+\\d+\\s*/\\s*\\d+|\\d+\\s*${GLYPH}|${GLYPH}|\\d+\\s*/\\s*\\d+|\\d+(?:[.,]\\d+)?)`;
/** A quantity or a range of two, not glued to a word, a decimal, a fraction bar, a dash or a degree before it. */
const QUANTITY = new RegExp(`(?<![\\p{L}\\p{N}.,/°×x-])(${NUMBER})(?:\\s*[-–]\\s*(${NUMBER}))?`, 'gu');

/** Words between an amount and its food: "of the", "de la", "d'", "di", "van". */
const CONNECTORS = ['of the', 'of', 'de la', "de l'", 'de', "d'", 'du', 'des', 'della', 'del', 'di', 'van de', 'van het', 'van', 'vom', 'von'];
/** Words that end an amount's phrase: a food after them is another thing ("1 cup stock and onion"). */
const BREAKS = new Set(['and', 'or', 'with', 'und', 'oder', 'mit', 'et', 'ou', 'avec', 'y', 'o', 'con', 'e', 'en', 'met', 'to', 'into', 'in', 'for', 'until', 'bis', 'à', 'a']);
/** Words too general to stand for a food on their own. */
const GENERIC = new Set(['baking', 'whole', 'fresh', 'dried', 'ground', 'large', 'small', 'medium', 'green', 'black', 'white', 'brown', 'sweet', 'hot', 'extra', 'plain']);

/** Lower case without accents, one character for one (so positions in the folded text are the original's). */
function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace('’', "'");
    out += lower.length === ch.length ? lower : ch;
  }
  return out;
}

function parseNumber(text: string): number {
  const s = text.replace(/\s+/g, ' ').trim();
  const glyph = [...s].find((ch) => ch in GLYPHS);
  if (glyph) return (Number(s.replace(glyph, '').trim()) || 0) + GLYPHS[glyph];
  const mixed = /^(\d+) (\d+) ?\/ ?(\d+)$/.exec(s);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+) ?\/ ?(\d+)$/.exec(s);
  if (fraction) return Number(fraction[2]) ? Number(fraction[1]) / Number(fraction[2]) : NaN;
  return Number(s.replace(',', '.'));
}

interface UnitForm {
  /** Folded text as written in steps. */
  form: string;
  unit: DisplayUnit;
  singular?: string;
  plural?: string;
}

interface FoodForm {
  form: string;
  ingredient: DisplayIngredient;
  /** Whether this is the food's own (whole) name, which wins over a word of it. */
  whole: boolean;
}

/** Plurals that are not the English "+s". */
const OWN_PLURALS: Record<string, string> = {
  tasse: 'tassen', prise: 'prisen', zehe: 'zehen', 'cuillere a soupe': 'cuilleres a soupe', 'cuillere a cafe': 'cuilleres a cafe',
  cucharada: 'cucharadas', cucharadita: 'cucharaditas', taza: 'tazas', cucchiaio: 'cucchiai', cucchiaino: 'cucchiaini', pinch: 'pinches',
};

const plurals = (word: string) => (OWN_PLURALS[word] ? [OWN_PLURALS[word]] : /(s|sh|ch|x)$/.test(word) ? [`${word}es`] : [`${word}s`]);

const COUNTABLE = [...Object.keys(OWN_PLURALS), 'cup', 'teaspoon', 'tablespoon', 'ounce', 'pound', 'gram', 'kilogram', 'liter', 'litre', 'milliliter', 'millilitre', 'pint', 'quart', 'gallon', 'clove', 'can', 'stick', 'slice', 'sprig', 'piece', 'handful'];

/** The units a step may write: every measure's names in the seeded languages, and the recipe's own units. */
function unitForms(ingredients: readonly DisplayIngredient[]): UnitForm[] {
  const forms = new Map<string, UnitForm>();
  const add = (form: string | null | undefined, unit: DisplayUnit, singular?: string, plural?: string) => {
    const key = fold((form ?? '').trim());
    if (!key || forms.has(key)) return;
    // A unit without a plural of its own ("teaspoon" typed in the editor) takes the language's.
    const known = plural ? undefined : COUNTABLE.find((word) => key === word || plurals(word).includes(key));
    forms.set(key, known ? { form: key, unit, singular: known, plural: plurals(known)[0] } : { form: key, unit, singular, plural });
  };
  for (const ingredient of ingredients) {
    const u = ingredient.unit;
    if (!u?.name) continue;
    add(u.name, u, u.name, u.pluralName ?? undefined);
    add(u.pluralName, u, u.name, u.pluralName ?? undefined);
    add(u.abbreviation, u);
    add(u.pluralAbbreviation, u);
  }
  for (const names of Object.values(UNIT_ALIASES)) {
    for (const name of names) {
      add(name, { name });
    }
  }
  for (const word of ['pinch', 'clove', 'can', 'stick', 'slice', 'sprig', 'handful', 'prise', 'zehe']) {
    add(word, { name: word });
    add(plurals(word)[0], { name: word });
  }
  // Longest first: "fl oz" before "fl", "cuillères à soupe" before "c".
  return [...forms.values()].sort((a, b) => b.form.length - a.form.length);
}

/** The words that name an ingredient's food: its name and plural, and its head word ("flour" of "all-purpose flour"). */
function foodForms(ingredients: readonly DisplayIngredient[]): FoodForm[] {
  const out: FoodForm[] = [];
  for (const ingredient of ingredients) {
    const food = ingredient.food;
    if (!food?.name?.trim()) continue;
    const names = [food.name, food.pluralName].filter((n): n is string => Boolean(n?.trim())).map((n) => fold(n.trim()));
    for (const name of names) {
      for (const form of [name, ...(food.pluralName ? [] : plurals(name))]) out.push({ form, ingredient, whole: true });
      const words = name.split(/[\s-]+/).filter(Boolean);
      if (words.length < 2) continue;
      // "huile d'olive", "harina de trigo" are named by their first word; "all-purpose flour" by its last.
      const romance = words.some((word) => /^(de|di|del|della|du|d'.*|à|al|van)$/.test(word)) || /\bd'/.test(name);
      const head = romance ? words[0] : words[words.length - 1];
      if (head.length < 3 || GENERIC.has(head)) continue;
      for (const form of [head, ...plurals(head)]) out.push({ form, ingredient, whole: false });
    }
  }
  return out.sort((a, b) => b.form.length - a.form.length || Number(b.whole) - Number(a.whole));
}

const isLetter = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** The form that starts `folded` at `at` and ends at a word boundary. */
function startsWith<T extends { form: string }>(folded: string, at: number, forms: readonly T[]): T | undefined {
  return forms.find((f) => folded.startsWith(f.form, at) && (!isLetter(f.form.at(-1)) || !isLetter(folded[at + f.form.length])));
}

/** Where the food a unit's amount names begins: after "of the", "d'"…, and at most two describing words. */
function findFood(folded: string, at: number, foods: readonly FoodForm[], allowSkips: boolean): FoodForm | undefined {
  let i = at;
  for (const connector of CONNECTORS) {
    if (folded.startsWith(connector, i) && (connector.endsWith("'") || /\s/.test(folded[i + connector.length] ?? ''))) {
      i += connector.length;
      while (/\s/.test(folded[i] ?? '')) i += 1;
      break;
    }
  }
  for (let skipped = 0; skipped <= (allowSkips ? 2 : 0); skipped += 1) {
    const found = startsWith(folded, i, foods);
    if (found) return found;
    const word = /^[\p{L}'-]+/u.exec(folded.slice(i))?.[0];
    if (!word || BREAKS.has(word) || !/^\s+$/.test(folded.slice(i + word.length, i + word.length + 1))) return undefined;
    i += word.length;
    while (/\s/.test(folded[i] ?? '')) i += 1;
  }
  return undefined;
}

function formatAmount(value: number, metric: boolean, decimalComma: boolean, decimal: boolean): string {
  if (metric || decimal) {
    const text = String(metric ? roundMetric(value) : round3(value));
    return decimalComma ? text.replace('.', ',') : text;
  }
  return formatQuantity(value);
}

const keepCase = (written: string, word: string) => (written[0] && written[0] !== written[0].toLocaleLowerCase() ? word[0].toLocaleUpperCase() + word.slice(1) : word);

/** "eggs" for "egg" (and back), or a word of the name for the same word of the plural ("onion" of "red onion"). */
function inflectFood(written: string, name: string, pluralName: string, plural: boolean): string | null {
  const w = fold(written);
  if (w === fold(name) || w === fold(pluralName)) return plural ? pluralName : name;
  const singulars = name.split(/\s+/);
  const plurals = pluralName.split(/\s+/);
  if (singulars.length !== plurals.length) return null;
  const at = singulars.findIndex((word, i) => fold(word) === w || fold(plurals[i]) === w);
  return at < 0 ? null : plural ? plurals[at] : singulars[at];
}

/** One amount at the scale and in the system: the new text, or null when it stays as written. */
function rewrite(
  quantities: number[],
  numbersText: string,
  unit: { written: string; form: UnitForm } | null,
  food: { written: string; form: FoodForm } | null,
  scale: number,
  system: UnitSystem | null,
): string | null {
  const scaled = quantities.map((q) => round3(q * scale));
  const decimalComma = /\d,\d/.test(numbersText);
  const decimal = /\d[.,]\d/.test(numbersText);
  const ingredient = food?.form.ingredient;
  if (unit && system) {
    const converted = scaled.map((q) => convertAmount(q, unit.form.unit, ingredient?.food, system));
    const [first, last] = [converted[0], converted.at(-1)];
    if (first && last && first.unit.name === last.unit.name) {
      const metric = identifyUnit(first.unit)?.system === 'metric';
      const amounts = converted.map((c) => (metric ? String(c!.quantity) : formatQuantity(c!.quantity, first.unit.fraction !== false)));
      const text = `${amounts.join('–')} ${unitName(first.unit, usesPlural(round3(last.quantity)))}`;
      return decimalComma ? text.replace(/(\d)\.(\d)/g, '$1,$2') : text;
    }
  }
  if (scale === 1) return null;
  const metric = unit ? identifyUnit(unit.form.unit)?.system === 'metric' : false;
  const amounts = scaled.map((q) => formatAmount(q, metric, decimalComma, decimal)).join('–');
  const plural = usesPlural(scaled.at(-1) ?? null);
  if (unit) {
    const { singular, plural: pluralForm } = unit.form;
    const word = plural ? pluralForm : singular;
    const written = word && (fold(unit.written) === fold(singular ?? '') || fold(unit.written) === fold(pluralForm ?? '')) ? keepCase(unit.written, word) : unit.written;
    return `${amounts} ${written}`;
  }
  // A count noun: "2 eggs" at ×½ is "1 egg" when the food has a plural.
  const f = ingredient?.food;
  const word = f?.pluralName && food ? inflectFood(food.written, f.name, f.pluralName, plural) : null;
  return food ? `${amounts} ${word ? keepCase(food.written, word) : food.written}` : amounts;
}

/**
 * A step's text at a scale and in a unit system, as runs of text; the runs that are amounts which changed
 * carry what the step wrote. At ×1 without a system, or with no ingredient foods, the text is one run.
 */
export function scaleStepText(text: string, ingredients: readonly DisplayIngredient[], scale: number, system: UnitSystem | null): StepPiece[] {
  if (!text || (scale === 1 && !system)) return [{ text }];
  const foods = foodForms(ingredients);
  if (foods.length === 0) return [{ text }];
  const units = unitForms(ingredients);
  const folded = fold(text);
  const pieces: StepPiece[] = [];
  let cursor = 0;
  for (const match of text.matchAll(QUANTITY)) {
    const start = match.index;
    if (start < cursor) continue;
    const quantities = [match[1], match[2]].filter(Boolean).map(parseNumber);
    if (quantities.some((q) => !Number.isFinite(q) || q <= 0)) continue;
    let at = start + match[0].length;
    const space = /^\s*/.exec(folded.slice(at))![0].length;
    const unitForm = startsWith(folded, at + space, units);
    let unit: { written: string; form: UnitForm } | null = null;
    let foodAt = at + space;
    // "180 C" and "200 C. Flour the pan" are an oven, not cups.
    const temperature = unitForm && /^c\.?$/.test(unitForm.form) && quantities.some((q) => q >= 20);
    const sentenceEnd = unitForm?.form.endsWith('.') && /^\s+\p{Lu}/u.test(text.slice(at + space + unitForm.form.length));
    if (unitForm && !temperature && !sentenceEnd && (space > 0 || unitForm.form.length <= 3)) {
      unit = { written: text.slice(at + space, at + space + unitForm.form.length), form: unitForm };
      at = at + space + unitForm.form.length;
      const gap = /^\s*/.exec(folded.slice(at))![0].length;
      if (gap === 0 && !unitForm.form.endsWith('.')) continue;
      foodAt = at + gap;
    } else if (space === 0) {
      continue;
    }
    const foodForm = findFood(folded, foodAt, foods, unit !== null);
    if (!foodForm) continue;
    // A count noun is the food itself, right after the number: "2 eggs", "1 Zwiebel".
    const food = unit ? { written: '', form: foodForm } : { written: text.slice(foodAt, foodAt + foodForm.form.length), form: foodForm };
    const replaced = rewrite(quantities, match[0], unit, food, scale, system);
    const end = unit ? at : foodAt + foodForm.form.length;
    const original = text.slice(start, end);
    if (replaced === null || replaced === original) continue;
    if (start > cursor) pieces.push({ text: text.slice(cursor, start) });
    pieces.push({ text: replaced, original });
    cursor = end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor) });
  return pieces.length ? pieces : [{ text }];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The step's markdown with each changed amount emphasised and what the step wrote in its title
 * (`asWritten` words it, translated). Code spans are left alone.
 */
export function scaleStepMarkdown(
  text: string,
  ingredients: readonly DisplayIngredient[],
  scale: number,
  system: UnitSystem | null,
  asWritten: (original: string) => string,
): string {
  if (!text || (scale === 1 && !system)) return text;
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : scaleStepText(part, ingredients, scale, system)
            .map((piece) => (piece.original === undefined ? piece.text : `<strong data-step-amount="" title="${escapeHtml(asWritten(piece.original))}">${escapeHtml(piece.text)}</strong>`))
            .join(''),
    )
    .join('');
}
