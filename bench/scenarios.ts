/** The requests the bench measures, each a path built from the library size and a known recipe slug. */
export interface Scenario {
  name: string;
  path: (ctx: { total: number; slug: string }) => string;
}
export const SCENARIOS: Scenario[] = [
  { name: 'list p1', path: () => '/api/recipes?page=1&perPage=30' },
  { name: 'list deep', path: ({ total }) => `/api/recipes?page=${Math.max(1, Math.floor(total / 60))}&perPage=30` },
  { name: 'search common', path: () => '/api/recipes?page=1&perPage=20&search=chicken&orderBy=name&orderDirection=asc' },
  { name: 'search rare', path: () => '/api/recipes?page=1&perPage=20&search=saffron' },
  { name: 'search typo', path: () => '/api/recipes?page=1&perPage=20&search=chiken' },
  { name: 'search accent', path: () => '/api/recipes?page=1&perPage=20&search=creme%20brulee' },
  { name: 'queryFilter', path: () => `/api/recipes?page=1&perPage=30&queryFilter=${encodeURIComponent('tags.name IN ["Vegan", "Quick"] AND rating >= 3')}` },
  { name: 'get by slug', path: ({ slug }) => `/api/recipes/${slug}` },
];
