import { DEFAULT_LOCALE, LOCALES } from './locales';
import { i18n, loadMessages, type Messages } from './index';

/** Dotted keys of every non-empty string leaf. */
export function leafKeys(messages: Messages, prefix = ''): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (value.trim() !== '') keys.push(path);
    } else if (value && typeof value === 'object') {
      keys.push(...leafKeys(value, path));
    }
  }
  return keys;
}

// Plural forms differ per language (English has _one/_other, Arabic six forms): they count as one key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function messageKeys(messages: Messages): Set<string> {
  return new Set(leafKeys(messages).map((k) => k.replace(PLURAL_SUFFIX, '')));
}

/** Percent of the reference (en-US) keys that a locale translates, rounded down. */
export function percentTranslated(reference: Messages, messages: Messages): number {
  const wanted = messageKeys(reference);
  if (wanted.size === 0) return 0;
  let present = 0;
  for (const key of messageKeys(messages)) if (wanted.has(key)) present++;
  return Math.floor((present / wanted.size) * 100);
}

/** Loads every locale file and computes its progress against en-US. */
export async function computeLocaleProgress(): Promise<Record<string, number>> {
  const reference = (i18n.getResourceBundle(DEFAULT_LOCALE, 'translation') ?? {}) as Messages;
  const entries = await Promise.all(
    LOCALES.map(async (l) => {
      const messages = l.code === DEFAULT_LOCALE ? reference : await loadMessages(l.code);
      return [l.code, percentTranslated(reference, messages)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
