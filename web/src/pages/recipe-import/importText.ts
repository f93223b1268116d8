import type { ReportEntryOut } from '../../../../contract/reports';

/** Pure helpers of the import screens: URL lists, bulk report rows, pasted data, server errors. */

/** The bulk route takes at most this many URLs (contract/import.ts). */
export const MAX_BULK_URLS = 500;

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface UrlList {
  /** Valid http(s) URLs, each once, in the order given. */
  urls: string[];
  /** Lines (1-based) that are not URLs. */
  invalid: { line: number; text: string }[];
  duplicates: number;
}

/** A pasted list: one URL a line; blank lines are skipped, repeats dropped. */
export function readUrlList(text: string): UrlList {
  const urls: string[] = [];
  const invalid: UrlList['invalid'] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (!isHttpUrl(line)) {
      invalid.push({ line: i + 1, text: line });
      return;
    }
    if (seen.has(line)) {
      duplicates += 1;
      return;
    }
    seen.add(line);
    urls.push(line);
  });
  return { urls, invalid, duplicates };
}

export type BulkRowState = 'waiting' | 'success' | 'failure';

export interface BulkRow {
  url: string;
  state: BulkRowState;
  /** The created recipe. */
  name?: string;
  slug?: string;
  /** Why it failed, as the server put it. */
  reason?: string;
}

const IMPORTED = /^imported as "(.*)" \(([^()\s]+)\)$/;

/** A bulk_import entry reads "{url}: imported as "{name}" ({slug})" or "{url}: {reason}". */
export function readReportEntry(entry: Pick<ReportEntryOut, 'message' | 'success'>, knownUrl?: string): BulkRow {
  let url: string;
  let rest: string;
  if (knownUrl && entry.message.startsWith(`${knownUrl}: `)) {
    url = knownUrl;
    rest = entry.message.slice(knownUrl.length + 2);
  } else {
    const split = /^(\S+): ([\s\S]*)$/.exec(entry.message);
    url = split?.[1] ?? knownUrl ?? '';
    rest = split?.[2] ?? entry.message;
  }
  if (!entry.success) return { url, state: 'failure', reason: rest };
  const imported = IMPORTED.exec(rest);
  return imported ? { url, state: 'success', name: imported[1], slug: imported[2] } : { url, state: 'success' };
}

/**
 * One row per URL sent (entries come in the same order), waiting until its entry is written. Without the
 * list (the page was reloaded) the rows come from the entries alone.
 */
export function bulkRows(urls: readonly string[] | null, entries: readonly ReportEntryOut[]): BulkRow[] {
  if (!urls) return entries.map((entry) => readReportEntry(entry));
  return urls.map((url, i) => (entries[i] ? readReportEntry(entries[i], url) : { url, state: 'waiting' }));
}

export type DataKind = 'empty' | 'json' | 'invalid-json' | 'html';

/** What was pasted in the HTML/JSON import: JSON that does not parse is worth saying before sending. */
export function dataKind(text: string): DataKind {
  const s = text.trim();
  if (!s) return 'empty';
  if (s.startsWith('{') || s.startsWith('[')) {
    try {
      JSON.parse(s);
      return 'json';
    } catch {
      return 'invalid-json';
    }
  }
  return 'html';
}

/**
 * The message to show for a failed import: the server's detail.message (e.g. "No recipe found at this
 * address"), a validation message, or null when there was no answer at all (the screen says so).
 */
export function serverMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, body, message } = error as { status?: unknown; body?: unknown; message?: unknown };
  if (status === 0) return null;
  if (typeof body === 'object' && body !== null && 'detail' in body) {
    const { detail } = body;
    if (typeof detail === 'object' && detail !== null && 'message' in detail && typeof detail.message === 'string') return detail.message;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      const first: unknown = detail[0];
      if (typeof first === 'object' && first !== null && 'msg' in first && typeof first.msg === 'string') return first.msg;
    }
  }
  return typeof message === 'string' && message ? message : null;
}

/** 12 345 678 bytes → "11.8 MB". */
export function fileSize(bytes: number, locale?: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${units[unit]}`;
}

/** detail.exception of a server error (Mealie's shape), e.g. "BlockedAddress" for an address Hearth does not fetch. */
export function serverException(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { body } = error as { body?: unknown };
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const { detail } = body;
  return typeof detail === 'object' && detail !== null && 'exception' in detail && typeof detail.exception === 'string' ? detail.exception : null;
}
