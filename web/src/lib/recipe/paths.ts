const enc = encodeURIComponent;

/** The recipe page: /g/{groupSlug}/r/{slug}, or the short /r/{slug} without a group. */
export function recipePath(groupSlug: string | null | undefined, slug: string): string {
  return groupSlug ? `/g/${enc(groupSlug)}/r/${enc(slug)}` : `/r/${enc(slug)}`;
}

export function recipeEditPath(groupSlug: string | null | undefined, slug: string): string {
  return `${recipePath(groupSlug, slug)}?edit=true`;
}

/** The print view; `autoPrint` opens the browser's print dialog at once, `scale` carries the page's scale. */
export function recipePrintPath(groupSlug: string | null | undefined, slug: string, autoPrint = false, scale = 1): string {
  const query = new URLSearchParams();
  if (autoPrint) query.set('print', '1');
  if (scale !== 1) query.set('scale', String(scale));
  const qs = query.toString();
  return `${recipePath(groupSlug, slug)}/print${qs ? `?${qs}` : ''}`;
}

/** Spec: a share link is {origin}/g/{groupSlug}/shared/r/{tokenId}. */
export function sharedRecipeUrl(origin: string, groupSlug: string, tokenId: string): string {
  return `${origin}/g/${enc(groupSlug)}/shared/r/${enc(tokenId)}`;
}

/** The group home filtered by one tag (the card's tag chips link here). */
export function tagFilterPath(groupSlug: string, tagSlug: string): string {
  return `/g/${enc(groupSlug)}?tags=${enc(tagSlug)}`;
}
