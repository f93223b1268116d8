import type { LogicalOperator, QueryFilterAst, QueryFilterNode, RelationalKeyword, RelationalOperator } from './ast.js';

/** Mealie's QueryFilterJSONPart, as cookbooks and meal-plan rules return it next to their filter string. */
export interface QueryFilterJsonPart {
  leftParenthesis: string | null;
  rightParenthesis: string | null;
  logicalOperator: LogicalOperator | null;
  attributeName: string | null;
  relationalOperator: RelationalOperator | RelationalKeyword | null;
  value: string | string[] | null;
}

export interface QueryFilterJson {
  parts: QueryFilterJsonPart[];
}

/**
 * The parsed filter as Mealie's `{"parts": [...]}`: one part per condition, in written order, carrying the
 * parentheses opened before it and closed after it, and the logical operator that joins it to the part before.
 */
export function queryFilterToJson(ast: QueryFilterAst): QueryFilterJson {
  const parts: QueryFilterJsonPart[] = [];
  let openParentheses = 0;
  let pendingOperator: LogicalOperator | null = null;

  const visit = (node: QueryFilterNode): void => {
    switch (node.kind) {
      case 'group': {
        openParentheses++;
        visit(node.inner);
        const last = parts[parts.length - 1];
        last.rightParenthesis = `${last.rightParenthesis ?? ''})`;
        return;
      }
      case 'logical':
        visit(node.left);
        pendingOperator = node.operator;
        visit(node.right);
        return;
      case 'condition':
        parts.push({
          leftParenthesis: openParentheses > 0 ? '('.repeat(openParentheses) : null,
          rightParenthesis: null,
          logicalOperator: pendingOperator,
          attributeName: node.attribute,
          relationalOperator: node.operator,
          value: Array.isArray(node.value) ? node.value.map((v) => v.text) : node.value.text,
        });
        openParentheses = 0;
        pendingOperator = null;
    }
  };
  visit(ast);
  return { parts };
}
