/** Every UI locale Hearth offers, with its native name and writing direction. */
export type Direction = 'ltr' | 'rtl';
export interface LocaleInfo {
  code: string;
  name: string;
  dir: Direction;
}

export const DEFAULT_LOCALE = 'en-US';

export const LOCALES: readonly LocaleInfo[] = [
  { code: 'af-ZA', name: 'Afrikaans', dir: 'ltr' },
  { code: 'ar-SA', name: 'العربية', dir: 'rtl' },
  { code: 'bg-BG', name: 'Български', dir: 'ltr' },
  { code: 'ca-ES', name: 'Català', dir: 'ltr' },
  { code: 'cs-CZ', name: 'Čeština', dir: 'ltr' },
  { code: 'da-DK', name: 'Dansk', dir: 'ltr' },
  { code: 'de-DE', name: 'Deutsch', dir: 'ltr' },
  { code: 'el-GR', name: 'Ελληνικά', dir: 'ltr' },
  { code: 'en-GB', name: 'British English', dir: 'ltr' },
  { code: 'en-US', name: 'American English', dir: 'ltr' },
  { code: 'es-ES', name: 'Español', dir: 'ltr' },
  { code: 'fa-IR', name: 'فارسی', dir: 'rtl' },
  { code: 'fi-FI', name: 'Suomi', dir: 'ltr' },
  { code: 'fr-BE', name: 'Français (Belgique)', dir: 'ltr' },
  { code: 'fr-CA', name: 'Français (Canada)', dir: 'ltr' },
  { code: 'fr-FR', name: 'Français', dir: 'ltr' },
  { code: 'gl-ES', name: 'Galego', dir: 'ltr' },
  { code: 'he-IL', name: 'עברית', dir: 'rtl' },
  { code: 'hr-HR', name: 'Hrvatski', dir: 'ltr' },
  { code: 'hu-HU', name: 'Magyar', dir: 'ltr' },
  { code: 'is-IS', name: 'Íslenska', dir: 'ltr' },
  { code: 'it-IT', name: 'Italiano', dir: 'ltr' },
  { code: 'ja-JP', name: '日本語', dir: 'ltr' },
  { code: 'ko-KR', name: '한국어', dir: 'ltr' },
  { code: 'lt-LT', name: 'Lietuvių', dir: 'ltr' },
  { code: 'lv-LV', name: 'Latviešu', dir: 'ltr' },
  { code: 'nl-NL', name: 'Nederlands', dir: 'ltr' },
  { code: 'no-NO', name: 'Norsk', dir: 'ltr' },
  { code: 'pl-PL', name: 'Polski', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português do Brasil', dir: 'ltr' },
  { code: 'pt-PT', name: 'Português', dir: 'ltr' },
  { code: 'ro-RO', name: 'Română', dir: 'ltr' },
  { code: 'ru-RU', name: 'Русский', dir: 'ltr' },
  { code: 'sk-SK', name: 'Slovenčina', dir: 'ltr' },
  { code: 'sl-SI', name: 'Slovenščina', dir: 'ltr' },
  { code: 'sr-SP', name: 'Српски', dir: 'ltr' },
  { code: 'sv-SE', name: 'Svenska', dir: 'ltr' },
  { code: 'tr-TR', name: 'Türkçe', dir: 'ltr' },
  { code: 'uk-UA', name: 'Українська', dir: 'ltr' },
  { code: 'vi-VN', name: 'Tiếng Việt', dir: 'ltr' },
  { code: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { code: 'zh-TW', name: '繁體中文', dir: 'ltr' },
];

export function findLocale(code: string | null | undefined): LocaleInfo | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  return LOCALES.find((l) => l.code.toLowerCase() === lower);
}

export function localeDirection(code: string): Direction {
  return findLocale(code)?.dir ?? 'ltr';
}

/** Best registry match for a browser language tag: exact tag first, then the same language. */
export function matchLocale(tags: readonly string[]): string | undefined {
  for (const tag of tags) {
    const exact = findLocale(tag);
    if (exact) return exact.code;
    const lang = tag.split('-')[0]?.toLowerCase() ?? '';
    if (lang === 'en') return 'en-US';
    const sameLang = LOCALES.filter((l) => l.code.split('-')[0]?.toLowerCase() === lang);
    const preferred = sameLang.find((l) => l.code.toLowerCase() === `${lang}-${lang}`) ?? sameLang[0];
    if (preferred) return preferred.code;
  }
  return undefined;
}
