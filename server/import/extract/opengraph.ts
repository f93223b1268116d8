import type { CheerioAPI } from 'cheerio';
import { cheerioLoad as load } from '../../lazy.js';
import { collectImageUrls, resolveUrl } from './clean-images.js';
import { cleanLine, cleanMultiline } from './clean-text.js';
import { emptyNutrition } from './clean-nutrition.js';
import type { JsonObject, RecipeDraft } from './types.js';

/** What a page says about itself in <head>: Open Graph, Twitter card and plain meta tags. */
export interface PageMeta {
  title: string;
  description: string;
  siteName: string;
  /** og:image and friends as ImageObject-like values, in page order. */
  images: JsonObject[];
  url: string | null;
  canonicalUrl: string | null;
  /** The href of <base>, when the page has one. */
  baseHref: string | null;
}

export function readPageMeta($: CheerioAPI): PageMeta {
  const metaContent = new Map<string, string>();
  const images: JsonObject[] = [];
  $('meta').each((_, element) => {
    const node = $(element);
    const key = (node.attr('property') ?? node.attr('name') ?? node.attr('itemprop') ?? '').trim().toLowerCase();
    const content = node.attr('content');
    if (!key || content === undefined) return;
    if (!metaContent.has(key)) metaContent.set(key, content);
    if (['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'].includes(key)) {
      const previous = images[images.length - 1];
      // og:image:secure_url is the https address of the og:image just before it.
      if (key === 'og:image:secure_url' && previous) previous.url = content;
      else images.push({ url: content });
    } else if ((key === 'og:image:width' || key === 'og:image:height') && images.length > 0) {
      images[images.length - 1][key === 'og:image:width' ? 'width' : 'height'] = content;
    }
  });
  const first = (...keys: string[]): string => {
    for (const key of keys) {
      const value = cleanLine(metaContent.get(key));
      if (value) return value;
    }
    return '';
  };
  const titles = [
    ...['og:title', 'twitter:title', 'title'].map((key) => cleanLine(metaContent.get(key))),
    cleanLine($('title').first().text()),
    cleanLine($('h1').first().text()),
  ];
  return {
    title: titles.find(isPlausibleTitle) ?? '',
    description: first('og:description', 'twitter:description', 'description'),
    siteName: first('og:site_name', 'application-name', 'apple-mobile-web-app-title'),
    images,
    url: first('og:url') || null,
    canonicalUrl: $('link[rel="canonical"]').attr('href')?.trim() || null,
    baseHref: $('base[href]').attr('href')?.trim() || null,
  };
}

/** A title names something: two letters at least (a template's og:title of "2" or "-" does not). */
export function isPlausibleTitle(title: string): boolean {
  return /\p{L}.*\p{L}/su.test(title) && title.length <= 300;
}

const lettersOf = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The title without a trailing " — Site Name" (or " | Site Name", " - Site Name"). Without a declared
 * site name, a last segment is dropped when it names the page's host ("Serious Eats" on seriouseats.com)
 * or follows a " | ", which titles use for the site far more often than for the dish.
 */
export function titleWithoutSiteName(title: string, siteName: string, pageUrl?: string | null): string {
  if (siteName) {
    const escaped = siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const stripped = title.replace(new RegExp(`\\s*[-–—|:·•]\\s*${escaped}\\s*$`, 'i'), '').trim();
    if (stripped !== title) return stripped || title;
  }
  const match = /^(.*\p{L}.*?)\s+([|·•]|[-–—])\s+([^|·•–—]{2,60})$/u.exec(title);
  if (!match) return title;
  const [, rest, separator, last] = match;
  const host = hostLetters(pageUrl);
  const namesHost = host !== '' && lettersOf(last) !== '' && (host.includes(lettersOf(last)) || lettersOf(last).includes(host));
  const pipeSuffix = /[|·•]/.test(separator) && last.trim().split(/\s+/).length <= 4;
  return namesHost || pipeSuffix ? titleWithoutSiteName(rest.trim(), '', pageUrl) : title;
}

function hostLetters(pageUrl: string | null | undefined): string {
  if (!pageUrl) return '';
  try {
    const labels = new URL(pageUrl).hostname.replace(/^www\d?\./, '').split('.');
    return lettersOf(labels.length > 1 ? labels.slice(0, -1).join('') : labels[0]);
  } catch {
    return '';
  }
}

/**
 * A draft from the page's meta tags alone, for pages without recipe markup: name, description, image
 * and address, nothing else. Null when the page does not describe a page of its own, i.e. it has no
 * title or its title is just the site's name (a home page or an app shell, such as Mealie's own pages).
 */
export function draftFromPageMeta(meta: PageMeta, pageUrl: string | null, baseUrl: string | null): RecipeDraft | null {
  const title = meta.title;
  if (!title || (meta.siteName && title.toLowerCase() === meta.siteName.toLowerCase())) return null;
  return {
    name: titleWithoutSiteName(title, meta.siteName, pageUrl),
    description: cleanMultiline(meta.description),
    orgURL: pageUrl ?? resolveUrl(meta.url, baseUrl) ?? resolveUrl(meta.canonicalUrl, baseUrl),
    imageUrls: collectImageUrls([meta.images], baseUrl),
    recipeYield: '',
    recipeYieldQuantity: 0,
    recipeServings: 0,
    prepTime: null,
    cookTime: null,
    performTime: null,
    totalTime: null,
    recipeIngredient: [],
    recipeInstructions: [],
    nutrition: emptyNutrition(),
    tags: [],
    recipeCategory: [],
    notes: [],
  };
}

/** The Open Graph / meta fallback on its own, whatever recipe markup the page also has. */
export function extractOpenGraph(html: string, pageUrl?: string): RecipeDraft | null {
  try {
    const $ = load(html);
    const meta = readPageMeta($);
    const absolutePageUrl = resolveUrl(pageUrl, null);
    return draftFromPageMeta(meta, absolutePageUrl, documentBaseUrl(meta, absolutePageUrl));
  } catch {
    return null;
  }
}

/**
 * The URL relative links on the page are resolved against: <base href> applied to the page's own
 * address (given, else canonical, else og:url).
 */
export function documentBaseUrl(meta: PageMeta, pageUrl: string | null): string | null {
  const pageAddress = pageUrl ?? resolveUrl(meta.canonicalUrl, null) ?? resolveUrl(meta.url, null);
  if (!meta.baseHref) return pageAddress;
  return resolveUrl(meta.baseHref, pageAddress) ?? pageAddress;
}
