/**
 * The requests the bench measures, each a path built from the library size, a known recipe slug and the
 * number of the request (a scenario that walks sends another path each time).
 */
export interface Scenario {
  name: string;
  path: (ctx: { total: number; slug: string; request?: number }) => string;
  /** Whether the path changes with the request number. */
  walks?: boolean;
}

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
  { name: 'search accent', path: () => '/api/recipes?page=1&perPage=20&search=creme%20brulee' },
  { name: 'queryFilter', path: () => `/api/recipes?page=1&perPage=30&queryFilter=${encodeURIComponent('tags.name IN ["Vegan", "Quick"] AND rating >= 3')}` },
  { name: 'get by slug', path: ({ slug }) => `/api/recipes/${slug}` },
];
