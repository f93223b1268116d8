import path from 'node:path';
import zlib from 'node:zlib';
import { sniffImage } from '../../platform/storage.js';
import { readZipEntries, type ZipEntryData, type ZipLimits } from '../recipe-import/zip-reader.js';

/**
 * What every importer hands the migration runner: one recipe as a schema.org Recipe object (read by the
 * same extraction engine as a web page's JSON-LD), its organizers, its picture (bytes, or an address to
 * download) and its rating; or the reason an item of the export could not be read.
 */
export interface MigratedRecipe {
  name: string;
  recipe: Record<string, unknown>;
  tags: string[];
  categories: string[];
  image: Buffer | null;
  imageUrl: string | null;
  rating: number | null;
}

export type MigrationItem = MigratedRecipe | { name: string; error: string };

export const MIGRATION_LIMITS: ZipLimits = { maxEntries: 20_000, maxEntryBytes: 50 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 };

export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
}

export function readAll(archive: Buffer): Promise<ZipEntryData[]> {
  return readZipEntries(archive, () => true, MIGRATION_LIMITS);
}

/** Strips the one wrapper folder an export zipped as a folder has (e.g. `chowdown-gh-pages/`). */
export function baseFolder(entries: ZipEntryData[]): string {
  const tops = new Set(entries.map((e) => e.name.split('/')[0]));
  if (tops.size === 1) {
    const [top] = tops;
    if (entries.every((e) => e.name.startsWith(`${top}/`))) return `${top}/`;
  }
  return '';
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).trim();
}

export function lines(value: unknown): string[] {
  return text(value).split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

export function splitList(value: unknown, separator: RegExp = /,/): string[] {
  return text(value).split(separator).map((s) => s.trim()).filter(Boolean);
}

export function imageIn(entries: ZipEntryData[], name: string | null | undefined): Buffer | null {
  if (!name) return null;
  const wanted = name.replace(/^\.?\//, '');
  const found = entries.find((e) => e.name === wanted || e.name.endsWith(`/${wanted}`));
  return found && sniffImage(found.data) ? found.data : null;
}

export function firstImage(entries: ZipEntryData[], prefer: RegExp = /(^|\/)(full|original|image)\.[a-z]+$/i): Buffer | null {
  const images = entries.filter((e) => sniffImage(e.data));
  return (images.find((e) => prefer.test(e.name)) ?? images[0])?.data ?? null;
}

export function minutes(value: unknown): string | null {
  const t = text(value);
  if (!t || t === '0') return null;
  if (/^\d+$/.test(t)) return `PT${t}M`;
  return t;
}

export function ratingOf(value: unknown, scale = 5): number | null {
  const n = Number(text(value));
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(5, Math.round((n * 5) / scale * 10) / 10);
}

/** A minimal RFC 4180 reader: quoted fields with commas, doubled quotes and newlines. */
export function parseCsv(input: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = input.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.some((f) => f.trim()));
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), r[i] ?? ''])));
}

export function gunzipJson(data: Buffer): Record<string, unknown> {
  const raw = data[0] === 0x1f && data[1] === 0x8b ? zlib.gunzipSync(data, { maxOutputLength: 64 * 1024 * 1024 }) : data;
  return JSON.parse(raw.toString('utf8'));
}

export function stem(name: string): string {
  return path.posix.basename(name).replace(/\.[^.]+$/, '');
}
