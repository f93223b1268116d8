import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROOT } from '../../paths.js';
import { SERVER_MESSAGES, type ServerMessage } from './catalogue.js';

export { SERVER_MESSAGES, type ServerMessage };
export const DEFAULT_LOCALE = 'en-US';

type Catalogue = Record<string, string>;
type Vars = Record<string, string | number>;

/** The translations, read from the source tree (as the seed data is), also when the server runs bundled. */
function messagesDir(): string | null {
  const dir = join(APP_ROOT, 'server/platform/i18n/messages/');
  return existsSync(dir) ? dir : null;
}

let catalogues: Map<string, Catalogue> | null = null;

function loadCatalogues(): Map<string, Catalogue> {
  if (catalogues) return catalogues;
  catalogues = new Map();
  const dir = messagesDir();
  if (dir) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      catalogues.set(file.replace(/\.json$/, ''), JSON.parse(readFileSync(dir + file, 'utf8')) as Catalogue);
    }
  }
  return catalogues;
}

/** The locales the server speaks: en-US and every translated catalogue. */
export function serverLocales(): string[] {
  return [DEFAULT_LOCALE, ...[...loadCatalogues().keys()].filter((c) => c !== DEFAULT_LOCALE)];
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

const fill = (template: string, vars: Vars) => template.replace(/{{\s*(\w+)\s*}}/g, (all, name: string) => (name in vars ? String(vars[name]) : all));

/** A catalogue message in `locale`, its {{placeholders}} filled; English when the locale lacks it. */
export function translate(locale: string, message: ServerMessage, vars: Vars = {}): string {
  const translated = locale === DEFAULT_LOCALE ? undefined : loadCatalogues().get(locale)?.[message];
  return fill(translated ?? message, vars);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let templates: Array<{ message: ServerMessage; pattern: RegExp; names: string[] }> | null = null;

/**
 * An error text already written in English (`A food named "Salt" already exists`) in `locale`: the catalogue
 * entry it was made from is found (with the values it carries) and translated; any other text stays as it is.
 */
export function localizeText(locale: string, text: string): string {
  if (locale === DEFAULT_LOCALE) return text;
  if ((SERVER_MESSAGES as readonly string[]).includes(text)) return translate(locale, text as ServerMessage);
  templates ??= SERVER_MESSAGES.filter((m) => m.includes('{{')).map((message) => {
    const names: string[] = [];
    const source = message.split(/({{\s*\w+\s*}})/).map((piece) => {
      const name = /^{{\s*(\w+)\s*}}$/.exec(piece)?.[1];
      if (!name) return escapeRegExp(piece);
      names.push(name);
      return '([\\s\\S]*?)';
    });
    return { message, pattern: new RegExp(`^${source.join('')}$`), names };
  });
  for (const { message, pattern, names } of templates) {
    const match = pattern.exec(text);
    if (match) return translate(locale, message, Object.fromEntries(names.map((n, i) => [n, match[i + 1]])));
  }
  return text;
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
