/** Top-level sections that never live under /g/{groupSlug}: a 404 there stays a 404. */
const UNGROUPED_SECTIONS = new Set([
  'admin',
  'user',
  'household',
  'group',
  'shopping-lists',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'api',
  'docs',
]);

/**
 * The error page's path rewrite on a 404 (spec §2): `/recipe/` becomes `/r/`, and `/g/{groupSlug}`
 * is put in front of a path that has no group prefix. Answers the new path, or null to stay on the 404.
 */
export function rewriteNotFoundPath(path: string, groupSlug: string | null | undefined): string | null {
  let next = path.replace('/recipe/', '/r/');
  const pathname = next.split(/[?#]/)[0] ?? '';
  const first = pathname.split('/')[1] ?? '';
  if (first !== 'g' && first !== '' && groupSlug && !UNGROUPED_SECTIONS.has(first)) {
    next = `/g/${encodeURIComponent(groupSlug)}${next}`;
  }
  return next === path ? null : next;
}
