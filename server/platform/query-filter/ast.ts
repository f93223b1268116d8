import { HttpError, type ErrorKey, type MessageVars } from '../errors.js';

/**
 * A malformed or inapplicable queryFilter. It is an HTTP 400 whose message says what is wrong and where,
 * so a route that passes the user's filter on needs no try/catch of its own.
 */
export class QueryFilterError extends HttpError {
  constructor(
    key: ErrorKey,
    vars: MessageVars = {},
    public readonly position: number | null = null,
  ) {
    super(400, key, vars);
    this.name = 'QueryFilterError';
  }
}

export type RelationalOperator = '=' | '<>' | '>' | '<' | '>=' | '<=';
export type RelationalKeyword = 'IS' | 'IS NOT' | 'IN' | 'NOT IN' | 'CONTAINS ALL' | 'LIKE' | 'NOT LIKE';
export type LogicalOperator = 'AND' | 'OR';

/** A value as the user wrote it (quotes removed), with where it starts in the filter text. */
export interface FilterValue {
  text: string;
  position: number;
}

export interface ConditionNode {
  kind: 'condition';
  /** snake_case dotted path (`recipeCategory.slug` → `recipe_category.slug`). */
  attribute: string;
  /** The path as written, for messages. */
  attributeText: string;
  operator: RelationalOperator | RelationalKeyword;
  /** A list for IN / NOT IN / CONTAINS ALL, the NULL/NONE word for IS / IS NOT, one value otherwise. */
  value: FilterValue | FilterValue[];
  position: number;
}

/** A parenthesized sub-expression, kept so the filter converts back to Mealie's JSON parts as written. */
export interface GroupNode {
  kind: 'group';
  inner: QueryFilterNode;
  position: number;
}

export interface LogicalNode {
  kind: 'logical';
  operator: LogicalOperator;
  left: QueryFilterNode;
  right: QueryFilterNode;
}

export type QueryFilterNode = ConditionNode | GroupNode | LogicalNode;
export type QueryFilterAst = QueryFilterNode;

export const LIST_OPERATORS: ReadonlySet<string> = new Set(['IN', 'NOT IN', 'CONTAINS ALL']);

/** `householdId` → `household_id`, `orgURL` → `org_url`, per dotted segment. */
export function decamelizePath(path: string): string {
  return path
    .split('.')
    .map((segment) =>
      segment
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
        .toLowerCase(),
    )
    .join('.');
}
