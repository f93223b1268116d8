export type SkeletonKind = 'page' | 'cards' | 'recipe' | 'list';

/** The skeleton for the address being opened (a lazy screen or the signed-in user still loading). */
export function skeletonFor(pathname: string): SkeletonKind {
  if (/\/r\/[^/]+(\/print)?\/?$/.test(pathname) && !/\/r\/create\//.test(pathname)) return 'recipe';
  if (/^\/g\/[^/]+\/?$/.test(pathname) || /\/cookbooks\/[^/]+/.test(pathname) || /\/favorites/.test(pathname)) return 'cards';
  if (/shopping-lists|\/recipes\/(categories|tags|tools)|\/data\/|\/admin\/manage|\/household\/members|cookbooks\/?$/.test(pathname)) return 'list';
  return 'page';
}
