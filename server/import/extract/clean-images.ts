import { decodeEntities } from './clean-text.js';
import { isJsonObject } from './types.js';

interface ImageCandidate {
  url: string;
  /** Width × height in pixels when the markup or the URL tells it. */
  area: number | null;
  order: number;
}

/**
 * Collects image URLs from schema.org image values: a string, an array, an ImageObject (url, contentUrl,
 * or an @id that is a URL) or an array of them. Relative URLs are resolved against baseUrl; anything that
 * does not end up as an http(s) URL is dropped.
 *
 * Within each group the images are ordered largest first. The size comes from width/height when given,
 * else from the URL ("-500x500.jpg", "/640x360/", "w_1200,h_800", "?width=…&height=…"). An image whose
 * size is unknown counts as the largest: sites list the original upload without a size and derive the
 * smaller crops from it, which carry their size in the URL. Groups keep their order (recipe images
 * before thumbnails before the page's Open Graph image); duplicates keep their first place.
 */
export function collectImageUrls(groups: unknown[][], baseUrl: string | null): string[] {
  const result: string[] = [];
  for (const group of groups) {
    const candidates: ImageCandidate[] = [];
    for (const value of group) gatherCandidates(value, baseUrl, candidates, 0);
    candidates.sort((a, b) => (b.area ?? Infinity) - (a.area ?? Infinity) || a.order - b.order);
    for (const candidate of candidates) {
      if (!result.includes(candidate.url)) result.push(candidate.url);
    }
  }
  return result;
}

function gatherCandidates(value: unknown, baseUrl: string | null, into: ImageCandidate[], depth: number): void {
  if (depth > 4 || value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) gatherCandidates(item, baseUrl, into, depth + 1);
    return;
  }
  if (typeof value === 'string') {
    addCandidate(value, null, baseUrl, into);
    return;
  }
  if (!isJsonObject(value)) return;
  const width = readPixels(value.width);
  const height = readPixels(value.height);
  const knownArea = width && height ? width * height : null;
  const url = value.url ?? value.contentUrl ?? value.contentURL ?? (looksLikeUrl(value['@id']) ? value['@id'] : null);
  if (typeof url === 'string') addCandidate(url, knownArea, baseUrl, into);
  else if (Array.isArray(url)) gatherCandidates(url, baseUrl, into, depth + 1);
}

function addCandidate(rawUrl: string, knownArea: number | null, baseUrl: string | null, into: ImageCandidate[]): void {
  const url = resolveUrl(rawUrl, baseUrl);
  if (!url) return;
  into.push({ url, area: knownArea ?? areaFromUrl(url), order: into.length });
}

function readPixels(value: unknown): number | null {
  const raw = isJsonObject(value) ? value.value : value;
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseFloat(raw) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

function looksLikeUrl(value: unknown): value is string {
  return typeof value === 'string' && /^(?:https?:)?\/\//i.test(value.trim());
}

/** An absolute http(s) URL for a possibly relative one, or null. */
export function resolveUrl(rawUrl: unknown, baseUrl: string | null): string | null {
  if (typeof rawUrl !== 'string') return null;
  const text = decodeEntities(rawUrl).trim();
  if (!text || /^(?:data|javascript|blob|about):/i.test(text)) return null;
  const absolute = parseUrl(text, baseUrl) ?? parseUrl(text.startsWith('//') ? `https:${text}` : text, null);
  return absolute && (absolute.protocol === 'http:' || absolute.protocol === 'https:') ? absolute.href : null;
}

function parseUrl(text: string, baseUrl: string | null): URL | null {
  try {
    return baseUrl ? new URL(text, baseUrl) : new URL(text);
  } catch {
    return null;
  }
}

export function areaFromUrl(url: string): number | null {
  const patterns = [
    /[?&](?:w|width)=(\d{2,5})\b.*?[?&](?:h|height)=(\d{2,5})\b/i,
    /\bw_(\d{2,5}),h_(\d{2,5})\b/i,
    /-(\d{2,5})x(\d{2,5})\.(?:jpe?g|png|webp|gif|avif)\b/i,
    /(?:^|[^\d])(\d{2,5})x(\d{2,5})(?!\d)/i,
  ];
  let pathAndQuery = url;
  try {
    const parsed = new URL(url);
    pathAndQuery = parsed.pathname + parsed.search;
  } catch {
    // keep the whole string
  }
  for (const pattern of patterns) {
    const match = pattern.exec(pathAndQuery);
    if (match) return Number(match[1]) * Number(match[2]);
  }
  return null;
}
