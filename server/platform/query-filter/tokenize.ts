import { QueryFilterError } from './ast.js';

export type TokenKind = 'word' | 'string' | 'operator' | '(' | ')' | '[' | ']' | ',';

export interface Token {
  kind: TokenKind;
  /** For a string: its content without the quotes. For an operator: its canonical form. */
  text: string;
  /** Index of the token's first character in the filter text (0-based). */
  position: number;
}

const PUNCTUATION = new Set(['(', ')', '[', ']', ',']);
/** Characters that end a bare word: operators need no spaces around them (`rating>=4`). */
const WORD_BREAK = /[\s()[\],"=<>!]/;
const OPERATORS = ['<>', '>=', '<=', '!=', '=', '>', '<'] as const;

/**
 * Splits a queryFilter into tokens. Keywords (AND, IN, LIKE, ...) stay words; the parser tells them from
 * values by where they stand, so a value may be any word and a quoted value may hold anything but a quote.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (PUNCTUATION.has(ch)) {
      tokens.push({ kind: ch as TokenKind, text: ch, position: i });
      i++;
      continue;
    }
    if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      if (end === -1) throw new QueryFilterError('query-filter.unterminated-quoted-value-starting-at-position', { i }, i);
      tokens.push({ kind: 'string', text: text.slice(i + 1, end), position: i });
      i = end + 1;
      continue;
    }
    const operator = OPERATORS.find((op) => text.startsWith(op, i));
    if (operator) {
      tokens.push({ kind: 'operator', text: operator === '!=' ? '<>' : operator, position: i });
      i += operator.length;
      continue;
    }
    const start = i;
    while (i < text.length && !WORD_BREAK.test(text[i])) i++;
    if (i === start) {
      // A lone "!" (not part of "!="): nothing else can start here.
      throw new QueryFilterError('query-filter.unexpected-character-at-position', { ch, start }, start);
    }
    tokens.push({ kind: 'word', text: text.slice(start, i), position: start });
  }
  return tokens;
}
