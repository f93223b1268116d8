import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldMessages } from '../../../contract/messages.js';
import { APP_ROOT } from '../../paths.js';
import { SERVER_SECTIONS, type ErrorKey, type MailKey, type MessageVars } from './catalogue.js';

export type { ErrorKey, MailKey, MessageVars };
export const DEFAULT_LOCALE = 'en-US';

type Texts = Map<string, string>;

/** The web app's catalogues, read from the source tree (as the seed data is), also when the server runs bundled. */
export const LOCALES_DIR = join(APP_ROOT, 'web/src/i18n/locales/');

let localeCodes: string[] | null = null;
const loaded = new Map<string, Texts>();

/** Only the server's sections of a locale file are kept (flattened to "errors.<area>.<name>" → text). */
function textsOf(locale: string): Texts {
  let texts = loaded.get(locale);
  if (texts) return texts;
  texts = new Map();
  const file = join(LOCALES_DIR, `${locale}.json`);
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const walk = (node: unknown, prefix: string) => {
      if (typeof node === 'string') texts!.set(prefix, node);
      else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${prefix}.${k}`);
    };
    for (const section of SERVER_SECTIONS) walk(parsed[section], section);
  }
  loaded.set(locale, texts);
  return texts;
}

/** The locales the server speaks: en-US and every catalogue beside it. */
export function serverLocales(): string[] {
  localeCodes ??= existsSync(LOCALES_DIR)
    ? [DEFAULT_LOCALE, ...readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).filter((c) => c !== DEFAULT_LOCALE)]
    : [DEFAULT_LOCALE];
  return localeCodes;
}

const PREFERRED_BY_LANGUAGE: Record<string, string> = { en: 'en-US', fr: 'fr-FR', pt: 'pt-PT', es: 'es-ES', zh: 'zh-CN', nb: 'no-NO', nn: 'no-NO', no: 'no-NO', sr: 'sr-SP' };

/**
 * The best locale for an Accept-Language header ("de-AT,de;q=0.9,en;q=0.5"): by quality, each tag exactly,
 * then its language's main locale; en-US when nothing matches.
 */
export function localeFromAcceptLanguage(header: string | undefined): string {
  if (!header) return DEFAULT_LOCALE;
  const offered = serverLocales();
  const byLower = new Map(offered.map((c) => [c.toLowerCase(), c]));
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().replace('_', '-').toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const exact = byLower.get(tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const preferred = PREFERRED_BY_LANGUAGE[language];
    if (preferred && byLower.has(preferred.toLowerCase())) return preferred;
    const sibling = offered.find((c) => c.toLowerCase().split('-')[0] === language);
    if (sibling) return sibling;
  }
  return DEFAULT_LOCALE;
}

/** i18next's interpolation ({{name}}), without HTML escaping: the texts go into JSON and emails, not HTML. */
const fill = (template: string, vars: MessageVars) => template.replace(/{{\s*(\w+)\s*}}/g, (all, name: string) => (name in vars ? String(vars[name] ?? '') : all));

function lookup(locale: string, fullKey: string): string {
  return textsOf(locale).get(fullKey) ?? textsOf(DEFAULT_LOCALE).get(fullKey) ?? fullKey;
}

/** An error message in `locale` (English when the locale lacks it), its {{placeholders}} filled. */
export function translateError(locale: string, key: ErrorKey, vars: MessageVars = {}): string {
  return fill(lookup(locale, `errors.${key}`), vars);
}

/** An email text in `locale` (English when the locale lacks it), its {{placeholders}} filled. */
export function translate(locale: string, key: MailKey, vars: MessageVars = {}): string {
  return fill(lookup(locale, `server-mail.${key}`), vars);
}

type FieldMessage = keyof typeof fieldMessages;

/** One of the spec's field messages (contract/messages.ts) in `locale`: the web app's "validators" texts. */
export function translateField(locale: string, name: FieldMessage, vars: MessageVars = {}): string {
  const english = fieldMessages[name];
  const fallback = typeof english === 'function' ? english(Number(vars.n)) : english;
  const text = textsOf(locale).get(`validators.${name}`);
  return text ? fill(text, vars) : fallback;
}

/**
 * The day a week starts on where `locale` is spoken (0 Sunday … 6 Saturday), through Intl's week data:
 * Monday in most of Europe, Sunday in the US, Israel and Saudi Arabia, Saturday in Iran.
 */
export function firstDayOfWeekFor(locale: string): number {
  try {
    const info = (new Intl.Locale(locale) as Intl.Locale & { weekInfo?: { firstDay: number }; getWeekInfo?: () => { firstDay: number } });
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    return typeof firstDay === 'number' ? firstDay % 7 : 0;
  } catch {
    return 0;
  }
}

/** A new household's first day of the week from the request's language; 0 (Mealie's default) when it names none. */
export function firstDayOfWeekFromRequest(acceptLanguage: string | undefined): number {
  return acceptLanguage ? firstDayOfWeekFor(localeFromAcceptLanguage(acceptLanguage)) : 0;
}
