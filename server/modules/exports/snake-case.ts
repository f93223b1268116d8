/** Keys whose Mealie field name is not the plain snake_case of the wire alias. */
const FIELD_NAMES: Record<string, string> = { orgURL: 'org_url', updatedAt: 'update_at' };
/** Objects whose keys are user data (kept as typed). */
const USER_KEYED = new Set(['extras']);

export function snakeKey(key: string): string {
  return FIELD_NAMES[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** A recipe as Mealie's export writes it: the model's own (snake_case) field names, not the camelCase aliases. */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [snakeKey(key), USER_KEYED.has(key) ? inner : snakeCaseKeys(inner)]),
  );
}
