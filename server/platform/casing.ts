/** Mealie accepts snake_case input as well as camelCase; we camelize JSON bodies before validation. */
const KEEP_AS_IS = new Set(['extras']);

function camelKey(key: string): string {
  return key.includes('_') ? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key;
}

export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const camel = camelKey(key);
    // An explicit camelCase key wins over its snake_case twin.
    if (camel !== key && Object.prototype.hasOwnProperty.call(value, camel)) continue;
    out[camel] = KEEP_AS_IS.has(camel) ? inner : camelizeKeys(inner);
  }
  return out;
}
