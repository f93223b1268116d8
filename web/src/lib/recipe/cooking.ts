/** What cook mode works out from a recipe's text: which ingredients a step uses, and the timers it mentions. */

export interface LinkableIngredient {
  referenceId?: string | null;
  title?: string | null;
  food?: { name: string; pluralName?: string | null } | null;
  note?: string | null;
}

export interface LinkableStep {
  text: string;
  ingredientReferences: { referenceId?: string | null }[];
}

const STOPWORDS = new Set([
  'and', 'with', 'for', 'the', 'into', 'from', 'cups', 'cup', 'tablespoons', 'tablespoon', 'teaspoons', 'teaspoon',
  'ounces', 'ounce', 'pounds', 'pound', 'grams', 'gram', 'large', 'small', 'medium', 'fresh', 'chopped', 'finely',
  'sliced', 'diced', 'minced', 'taste', 'about', 'plus', 'more', 'whole', 'optional', 'divided', 'pieces', 'piece',
]);

const normalise = (text: string) => text.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/** Word forms that name a food: "onion" also finds "onions", "tomatoes" also "tomato". */
function forms(word: string): string[] {
  const out = new Set([word, `${word}s`, `${word}es`]);
  if (word.endsWith('es') && word.length > 4) out.add(word.slice(0, -2));
  if (word.endsWith('s') && word.length > 3) out.add(word.slice(0, -1));
  return [...out];
}

/** The words that say what an ingredient is: its food, else the last meaningful words of its note. */
function keyWords(ingredient: LinkableIngredient): string[] {
  if (ingredient.food?.name) {
    const name = normalise(ingredient.food.name).trim();
    if (!name) return [];
    // "dry bread crumbs" is often just "the bread crumbs" in a step; "red onion" just "the onion".
    const words = name.split(/\s+/);
    const tails = words.length > 1 ? [words.slice(-2).join(' '), words[words.length - 1]].filter((w) => w.length >= 4 && !STOPWORDS.has(w)) : [];
    return [name, ...(ingredient.food.pluralName ? [normalise(ingredient.food.pluralName)] : []), ...tails];
  }
  const words = normalise(ingredient.note ?? '')
    .replace(/\(.*?\)/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 4 && !STOPWORDS.has(w));
  return words.slice(-2);
}

function mentions(text: string, phrase: string): boolean {
  for (const form of forms(phrase)) {
    const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\p{L}])${escaped}([^\\p{L}]|$)`, 'u').test(text)) return true;
  }
  return false;
}

/**
 * The ingredients of each step: the recipe's own links where a step has them, else the ingredients whose
 * food (or note) the step's text mentions. A step that mentions none gets none, so cook mode never
 * repeats the whole list under every step.
 */
export function ingredientsPerStep<I extends LinkableIngredient>(ingredients: readonly I[], steps: readonly LinkableStep[]): I[][] {
  const items = ingredients.filter((i) => !(i.title && !i.food && !(i.note ?? '').trim()));
  return steps.map((step) => {
    const refs = step.ingredientReferences.map((r) => r.referenceId).filter(Boolean);
    if (refs.length) return items.filter((i) => i.referenceId && refs.includes(i.referenceId));
    const text = normalise(step.text);
    return items.filter((i) => keyWords(i).some((word) => mentions(text, word)));
  });
}

export interface DetectedTimer {
  /** The words in the step that set it ("25 minutes"). */
  label: string;
  seconds: number;
}

const HOURS = 'hours?|hrs?|h|stunden?|std\\.?|heures?|horas?|ore|ora|uur|godzin[ya]?|godz\\.?|שעות|שעה|ساعات|ساعة';
const MINUTES = 'minutes?|mins?|min\\.?|minuten?|minutos?|minuti|minuut|minut[ya]?|דקות|דקה|دقائق|دقيقة';
const SECONDS = 'seconds?|secs?|sekunden?|secondes?|segundos?|secondi|seconden|sekund[ya]?|שניות|ثوان(?:ي|ٍ)?';
const NUMBER = '(\\d+(?:[.,]\\d+)?|½|¼|¾)';
const RANGE = `${NUMBER}(?:\\s*(?:-|–|to|bis|à|a|tot|do)\\s*${NUMBER})?`;
const PART = new RegExp(`${RANGE}\\s*(${HOURS}|${MINUTES}|${SECONDS})(?![\\p{L}])`, 'giu');

const toNumber = (text: string) => ({ '½': 0.5, '¼': 0.25, '¾': 0.75 })[text as '½'] ?? Number(text.replace(',', '.'));

function unitSeconds(unit: string): number {
  const u = unit.toLowerCase();
  if (new RegExp(`^(${HOURS})$`, 'iu').test(u)) return 3600;
  if (new RegExp(`^(${MINUTES})$`, 'iu').test(u)) return 60;
  return 1;
}

/**
 * Timers a step mentions: "bake 25 minutes", "1 hour 30 minutes" (one timer), "20-25 Minuten" (the
 * shorter time, so nothing burns), in English, German, French, Spanish, Italian, Dutch, Polish, Hebrew
 * and Arabic.
 */
export function detectTimers(text: string): DetectedTimer[] {
  const timers: DetectedTimer[] = [];
  let last: { end: number; timer: DetectedTimer } | null = null;
  for (const match of text.matchAll(PART)) {
    const seconds = Math.round(toNumber(match[1]) * unitSeconds(match[3]));
    if (!Number.isFinite(seconds) || seconds <= 0) continue;
    const start = match.index ?? 0;
    const between = last ? text.slice(last.end, start) : '';
    // "1 hour 30 minutes", "1 Stunde und 30 Minuten": one timer.
    if (last && /^\s*(and|und|et|y|e|en|i|ו)?\s*$/iu.test(between)) {
      last.timer.seconds += seconds;
      last.timer.label = text.slice(text.indexOf(last.timer.label), start + match[0].length);
      last.end = start + match[0].length;
      continue;
    }
    const timer = { label: match[0], seconds };
    timers.push(timer);
    last = { end: start + match[0].length, timer };
  }
  return timers;
}

/** 90 → "1:30", 3725 → "1:02:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * The editor's suggestion for one step: the reference ids of the ingredients its text mentions that it
 * does not link yet, in the recipe's order.
 */
export function suggestStepLinks(ingredients: readonly LinkableIngredient[], text: string, linked: readonly string[]): string[] {
  const [matches] = ingredientsPerStep(ingredients, [{ text, ingredientReferences: [] }]);
  return matches.flatMap((i) => (i.referenceId && !linked.includes(i.referenceId) ? [i.referenceId] : []));
}
