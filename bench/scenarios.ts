/**
 * The requests the bench measures, each a path built from the library size, a known recipe slug and the
 * number of the request (a scenario that walks sends another path each time).
 */
export interface Scenario {
  name: string;
  path: (ctx: { total: number; slug: string; walkSlugs?: readonly string[]; request?: number }) => string;
  /** Whether the path changes with the request number. */
  walks?: boolean;
}

import { normalizeText } from '../server/platform/slug.js';
import { ADJECTIVES, CATEGORIES, DISHES, MAINS, TAGS } from './generate.js';

/**
 * Searches as typed, each one new to the server, so each is counted (a search's total is kept per lists'
 * version): every prefix of three letters or more of the generator's words ("chi", "chic", "chick"...),
 * then two of its words together, ~16,000 in all.
 */
function typedSearches(): string[] {
  const words = [...new Set([...MAINS, ...DISHES, ...ADJECTIVES, ...TAGS, ...CATEGORIES].flatMap((name) =>
    normalizeText(name).split(/[^a-z]+/).filter((word) => word.length >= 4)))];
  const prefixes = words.flatMap((word) => Array.from({ length: word.length - 2 }, (_, i) => word.slice(0, i + 3)));
  const pairs = words.flatMap((first) => words.filter((second) => second !== first).map((second) => `${first} ${second}`));
  return [...new Set([...prefixes, ...pairs])];
}
const TYPED = typedSearches();
let typedSent = 0;

/**
 * Pages of 30 a walk goes through in turn: 4,500 recipes, more than the recipe summaries the server keeps
 * (~3 MB of JSON, ~2,800 of the bench's), so every page of the walk is computed from its rows, as the first
 * view of each page after a change is.
 */
export const WALK_PAGES = 150;
export const SCENARIOS: Scenario[] = [
  { name: 'list p1', path: () => '/api/recipes?page=1&perPage=30' },
  { name: 'list walk', path: ({ request = 0 }) => `/api/recipes?page=${(request % WALK_PAGES) + 1}&perPage=30`, walks: true },
  { name: 'list deep', path: ({ total }) => `/api/recipes?page=${Math.max(1, Math.floor(total / 60))}&perPage=30` },
  { name: 'search common', path: () => '/api/recipes?page=1&perPage=20&search=chicken&orderBy=name&orderDirection=asc' },
  { name: 'search rare', path: () => '/api/recipes?page=1&perPage=20&search=saffron' },
  { name: 'search typo', path: () => '/api/recipes?page=1&perPage=20&search=chiken' },
  // Not the request's number: the latency run and each throughput run would send the same searches again.
  { name: 'search typed', path: () => `/api/recipes?page=1&perPage=20&search=${encodeURIComponent(TYPED[typedSent++ % TYPED.length])}`, walks: true },
  { name: 'search accent', path: () => '/api/recipes?page=1&perPage=20&search=creme%20brulee' },
  { name: 'queryFilter', path: () => `/api/recipes?page=1&perPage=30&queryFilter=${encodeURIComponent('tags.name IN ["Vegan", "Quick"] AND rating >= 3')}` },
  { name: 'get by slug', path: ({ slug }) => `/api/recipes/${slug}` },
  { name: 'get walk', path: ({ slug, walkSlugs = [], request = 0 }) => `/api/recipes/${walkSlugs[request % walkSlugs.length] ?? slug}`, walks: true },
];

/**
 * Recipes "get walk" opens in turn: 5,000, many more than the server keeps whole (~2 MB of JSON, ~500 of the
 * bench's), so each is read from its rows, as a recipe's first view after a change is.
 */
export const GET_WALK_RECIPES = 5000;
