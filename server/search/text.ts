/**
 * The one place where text becomes search terms, used for the index and for queries on both engines,
 * so "Crème brûlée", "creme brulee" and "CRÈME BRÛLÉE" give the same terms whatever the database.
 */

/** Letters NFKD leaves whole but a reader treats as two letters or a plain letter. */
const EXTRA_FOLDS: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ħ: 'h',
  ı: 'i',
  þ: 'th',
};
const EXTRA_FOLD_PATTERN = new RegExp(`[${Object.keys(EXTRA_FOLDS).join('')}]`, 'g');

/** Lower-cased, accents removed, ligatures spelled out. */
export function foldText(text: string): string {
  return text
    .replace(/(\p{N})([\u00BC-\u00BE\u2150-\u215E])/gu, '$1 $2') // "2½" is two numbers, not "21⁄2"
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(EXTRA_FOLD_PATTERN, (ch) => EXTRA_FOLDS[ch] ?? ch);
}

/** Folded words: runs of letters and digits (FTS5's unicode61 splits the same way). */
export function searchTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Terms shorter than this are indexed but never corrected: one typo in three letters is another word. */
export const MIN_CORRECTED_TERM_LENGTH = 4;
/** Vocabulary terms shorter than this cannot be one typo away from a correctable query word. */
export const MIN_VOCABULARY_VARIANT_LENGTH = MIN_CORRECTED_TERM_LENGTH - 1;
/** Longer terms (URLs, run-together junk) are not worth deletion variants. */
export const MAX_VOCABULARY_VARIANT_LENGTH = 32;

/** Whether a vocabulary term gets deletion variants, i.e. can be offered as the correction of a typo. */
export function isCorrectableTerm(term: string): boolean {
  const length = [...term].length;
  return length >= MIN_VOCABULARY_VARIANT_LENGTH && length <= MAX_VOCABULARY_VARIANT_LENGTH && !/^\p{N}+$/u.test(term);
}

/**
 * The term itself and every string made by deleting one of its characters (symmetric-delete spelling
 * correction): two words are at most one edit apart (a substitution, insertion, deletion or swap of
 * neighbours) only if these sets of both words share a string, so a typo is found by index lookups.
 */
export function deletionVariants(term: string): string[] {
  const chars = [...term];
  const variants = new Set<string>([term]);
  for (let i = 0; i < chars.length; i++) variants.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  return [...variants];
}

/**
 * Optimal string alignment distance (Levenshtein plus swaps of neighbours), stopping early once the
 * distance is above `limit`; compares code points so accented scripts count one edit per letter.
 */
export function editDistanceWithin(a: string, b: string, limit: number): boolean {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return false;
  let previous2: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return false;
    previous2 = previous;
    previous = current;
  }
  return previous[t.length] <= limit;
}

/** One word or quoted phrase of a search, already folded. */
export interface SearchWord {
  terms: string[];
  /** Quoted by the user: matched as written (a phrase when several terms), no prefix or typo tolerance. */
  exact: boolean;
}

/**
 * Splits what the user typed into words, keeping "quoted phrases" whole (Mealie's tokenizer does the same).
 * Duplicate words are dropped.
 */
export function parseSearchText(text: string): SearchWord[] {
  const words: SearchWord[] = [];
  const seen = new Set<string>();
  const add = (terms: string[], exact: boolean) => {
    if (terms.length === 0) return;
    const key = `${exact ? 'q' : 'w'}:${terms.join(' ')}`;
    if (seen.has(key)) return;
    seen.add(key);
    words.push({ terms, exact });
  };
  // A single quote only quotes at word edges, so "grandma's" stays a word.
  const quoted = /"([^"]*)"|(?<![\p{L}\p{N}])'([^']*)'(?![\p{L}\p{N}])/gu;
  let last = 0;
  for (const match of text.matchAll(quoted)) {
    for (const term of searchTerms(text.slice(last, match.index))) add([term], false);
    add(searchTerms(match[1] ?? match[2]), true);
    last = (match.index ?? 0) + match[0].length;
  }
  for (const term of searchTerms(text.slice(last))) add([term], false);
  return words;
}
