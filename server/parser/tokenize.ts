/**
 * Turns an ingredient line into tokens that remember whether whitespace preceded
 * them, so any run of tokens can be joined back into readable text.
 */

export type TokenKind = 'number' | 'word' | 'punct';

export interface Token {
  text: string;
  kind: TokenKind;
  /** Numeric value for number tokens (fractions and unicode fractions resolved). */
  value?: number;
  /** True for fraction tokens such as "1/2" or "½", which may follow a whole number. */
  isFraction?: boolean;
  spaceBefore: boolean;
}

const UNICODE_FRACTIONS: Record<string, number> = {
  '½': 1 / 2,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅐': 1 / 7,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
  '⅑': 1 / 9,
  '⅒': 1 / 10,
};

const UNICODE_FRACTION_CHARS = Object.keys(UNICODE_FRACTIONS).join('');

/** Normalises typography that would otherwise split or confuse tokens. */
export function normalizeLine(line: string): string {
  return line
    .normalize('NFC')
    .replace(/\u00AD/g, '') // soft hyphen
    .replace(/[\u2044\u2215]/g, '/') // fraction slash, division slash
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-')
    .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const TOKEN_PATTERN = new RegExp(
  [
    // whole number directly followed by a unicode fraction: "1½"
    `(?<mixedUnicode>\\d+[${UNICODE_FRACTION_CHARS}])`,
    `(?<unicodeFraction>[${UNICODE_FRACTION_CHARS}])`,
    // "1/2", also "1 /2" is left to the tokenizer as separate pieces
    '(?<fraction>\\d+/\\d+)',
    // a word that starts with letters and carries digits ("contractgrain712ca8", "B12") stays one word:
    // splitting it would read its inner digits as an amount and its tail as a note. Amounts glued to a
    // unit ("450g") start with a digit and are still split.
    "(?<mixedWord>[\\p{L}\\p{M}]+(?:['’\\-][\\p{L}\\p{M}]+)*\\d[\\p{L}\\p{M}\\d]*)",
    // decimals with "." or ","; "1,500" is treated below
    '(?<number>\\d+(?:[.,]\\d+)?)',
    // ".25 ounce"
    '(?<leadingDecimal>\\.\\d+)',
    // words: letters with inner apostrophes and hyphens ("extra-virgin", "Duke’s", "d'huile")
    "(?<word>[\\p{L}\\p{M}]+(?:['’\\-][\\p{L}\\p{M}]+)*['’]?)",
    '(?<punct>\\S)',
  ].join('|'),
  'gu',
);

function parseDecimal(text: string): number {
  // "1,500" (comma + exactly three digits) is a thousands separator; "1,5" is a decimal comma
  if (/^\d{1,3},\d{3}$/.test(text)) return Number(text.replace(',', ''));
  return Number(text.replace(',', '.'));
}

export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  const text = normalizeLine(line);
  let previousEnd = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const groups = match.groups ?? {};
    const start = match.index ?? 0;
    const spaceBefore = start > previousEnd;
    previousEnd = start + match[0].length;
    if (groups.mixedUnicode) {
      const whole = Number(groups.mixedUnicode.slice(0, -1));
      const fraction = UNICODE_FRACTIONS[groups.mixedUnicode.slice(-1)];
      tokens.push({ text: groups.mixedUnicode, kind: 'number', value: whole + fraction, spaceBefore });
    } else if (groups.unicodeFraction) {
      tokens.push({
        text: groups.unicodeFraction,
        kind: 'number',
        value: UNICODE_FRACTIONS[groups.unicodeFraction],
        isFraction: true,
        spaceBefore,
      });
    } else if (groups.fraction) {
      const [numerator, denominator] = groups.fraction.split('/').map(Number);
      const value = denominator === 0 ? numerator : numerator / denominator;
      tokens.push({ text: groups.fraction, kind: 'number', value, isFraction: true, spaceBefore });
    } else if (groups.number) {
      tokens.push({ text: groups.number, kind: 'number', value: parseDecimal(groups.number), spaceBefore });
    } else if (groups.leadingDecimal) {
      tokens.push({ text: groups.leadingDecimal, kind: 'number', value: Number(groups.leadingDecimal), spaceBefore });
    } else if (groups.word || groups.mixedWord) {
      tokens.push({ text: groups.word ?? groups.mixedWord, kind: 'word', spaceBefore });
    } else {
      tokens.push({ text: match[0], kind: 'punct', spaceBefore });
    }
  }
  return tokens;
}

const NO_SPACE_AFTER = new Set(['(', '[']);
const NO_SPACE_BEFORE = new Set([',', ')', ']', ';']);

/** Joins tokens back into text, keeping the original spacing (minus stray spaces around brackets and commas). */
export function joinTokens(tokens: readonly Token[]): string {
  let out = '';
  tokens.forEach((token, index) => {
    if (index > 0 && token.spaceBefore && !NO_SPACE_BEFORE.has(token.text) && !NO_SPACE_AFTER.has(tokens[index - 1].text)) {
      out += ' ';
    }
    out += token.text;
  });
  return out.trim();
}

/** Joins tokens and trims dangling separators (commas, "and", "or", dashes) from both ends. */
export function joinClean(tokens: readonly Token[]): string {
  let start = 0;
  let end = tokens.length;
  const isDangling = (token: Token) => token.kind === 'punct' && /^[,;:\-/.&*•]$/.test(token.text);
  // "q.b." and "c. à s." end in an abbreviation dot worth keeping
  const isAbbreviationDot = (index: number) => tokens[index].text === '.' && index > 0 && /^\p{L}$/u.test(tokens[index - 1].text);
  while (start < end && isDangling(tokens[start])) start++;
  while (end > start && isDangling(tokens[end - 1]) && !isAbbreviationDot(end - 1)) end--;
  return joinTokens(tokens.slice(start, end));
}

export function lower(token: Token | undefined): string {
  return token ? token.text.toLowerCase() : '';
}
