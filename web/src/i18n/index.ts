import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';
import { DEFAULT_LOCALE, findLocale, localeDirection, matchLocale } from './locales';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';

export type Messages = { [key: string]: string | Messages };

/** Every locale except en-US is a separate chunk, fetched when first used. */
const loaders = import.meta.glob<Messages>(['./locales/*.json', '!./locales/en-US.json'], { import: 'default' });

function loaderFor(code: string): (() => Promise<Messages>) | undefined {
  return loaders[`./locales/${code}.json`];
}

export async function loadMessages(code: string): Promise<Messages> {
  if (code === DEFAULT_LOCALE) return enUS as Messages;
  const load = loaderFor(code);
  if (!load) return {};
  try {
    return await load();
  } catch {
    return {};
  }
}

function applyDocumentLanguage(code: string): void {
  const root = document.documentElement;
  root.lang = code;
  root.dir = localeDirection(code);
}

function initialLocale(): string {
  const saved = findLocale(readStorage(storageKeys.locale));
  if (saved) return saved.code;
  return matchLocale(navigator.languages ?? [navigator.language]) ?? DEFAULT_LOCALE;
}

/** Switches the UI language: loads its messages, then updates i18next, <html lang/dir> and storage. */
export async function setLocale(code: string): Promise<void> {
  const locale = findLocale(code)?.code ?? DEFAULT_LOCALE;
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loadMessages(locale), true, true);
  }
  await i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
  writeStorage(storageKeys.locale, locale);
}

/** Starts i18next with en-US bundled (the fallback) and the user's language loaded before first paint. */
export async function initI18n(): Promise<typeof i18n> {
  const locale = initialLocale();
  const resources: Record<string, { translation: Messages }> = { [DEFAULT_LOCALE]: { translation: enUS as Messages } };
  if (locale !== DEFAULT_LOCALE) resources[locale] = { translation: await loadMessages(locale) };
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: false,
    load: 'currentOnly',
    resources,
    partialBundledLanguages: true,
    returnEmptyString: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  applyDocumentLanguage(locale);
  return i18n;
}

export function currentLocale(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LOCALE;
}

export { i18n };
