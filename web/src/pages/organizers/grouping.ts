/** Items filtered by a case- and accent-insensitive match on their name. */
export function normalize(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export function filterByName<T extends { name: string }>(items: readonly T[], filter: string): T[] {
  const needle = normalize(filter.trim());
  if (!needle) return [...items];
  return items.filter((item) => normalize(item.name).includes(needle));
}

/** Items in sections by their first letter ('#' for digits and symbols), sections and items in name order. */
export function groupByLetter<T extends { name: string }>(items: readonly T[], locale?: string): { letter: string; items: T[] }[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sorted = [...items].sort((a, b) => collator.compare(a.name, b.name));
  const groups = new Map<string, T[]>();
  for (const item of sorted) {
    const first = normalize(item.name.trim()).charAt(0).toLocaleUpperCase();
    const letter = /\p{L}/u.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), item]);
  }
  return [...groups.entries()].map(([letter, group]) => ({ letter, items: group }));
}
