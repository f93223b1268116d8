import { normalizeText } from '../server/platform/slug.js';
import { ADJECTIVES, CATEGORIES, DISHES, MAINS, TAGS } from './generate.js';

/**
 * Searches the server has not seen, of four kinds, so that each request is counted and ranked from the index
 * (a search's page and its total are kept per version and search text): never the same text twice in a run,
 * across kinds too. Each kind's texts run out after a while (common ~1,700, typo and accent well over 1,000,
 * rare as many as the ingredient lines give); `next` throws then rather than send a search twice.
 */
export type SearchKind = 'common' | 'rare' | 'typo' | 'accent';

const lower = (names: readonly string[]) => names.map((name) => name.toLowerCase());
const ascii = (word: string) => /^[a-z]+$/.test(word);
const pairs = (first: readonly string[], second: readonly string[]) => first.flatMap((a) => second.map((b) => `${a} ${b}`));

/** Two words of the generator's recipe names, as its names hold them ("smoky chicken", "chicken curry"): many recipes each. */
function commonSearches(): string[] {
  const adjectives = lower(ADJECTIVES);
  const mains = lower(MAINS);
  const dishes = lower(DISHES);
  return [...pairs(mains, dishes), ...pairs(adjectives, mains), ...pairs(adjectives, dishes)];
}

/** Words of three letters or more of the names' vocabulary with one slip: a letter left out, doubled or swapped. */
function typoSearches(): string[] {
  const words = [...new Set([...MAINS, ...DISHES, ...ADJECTIVES, ...TAGS, ...CATEGORIES].flatMap((name) => name.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 5 && ascii(w)))];
  const slips = (word: string) => {
    const out: string[] = [];
    for (let i = 1; i < word.length - 1; i += 1) {
      out.push(word.slice(0, i) + word.slice(i + 1)); // left out
      out.push(word.slice(0, i) + word[i] + word.slice(i)); // doubled
      if (word[i] !== word[i + 1]) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)); // swapped
    }
    return out;
  };
  const single = words.flatMap(slips);
  return [...single, ...pairs(single, lower(DISHES).filter(ascii))];
}

const ACCENTED: Record<string, string> = { e: 'é', a: 'à', o: 'ô', i: 'î', u: 'ü', c: 'ç' };

/** A tag or category and a main, typed with accents ("végan chicken"), which the search folds. */
function accentSearches(): string[] {
  const accent = (text: string) => {
    const at = [...text].findIndex((ch) => ch in ACCENTED);
    return at < 0 ? text : text.slice(0, at) + ACCENTED[text[at]] + text.slice(at + 1);
  };
  return pairs(lower([...TAGS, ...CATEGORIES]), lower(MAINS)).map((pair) => pair.split(' ').map(accent).join(' '));
}

/** Words found in only one or two of the ingredient lines the recipes are made from: a few recipes each. */
function rareSearches(ingredientLines: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of ingredientLines) {
    for (const word of new Set(normalizeText(line).split(/[^a-z]+/))) if (word.length >= 6) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const named = new Set(commonSearches().flatMap((pair) => pair.split(' ')));
  const rare = [...counts].filter(([word, n]) => n <= 2 && !named.has(word)).map(([word]) => word).sort();
  return rare;
}

export class UnseenSearches {
  private readonly texts: Record<SearchKind, string[]>;
  private readonly position: Record<SearchKind, number> = { common: 0, rare: 0, typo: 0, accent: 0 };
  private readonly sent = new Set<string>();

  constructor(ingredientLines: readonly string[]) {
    this.texts = { common: commonSearches(), rare: rareSearches(ingredientLines), typo: typoSearches(), accent: accentSearches() };
  }

  /** How many searches of this kind are left. */
  left(kind: SearchKind): number {
    return this.texts[kind].length - this.position[kind];
  }

  /** The next search of this kind not sent yet (nor its folded form). */
  next(kind: SearchKind): string {
    const texts = this.texts[kind];
    while (this.position[kind] < texts.length) {
      const text = texts[this.position[kind]++];
      const folded = normalizeText(text);
      if (this.sent.has(folded)) continue;
      this.sent.add(folded);
      return text;
    }
    throw new Error(`no ${kind} search left that the server has not seen (lower BENCH_REQUESTS)`);
  }

  /** The path of the next unseen search of this kind, as the recipe list's search box sends it. */
  path(kind: SearchKind): string {
    const order = kind === 'common' ? '&orderBy=name&orderDirection=asc' : '';
    return `/api/recipes?page=1&perPage=20&search=${encodeURIComponent(this.next(kind))}${order}`;
  }
}
