export {
  QueryFilterError,
  decamelizePath,
  type ConditionNode,
  type FilterValue,
  type GroupNode,
  type LogicalNode,
  type LogicalOperator,
  type QueryFilterAst,
  type QueryFilterNode,
  type RelationalKeyword,
  type RelationalOperator,
} from './ast.js';
export { parseQueryFilter } from './parse.js';
export {
  collectionAttribute,
  columnAttribute,
  compileQueryFilter,
  lookupAttribute,
  queryFilterCondition,
  type CollectionFilterAttribute,
  type CollectionSpec,
  type CompileOptions,
  type FilterAttribute,
  type LookupFilterAttribute,
  type LookupSpec,
  type QueryFilterRegistry,
  type ScalarFilterAttribute,
} from './compile.js';
export { coerceFilterValue, resolveNowPlaceholder, type FilterValueType } from './values.js';
export { RECIPE_FILTER_ATTRIBUTES, recipeFilterAttributes } from './recipe-attributes.js';
export { queryFilterToJson, type QueryFilterJson, type QueryFilterJsonPart } from './json.js';
export { storedFilter } from './stored.js';
