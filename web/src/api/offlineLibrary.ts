import { addDays, localDate, weekStart } from '../../../contract/mealplan-dates';
import { API, fillPath } from '../../../contract/routes';
import { ROUTES } from '../../../contract/route-table';
import { recipeImageUrl } from '../lib/recipe/media';
import { readStorage, writeStorage } from '../lib/storage';
import { call } from './client';

/**
 * The offline library (issue 41): what the installed app keeps, deliberately and ahead of time, so recipes can
 * be read and cooked without a connection: the planned recipes of this week and next, the favourites, the
 * recently opened ones and, when the user asks, the whole library up to a size they set, each with its images
 * at the card and page sizes; plus the meal plan of those two weeks, the user and their ratings.
 *
 * The page fetches them (online) and writes the answers into one Cache Storage cache, `hearth-offline`, under
 * the very URLs the screens ask for. The service worker reads it only when the network fails
 * (web/public/offline-library-sw.js), so online nothing changes; a new sync replaces the cache's contents.
 */
export const OFFLINE_CACHE = 'hearth-offline';
/** The two weeks' meal plan, kept whole: the service worker answers any range inside it (the planner's days vary). */
export const MEALPLAN_KEY = '/offline-library/mealplans.json';

export type OfflineKind = 'planned' | 'favorites' | 'recent' | 'whole';
export const OFFLINE_KINDS: OfflineKind[] = ['planned', 'favorites', 'recent', 'whole'];

export interface OfflineSettings {
  planned: boolean;
  favorites: boolean;
  recent: boolean;
  whole: boolean;
  /** The most the library may take, in MB (recipes and images). */
  limitMb: number;
}
export const DEFAULT_OFFLINE_SETTINGS: OfflineSettings = { planned: true, favorites: true, recent: true, whole: false, limitMb: 100 };
export const LIMIT_CHOICES_MB = [25, 50, 100, 250, 500, 1000];

export interface OfflineManifest {
  syncedAt: string;
  /** Recipes kept per kind (a recipe may count under several). */
  counts: Record<OfflineKind, number>;
  recipes: number;
  images: number;
  /** Bytes the kept answers and images take. */
  bytes: number;
  /** Some recipes were left out: the size limit was reached. */
  truncated: boolean;
  mealplan: { start: string; end: string; entries: number } | null;
}

const SETTINGS_KEY = 'hearth.offline.settings';
const MANIFEST_KEY = 'hearth.offline.manifest';
const RECENT_KEY = 'hearth.offline.recent';
const RECENT_MAX = 20;
const MB = 1024 * 1024;

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(readStorage(key) ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

export const readOfflineSettings = (): OfflineSettings => ({ ...DEFAULT_OFFLINE_SETTINGS, ...readJson<Partial<OfflineSettings>>(SETTINGS_KEY, {}) });
export function writeOfflineSettings(settings: OfflineSettings) {
  writeStorage(SETTINGS_KEY, JSON.stringify(settings));
}
export const readOfflineManifest = (): OfflineManifest | null => readJson<OfflineManifest | null>(MANIFEST_KEY, null);

/** The recipe page calls this: the recently opened recipes are kept (newest first). */
export function rememberOpened(slug: string) {
  const recent = [slug, ...readJson<string[]>(RECENT_KEY, []).filter((s) => s !== slug)].slice(0, RECENT_MAX);
  writeStorage(RECENT_KEY, JSON.stringify(recent));
}

export const offlineLibraryAvailable = () => typeof window !== 'undefined' && 'caches' in window;

const jsonResponse = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const recipeUrl = (slug: string) => fillPath(API.recipesBySlug, { slug });

let running: Promise<OfflineManifest | null> | null = null;

/** Fills the library from the server (online); null when there is no network, no user or no Cache Storage. */
export function syncOfflineLibrary(settings: OfflineSettings = readOfflineSettings()): Promise<OfflineManifest | null> {
  running ??= doSync(settings).finally(() => {
    running = null;
  });
  return running;
}

async function doSync(settings: OfflineSettings): Promise<OfflineManifest | null> {
  if (!offlineLibraryAvailable()) return null;
  const self = await call(ROUTES.usersSelf, { toasts: false });
  if (self.error || !self.data) return null;
  const kept = new Map<string, Response>();
  const wanted = new Map<string, Set<OfflineKind>>();
  const want = (key: string, kind: OfflineKind) => wanted.set(key, (wanted.get(key) ?? new Set()).add(kind));
  kept.set(fillPath(API.usersSelf, {}), jsonResponse(self.data));

  let mealplan: OfflineManifest['mealplan'] = null;
  if (settings.planned) {
    const prefs = await call(ROUTES.householdPreferences, { toasts: false });
    if (prefs.data) kept.set(fillPath(API.householdsPreferences, {}), jsonResponse(prefs.data));
    const start = weekStart(localDate(), prefs.data?.firstDayOfWeek ?? 0);
    const end = addDays(start, 13);
    const plan = await call(ROUTES.mealplans, { query: { start_date: start, end_date: end, perPage: -1 }, toasts: false });
    if (plan.data) {
      kept.set(MEALPLAN_KEY, jsonResponse({ start, end, items: plan.data.items }));
      mealplan = { start, end, entries: plan.data.items.length };
      for (const entry of plan.data.items) if (entry.recipe?.slug) want(entry.recipe.slug, 'planned');
    }
  }
  const ratings = await call(ROUTES.selfRatings, { toasts: false });
  if (ratings.data) {
    kept.set(fillPath(API.usersSelfRatings, {}), jsonResponse(ratings.data));
    if (settings.favorites) for (const r of ratings.data.ratings) if (r.isFavorite) want(r.recipeId, 'favorites');
  }
  if (settings.recent) for (const slug of readJson<string[]>(RECENT_KEY, [])) want(slug, 'recent');
  if (settings.whole) {
    const all = await call(ROUTES.recipes, { query: { perPage: -1, orderBy: 'name', orderDirection: 'asc' }, toasts: false });
    for (const recipe of all.data?.items ?? []) want(recipe.slug, 'whole');
  }

  // Recipes in the order they matter (planned, favourites, recent, then the rest), until the size limit.
  const budget = settings.limitMb * MB;
  const counts: Record<OfflineKind, number> = { planned: 0, favorites: 0, recent: 0, whole: 0 };
  let bytes = 0;
  let recipes = 0;
  let images = 0;
  let truncated = false;
  const keptIds = new Set<string>();
  for (const [key, kinds] of [...wanted].sort(([, a], [, b]) => rank(a) - rank(b))) {
    const got = await call(ROUTES.recipe, { params: { slug: key }, toasts: false });
    if (!got.data || keptIds.has(got.data.id)) continue;
    const body = JSON.stringify(got.data);
    const pictures: Array<[string, Blob]> = [];
    for (const size of ['min-original', 'original'] as const) {
      const url = recipeImageUrl(got.data.id, got.data.image, size);
      const blob = url ? await fetchImage(url) : null;
      if (url && blob) pictures.push([url, blob]);
    }
    const size = body.length + pictures.reduce((sum, [, blob]) => sum + blob.size, 0);
    if (bytes + size > budget) {
      truncated = true;
      continue;
    }
    bytes += size;
    keptIds.add(got.data.id);
    kept.set(recipeUrl(got.data.slug), new Response(body, { headers: { 'content-type': 'application/json' } }));
    for (const [url, blob] of pictures) kept.set(url, new Response(blob, { headers: { 'content-type': blob.type || 'image/webp' } }));
    recipes += 1;
    images += pictures.length;
    for (const kind of kinds) counts[kind] += 1;
  }

  // The cache now holds exactly this library (what is no longer wanted goes).
  const cache = await caches.open(OFFLINE_CACHE);
  const urls = new Set([...kept.keys()].map((url) => new URL(url, location.origin).href));
  for (const request of await cache.keys()) if (!urls.has(request.url)) await cache.delete(request);
  for (const [url, response] of kept) await cache.put(url, response);
  const manifest: OfflineManifest = { syncedAt: new Date().toISOString(), counts, recipes, images, bytes, truncated, mealplan };
  writeStorage(MANIFEST_KEY, JSON.stringify(manifest));
  return manifest;
}

const rank = (kinds: Set<OfflineKind>) => Math.min(...[...kinds].map((k) => OFFLINE_KINDS.indexOf(k)));

async function fetchImage(url: string): Promise<Blob | null> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

/** Drops everything the library keeps. */
export async function clearOfflineLibrary() {
  if (offlineLibraryAvailable()) await caches.delete(OFFLINE_CACHE);
  writeStorage(MANIFEST_KEY, null);
}

export interface StorageReport {
  /** navigator.storage.estimate(): what this site uses and may use, in bytes (null when not told). */
  usage: number | null;
  quota: number | null;
  /** navigator.storage.persisted(): false means the browser may evict it under storage pressure. */
  persisted: boolean | null;
  /** Each cache of the app, with its entries and the bytes of their bodies. */
  caches: Array<{ name: string; entries: number; bytes: number }>;
}

export async function storageReport(): Promise<StorageReport> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => null) : null;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  const list: StorageReport['caches'] = [];
  if (offlineLibraryAvailable()) {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      const keys = await cache.keys();
      for (const request of keys) bytes += (await (await cache.match(request))?.blob())?.size ?? 0;
      list.push({ name, entries: keys.length, bytes });
    }
  }
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted, caches: list };
}

/** Asks the browser to keep the site's storage under pressure (navigator.storage.persist); true when granted. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  return storage.persist().catch(() => false);
}
