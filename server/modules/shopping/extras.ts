/** A row's `extras` column (a JSON object as text) as an object; anything else, or bad JSON, is empty. */
export function parseExtras(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  } catch {
    return {};
  }
}
