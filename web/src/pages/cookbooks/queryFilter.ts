/*
 * The cookbook editor's filter rows and the queryFilter string they stand for (Mealie's grammar, the same
 * the recipe list takes): `tags.id IN ["…"] AND recipe_category.id CONTAINS ALL ["…"] AND …`.
 */

export type FilterField = 'categories' | 'tags' | 'tools' | 'foods' | 'households';
export type FilterOperator = 'IN' | 'CONTAINS ALL' | 'NOT IN';

export interface FilterRow {
  field: FilterField;
  operator: FilterOperator;
  /** Ids of the organizers, foods or households. */
  values: string[];
}

export const FILTER_FIELDS: FilterField[] = ['categories', 'tags', 'tools', 'foods', 'households'];

const ATTRIBUTES: Record<FilterField, string> = {
  categories: 'recipe_category.id',
  tags: 'tags.id',
  tools: 'tools.id',
  foods: 'recipe_ingredient.food.id',
  households: 'household_id',
};

/** Which operators make sense: a recipe has one household, so "all of" is not offered there. */
export function operatorsFor(field: FilterField): FilterOperator[] {
  return field === 'households' ? ['IN', 'NOT IN'] : ['IN', 'CONTAINS ALL', 'NOT IN'];
}

const quote = (value: string) => `"${value.replace(/"/g, '')}"`;

/** The filter string of the rows that have values; rows without values are left out. */
export function rowsToFilter(rows: FilterRow[]): string {
  return rows
    .filter((row) => row.values.length > 0)
    .map((row) => `${ATTRIBUTES[row.field]} ${row.operator} [${row.values.map(quote).join(', ')}]`)
    .join(' AND ');
}

const PART = /^\s*([\w.]+)\s+(IN|CONTAINS ALL|NOT IN)\s+\[([^\]]*)\]\s*$/i;

/**
 * Rows from a stored filter written in the editor's own form, or null when it is anything else
 * (the editor then offers the text as it is).
 */
export function filterToRows(filter: string): FilterRow[] | null {
  if (!filter.trim()) return [];
  const rows: FilterRow[] = [];
  for (const part of filter.split(/\s+AND\s+/i)) {
    const match = PART.exec(part);
    if (!match) return null;
    const field = FILTER_FIELDS.find((f) => ATTRIBUTES[f] === match[1]);
    if (!field) return null;
    const operator = match[2].toUpperCase().replace(/\s+/g, ' ') as FilterOperator;
    if (!operatorsFor(field).includes(operator)) return null;
    const values = match[3]
      .split(',')
      .map((v) => v.trim().replace(/^"|"$/g, ''))
      .filter(Boolean);
    rows.push({ field, operator, values });
  }
  return rows;
}
