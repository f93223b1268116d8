import type { QueryFilterJsonOut } from '../../../../contract/mealplans';

/**
 * The query-filter builder's fields (categories, tags, tools, foods, households; any or all of each) and
 * their queryFilterString, in Mealie's grammar with ids (names can change, ids do not). A stored filter
 * loads back into the fields when it is a plain AND of such conditions; otherwise it is edited as text.
 */
export const FILTER_FIELDS = {
  categories: { attribute: 'recipe_category.id', requireAll: true },
  tags: { attribute: 'tags.id', requireAll: true },
  tools: { attribute: 'tools.id', requireAll: true },
  foods: { attribute: 'recipe_ingredient.food.id', requireAll: true },
  households: { attribute: 'household_id', requireAll: false },
} as const;
export type FilterField = keyof typeof FILTER_FIELDS;
export const FILTER_FIELD_KEYS = Object.keys(FILTER_FIELDS) as FilterField[];

export interface FieldValue {
  ids: string[];
  requireAll: boolean;
}
export type FilterFields = Record<FilterField, FieldValue>;

export function emptyFields(): FilterFields {
  return Object.fromEntries(FILTER_FIELD_KEYS.map((key) => [key, { ids: [], requireAll: false }])) as unknown as FilterFields;
}

const quote = (value: string) => `"${value.replace(/"/g, '')}"`;

/** The queryFilterString of the fields ('' when nothing is chosen). */
export function fieldsToFilter(fields: FilterFields): string {
  const parts: string[] = [];
  for (const key of FILTER_FIELD_KEYS) {
    const { ids, requireAll } = fields[key];
    if (ids.length === 0) continue;
    const operator = requireAll && FILTER_FIELDS[key].requireAll ? 'CONTAINS ALL' : 'IN';
    parts.push(`${FILTER_FIELDS[key].attribute} ${operator} [${ids.map(quote).join(', ')}]`);
  }
  return parts.join(' AND ');
}

const ATTRIBUTE_FIELDS = new Map<string, FilterField>(FILTER_FIELD_KEYS.map((key) => [FILTER_FIELDS[key].attribute, key]));
// Other spellings the server accepts for the same attributes.
ATTRIBUTE_FIELDS.set('categories.id', 'categories');
ATTRIBUTE_FIELDS.set('foods.id', 'foods');
ATTRIBUTE_FIELDS.set('household.id', 'households');

/**
 * The fields of a stored filter, from the server's parsed `queryFilter.parts`, or null when the filter says
 * more than the fields can (OR, parentheses, other attributes or operators): it is then edited as text.
 */
export function filterToFields(parsed: QueryFilterJsonOut | null | undefined): FilterFields | null {
  const fields = emptyFields();
  for (const part of parsed?.parts ?? []) {
    if (part.leftParenthesis || part.rightParenthesis) return null;
    if (part.logicalOperator && part.logicalOperator.toUpperCase() !== 'AND') return null;
    const key = part.attributeName ? ATTRIBUTE_FIELDS.get(part.attributeName.toLowerCase()) : undefined;
    if (!key || fields[key].ids.length > 0) return null;
    const operator = (part.relationalOperator ?? '').toUpperCase();
    const values = Array.isArray(part.value) ? part.value : part.value !== null ? [part.value] : [];
    if (operator === 'IN' || operator === '=') fields[key] = { ids: values, requireAll: false };
    else if (operator === 'CONTAINS ALL' && FILTER_FIELDS[key].requireAll) fields[key] = { ids: values, requireAll: true };
    else return null;
  }
  return fields;
}
