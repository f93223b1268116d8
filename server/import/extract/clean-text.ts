import { cheerioLoad as load } from '../../lazy.js';

const SCRIPT_OR_STYLE = /<(script|style|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;
const LINE_BREAK_TAG = /<br\s*\/?>/gi;
const BLOCK_TAG =
  /<\/?(?:p|div|li|ul|ol|h[1-6]|tr|table|tbody|thead|section|article|blockquote|pre|header|footer|dd|dt|dl|figure|figcaption|hr)\b[^>]*>/gi;
const LOOKS_LIKE_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;
const LOOKS_LIKE_ENTITY = /&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;
const INVISIBLE_CHARACTERS = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
const SPACE_LIKE_CHARACTERS = /[\t\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

/**
 * Turns an HTML fragment (or plain text that may carry entities) into text, with a line break wherever
 * the markup had one (<br>, paragraphs, list items and other blocks). Runs up to three passes so that
 * doubly escaped markup ("&amp;nbsp;", "&lt;p&gt;") also comes out clean.
 */
export function htmlToText(input: string): string {
  let text = input;
  for (let pass = 0; pass < 3; pass++) {
    if (!LOOKS_LIKE_TAG.test(text) && !LOOKS_LIKE_ENTITY.test(text)) break;
    text = convertOnePass(text);
  }
  return text;
}

function convertOnePass(input: string): string {
  const withBreaks = input
    .replace(SCRIPT_OR_STYLE, ' ')
    .replace(HTML_COMMENT, ' ')
    .replace(LINE_BREAK_TAG, '\n')
    .replace(BLOCK_TAG, '\n');
  // A "<" that does not open a tag ("heat to < 100°") must stay text, so escape it before parsing.
  const safe = withBreaks.replace(/<(?![a-z/!])/gi, '&lt;');
  return load(safe, null, false).text();
}

/** Decodes HTML entities without interpreting anything as markup (for URLs and attribute-like values). */
export function decodeEntities(input: string): string {
  if (!LOOKS_LIKE_ENTITY.test(input)) return input;
  let text = input;
  for (let pass = 0; pass < 2 && LOOKS_LIKE_ENTITY.test(text); pass++) {
    text = load(text.replace(/</g, '&lt;'), null, false).text();
  }
  return text;
}

function normalizeSpaces(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE_CHARACTERS, '').replace(SPACE_LIKE_CHARACTERS, ' ');
}

/** Markup stripped, entities decoded, all whitespace (line breaks included) collapsed to single spaces. */
export function cleanLine(value: unknown): string {
  const text = valueToString(value);
  if (!text) return '';
  return normalizeSpaces(htmlToText(text)).replace(/\s+/g, ' ').trim();
}

/**
 * Markup stripped and entities decoded, keeping the text's line structure: each line trimmed and its
 * spaces collapsed, runs of blank lines reduced to one blank line (a paragraph break).
 */
export function cleanMultiline(value: unknown): string {
  const text = valueToString(value);
  if (!text) return '';
  const lines = normalizeSpaces(htmlToText(text))
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim());
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Splits text into its non-empty lines, each cleaned as by cleanLine. */
export function splitIntoLines(value: unknown): string[] {
  const text = valueToString(value);
  if (!text) return [];
  return normalizeSpaces(htmlToText(text))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/** The value as a string: strings as they are, numbers printed, arrays by their first usable element. */
export function valueToString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = valueToString(item);
      if (text.trim()) return text;
    }
  }
  return '';
}
