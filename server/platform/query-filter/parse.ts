import {
  QueryFilterError,
  decamelizePath,
  type ConditionNode,
  type FilterValue,
  type LogicalOperator,
  type QueryFilterAst,
  type QueryFilterNode,
  type RelationalOperator,
} from './ast.js';
import { tokenize, type Token } from './tokenize.js';

const ATTRIBUTE_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

function describe(token: Token): string {
  return token.kind === 'string' ? `"${token.text}" (quoted)` : `"${token.text}"`;
}

/**
 * Mealie's queryFilter grammar as a recursive-descent parser:
 *
 *   filter    := sequence END
 *   sequence  := term ((AND | OR) term)*        folded right to left, no precedence
 *   term      := "(" sequence ")" | condition
 *   condition := path (op value | [NOT] IN list | CONTAINS ALL list | [NOT] LIKE value | IS [NOT] (NULL | NONE))
 *   list      := "[" [value ("," value)*] "]"
 *   value     := word | "quoted text"
 *
 * Keywords are case-insensitive. Every error names the offending token and its position.
 */
class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly textLength: number,
  ) {}

  parse(): QueryFilterAst {
    if (this.tokens.length === 0) throw new QueryFilterError('query-filter.query-filter-is-empty', {}, 0);
    const node = this.sequence();
    const extra = this.peek();
    if (extra) {
      if (extra.kind === ')') throw new QueryFilterError('query-filter.unbalanced-parenthesis-at-position-has-no-matching', { position: extra.position }, extra.position);
      throw this.unexpected(extra, 'AND or OR');
    }
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private next(expected: string): Token {
    const token = this.tokens[this.index];
    if (!token) throw new QueryFilterError('query-filter.unexpected-end-of-query-filter-at-position', { textLength: this.textLength, expected }, this.textLength);
    this.index++;
    return token;
  }

  private unexpected(token: Token, expected: string): QueryFilterError {
    return new QueryFilterError('query-filter.unexpected-token-at-position-expected', { value: describe(token), position: token.position, expected }, token.position);
  }

  private isKeyword(token: Token | undefined, ...keywords: string[]): boolean {
    return token?.kind === 'word' && keywords.includes(token.text.toUpperCase());
  }

  private sequence(): QueryFilterNode {
    const terms = [this.term()];
    const operators: LogicalOperator[] = [];
    while (this.isKeyword(this.peek(), 'AND', 'OR')) {
      operators.push(this.next('AND or OR').text.toUpperCase() as LogicalOperator);
      terms.push(this.term());
    }
    // Right-to-left fold: A AND B OR C  →  A AND (B OR C).
    let node = terms[terms.length - 1];
    for (let i = terms.length - 2; i >= 0; i--) node = { kind: 'logical', operator: operators[i], left: terms[i], right: node };
    return node;
  }

  private term(): QueryFilterNode {
    const token = this.next('a condition or "("');
    if (token.kind === '(') {
      this.depth++;
      const inner = this.sequence();
      this.depth--;
      const close = this.peek();
      if (!close) throw new QueryFilterError('query-filter.unbalanced-parenthesis-at-position-is-never-closed', { position: token.position }, token.position);
      if (close.kind !== ')') throw this.unexpected(close, 'AND, OR or ")"');
      this.index++;
      return { kind: 'group', inner, position: token.position };
    }
    if (token.kind === ')' && this.depth > 0) throw this.unexpected(token, 'a condition inside the parentheses');
    if (token.kind === ')') throw new QueryFilterError('query-filter.unbalanced-parenthesis-at-position-has-no-matching', { position: token.position }, token.position);
    if (token.kind !== 'word') throw this.unexpected(token, 'an attribute name');
    if (this.isKeyword(token, 'AND', 'OR')) throw this.unexpected(token, 'a condition before the logical operator');
    if (!ATTRIBUTE_PATH.test(token.text)) {
      throw new QueryFilterError('query-filter.invalid-attribute-name-at-position', { text: token.text, position: token.position }, token.position);
    }
    return this.condition(token);
  }

  private condition(attribute: Token): ConditionNode {
    const base = { kind: 'condition' as const, attribute: decamelizePath(attribute.text), attributeText: attribute.text, position: attribute.position };
    const op = this.next(`an operator after "${attribute.text}"`);
    if (op.kind === 'operator') return { ...base, operator: op.text as RelationalOperator, value: this.scalar(op.text) };
    if (op.kind === 'word') {
      switch (op.text.toUpperCase()) {
        case 'IN':
          return { ...base, operator: 'IN', value: this.list('IN') };
        case 'LIKE':
          return { ...base, operator: 'LIKE', value: this.scalar('LIKE') };
        case 'IS': {
          const negated = this.isKeyword(this.peek(), 'NOT');
          if (negated) this.index++;
          return { ...base, operator: negated ? 'IS NOT' : 'IS', value: this.nullWord(negated ? 'IS NOT' : 'IS') };
        }
        case 'NOT': {
          const second = this.next('IN or LIKE after NOT');
          if (this.isKeyword(second, 'IN')) return { ...base, operator: 'NOT IN', value: this.list('NOT IN') };
          if (this.isKeyword(second, 'LIKE')) return { ...base, operator: 'NOT LIKE', value: this.scalar('NOT LIKE') };
          throw this.unexpected(second, 'IN or LIKE after NOT');
        }
        case 'CONTAINS': {
          const second = this.next('ALL after CONTAINS');
          if (!this.isKeyword(second, 'ALL')) throw this.unexpected(second, 'ALL after CONTAINS');
          return { ...base, operator: 'CONTAINS ALL', value: this.list('CONTAINS ALL') };
        }
      }
    }
    throw this.unexpected(op, `an operator (=, <>, >, <, >=, <=, IN, NOT IN, CONTAINS ALL, LIKE, NOT LIKE, IS, IS NOT) after "${attribute.text}"`);
  }

  private scalar(operator: string): FilterValue {
    const token = this.next(`a value after ${operator}`);
    if (token.kind === 'word' || token.kind === 'string') return { text: token.text, position: token.position };
    if (token.kind === '[') {
      throw new QueryFilterError('query-filter.list-at-position-is-only-allowed-after', { position: token.position, operator }, token.position);
    }
    throw this.unexpected(token, `a value after ${operator}`);
  }

  private nullWord(operator: string): FilterValue {
    const token = this.next(`NULL after ${operator}`);
    if ((token.kind === 'word' || token.kind === 'string') && ['NULL', 'NONE'].includes(token.text.toUpperCase())) {
      return { text: token.text, position: token.position };
    }
    throw new QueryFilterError('query-filter.must-be-followed-by-null-or-none', { operator, value: describe(token), position: token.position }, token.position);
  }

  private list(operator: string): FilterValue[] {
    const open = this.next(`a list like ["a", "b"] after ${operator}`);
    if (open.kind !== '[') {
      throw new QueryFilterError('query-filter.needs-a-list-of-values-in-brackets', { operator, position: open.position }, open.position);
    }
    const values: FilterValue[] = [];
    if (this.peek()?.kind === ']') {
      this.index++;
      return values;
    }
    for (;;) {
      const token = this.next('a value or "]"');
      if (token.kind !== 'word' && token.kind !== 'string') throw this.unexpected(token, 'a value in the list');
      values.push({ text: token.text, position: token.position });
      const separator = this.next(`"," or "]" to close the list opened at position ${open.position}`);
      if (separator.kind === ']') return values;
      if (separator.kind !== ',') throw this.unexpected(separator, `"," or "]" to close the list opened at position ${open.position}`);
    }
  }
}

/** Parses a Mealie queryFilter string; throws QueryFilterError (an HTTP 400) saying where it failed. */
export function parseQueryFilter(text: string): QueryFilterAst {
  return new Parser(tokenize(text), text.length).parse();
}
