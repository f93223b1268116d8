import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { expressionBuilder, sql } from 'kysely';
import { QueryFilterError, type ConditionNode, type FilterValue, type QueryFilterAst, type QueryFilterNode } from './ast.js';
import { parseQueryFilter } from './parse.js';
import { coerceFilterValue, type CoercedValue, type FilterValueType } from './values.js';

/** Compares each row against a value reachable from it: a column, or a to-one relation's column. */
export interface ScalarFilterAttribute {
  kind: 'scalar';
  type: FilterValueType;
  expression(): Expression<unknown>;
}

/**
 * A to-many relation's column (tags.name, tools.id, ...): a condition holds when some related row matches.
 * Compiled to an uncorrelated `parent IN (subquery)`, so a filter never multiplies the rows of the list it
 * narrows and the database builds the matching id set once instead of probing it for every row.
 */
export interface CollectionFilterAttribute {
  kind: 'collection';
  type: FilterValueType;
  /** Whether the row has a related row whose value satisfies `condition` (any non-null value if none). */
  matching(condition: ((value: Expression<unknown>) => Expression<SqlBool>) | null): Expression<SqlBool>;
}

export type FilterAttribute = ScalarFilterAttribute | LookupFilterAttribute | CollectionFilterAttribute;

/** Attribute paths (snake_case, dotted) an entity can be filtered by. */
export type QueryFilterRegistry = Readonly<Record<string, FilterAttribute>>;

/** A column of the filtered table (or any table the query already joins), e.g. `recipes.rating`. */
export function columnAttribute(reference: string, type: FilterValueType): ScalarFilterAttribute {
  return { kind: 'scalar', type, expression: () => sql.ref(reference) };
}

export interface LookupSpec {
  /** The related table and the alias used inside the subquery. */
  table: string;
  alias: string;
  /** Column of the related table compared with the filter value. */
  column: string;
  /** Unique column of the related table that the filtered row points at... */
  key: string;
  /** ...and the filtered row's column holding that key, e.g. `recipes.user_id`. */
  foreignKey: string;
}

/**
 * A to-one relation's column (user.username, household.preferences.private_household): the row's foreign
 * key must be among the related rows satisfying the condition, an uncorrelated `fk IN (subquery)`.
 */
export interface LookupFilterAttribute {
  kind: 'lookup';
  type: FilterValueType;
  matching(condition: (value: Expression<unknown>) => Expression<SqlBool>): Expression<SqlBool>;
  /** The row has no related row, or the related value is NULL. */
  missing(): Expression<SqlBool>;
}

export function lookupAttribute(spec: LookupSpec, type: FilterValueType): LookupFilterAttribute {
  const keysWhere = (condition: Expression<SqlBool>) =>
    sql<SqlBool>`${sql.ref(spec.foreignKey)} in (select ${sql.ref(`${spec.alias}.${spec.key}`)} from ${sql.table(spec.table)} as ${sql.id(
      spec.alias,
    )} where ${condition})`;
  const column = sql.ref(`${spec.alias}.${spec.column}`);
  return {
    kind: 'lookup',
    type,
    matching: (condition) => keysWhere(condition(column)),
    missing: () => sql<SqlBool>`(${sql.ref(spec.foreignKey)} is null or not ${keysWhere(sql<SqlBool>`${column} is not null`)})`,
  };
}

export interface CollectionSpec {
  /** The table holding one row per related item for the filtered row, e.g. `recipes_to_tags`. */
  table: string;
  alias: string;
  /** Its column pointing at the filtered row (never null), and the filtered row's column it equals. */
  parentKey: string;
  parentReference: string;
  /** Further inner joins, e.g. the tags themselves: `{ table: 'tags', alias: 'qf_tag', on: ['qf_tag.id', 'qf_rt.tag_id'] }`. */
  joins?: Array<{ table: string; alias: string; on: [string, string] }>;
  /** Fixed extra condition on the related rows, e.g. only favourites. */
  where?: (alias: string) => Expression<SqlBool>;
  /** Qualified column compared with the filter value. */
  column: string;
}

export function collectionAttribute(spec: CollectionSpec, type: FilterValueType): CollectionFilterAttribute {
  return {
    kind: 'collection',
    type,
    matching(condition) {
      const column = sql.ref(spec.column);
      const joins = (spec.joins ?? []).map(
        (join) => sql` inner join ${sql.table(join.table)} as ${sql.id(join.alias)} on ${sql.ref(join.on[0])} = ${sql.ref(join.on[1])}`,
      );
      const filters: Expression<SqlBool>[] = [condition ? condition(column) : sql<SqlBool>`${column} is not null`];
      if (spec.where) filters.push(spec.where(spec.alias));
      return sql<SqlBool>`${sql.ref(spec.parentReference)} in (select ${sql.ref(`${spec.alias}.${spec.parentKey}`)} from ${sql.table(
        spec.table,
      )} as ${sql.id(spec.alias)}${sql.join(joins, sql``)} where ${sql.join(filters, sql` and `)})`;
    },
  };
}

export interface CompileOptions {
  /** The time `$NOW` stands for (tests pin it); defaults to the current time. */
  now?: Date;
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

function values(condition: ConditionNode): FilterValue[] {
  return Array.isArray(condition.value) ? condition.value : [condition.value];
}

function compileCondition<DB, TB extends keyof DB>(
  condition: ConditionNode,
  registry: QueryFilterRegistry,
  eb: ExpressionBuilder<DB, TB>,
  now: Date,
): Expression<SqlBool> {
  const attribute = Object.hasOwn(registry, condition.attribute) ? registry[condition.attribute] : undefined;
  if (!attribute) {
    throw new QueryFilterError('query-filter.unknown-attribute-at-position', { attributeText: condition.attributeText, position: condition.position }, condition.position);
  }
  const name = condition.attributeText;
  const op = condition.operator;
  const coerce = (value: FilterValue): CoercedValue => coerceFilterValue(value, attribute.type, name, now);

  if ((op === 'LIKE' || op === 'NOT LIKE') && attribute.type !== 'text') {
    throw new QueryFilterError('query-filter.at-position-only-works-on-text-attributes', { op, position: condition.position, name, type: attribute.type }, condition.position);
  }
  if (op === 'CONTAINS ALL' && attribute.kind !== 'collection') {
    throw new QueryFilterError(
      'query-filter.contains-all-at-position-only-works-on', { position: condition.position, name },
      condition.position,
    );
  }

  const first = () => coerce(values(condition)[0]);
  const list = () => values(condition).map(coerce);
  const lower = (value: Expression<unknown>) => eb.fn('lower', [value]);

  /** The condition on one value, as written: for a column, or for the related row of a reference. */
  const direct = (value: Expression<unknown>): Expression<SqlBool> => {
    switch (op) {
      case 'IN':
        return list().length === 0 ? FALSE : eb(value, 'in', list());
      case 'NOT IN':
        return list().length === 0 ? TRUE : eb(value, 'not in', list());
      case 'LIKE':
        return eb(lower(value), 'like', String(first()).toLowerCase());
      case 'NOT LIKE':
        return eb(lower(value), 'not like', String(first()).toLowerCase());
      case 'IS':
        return eb(value, 'is', null);
      case 'IS NOT':
        return eb(value, 'is not', null);
      case 'CONTAINS ALL':
        throw new QueryFilterError('query-filter.contains-all-at-position-needs-a-list', { position: condition.position }, condition.position);
      default:
        return eb(value, op, first());
    }
  };

  if (attribute.kind === 'scalar') return direct(attribute.expression());
  if (attribute.kind === 'lookup') return op === 'IS' ? attribute.missing() : attribute.matching(direct);

  // To-many: the negated operators negate "some related row matches", so "tags.name <> x" means "no tag x".
  switch (op) {
    case 'CONTAINS ALL': {
      const wanted = [...new Set(list())];
      if (wanted.length === 0) return TRUE;
      return eb.and(wanted.map((item) => attribute.matching((value) => eb(value, '=', item))));
    }
    case 'IS':
      return eb.not(attribute.matching(null));
    case 'IS NOT':
      return attribute.matching(null);
    case 'IN':
      return list().length === 0 ? FALSE : attribute.matching((value) => eb(value, 'in', list()));
    case 'NOT IN':
      return list().length === 0 ? TRUE : eb.not(attribute.matching((value) => eb(value, 'in', list())));
    case 'LIKE':
      return attribute.matching((value) => eb(lower(value), 'like', String(first()).toLowerCase()));
    case 'NOT LIKE':
      return eb.not(attribute.matching((value) => eb(lower(value), 'like', String(first()).toLowerCase())));
    case '<>':
      return eb.not(attribute.matching((value) => eb(value, '=', first())));
    default:
      return attribute.matching((value) => eb(value, op, first()));
  }
}

function compileNode<DB, TB extends keyof DB>(
  node: QueryFilterNode,
  registry: QueryFilterRegistry,
  eb: ExpressionBuilder<DB, TB>,
  now: Date,
): Expression<SqlBool> {
  switch (node.kind) {
    case 'condition':
      return compileCondition(node, registry, eb, now);
    case 'group':
      return eb.parens(compileNode(node.inner, registry, eb, now));
    case 'logical': {
      const parts = [compileNode(node.left, registry, eb, now), compileNode(node.right, registry, eb, now)];
      return node.operator === 'AND' ? eb.and(parts) : eb.or(parts);
    }
  }
}

/**
 * Turns a parsed filter into one boolean SQL expression over the registry's attributes, every value a
 * bound parameter. Throws QueryFilterError for an unknown attribute or a value of the wrong type.
 */
export function compileQueryFilter<DB, TB extends keyof DB>(
  ast: QueryFilterAst,
  registry: QueryFilterRegistry,
  eb: ExpressionBuilder<DB, TB>,
  options: CompileOptions = {},
): Expression<SqlBool> {
  return compileNode(ast, registry, eb, options.now ?? new Date());
}

/**
 * Parses and checks `text` now, so a bad filter fails (as a 400) before any query is built, and returns a
 * callback for Kysely's `.where(...)`: `query.where(queryFilterCondition(text, RECIPE_FILTER_ATTRIBUTES))`.
 */
export function queryFilterCondition(text: string, registry: QueryFilterRegistry, options: CompileOptions = {}) {
  const ast = parseQueryFilter(text);
  const pinned = { now: options.now ?? new Date() };
  compileQueryFilter(ast, registry, expressionBuilder<Record<string, never>, never>(), pinned);
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => compileQueryFilter(ast, registry, eb, pinned);
}
