import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { findCookbook, type CookbookScope } from './repo.js';

/**
 * The queryFilter of the cookbook a recipe list asks for (`?cookbook=` id or slug), for the recipe list
 * routes. Members see every cookbook of their group; the public view only public cookbooks of households
 * that are not private. An unknown (or hidden) cookbook is a 404.
 */
export async function cookbookRecipeFilter(deps: Pick<Deps, 'db'>, scope: CookbookScope, idOrSlug: string | undefined): Promise<string | undefined> {
  if (idOrSlug === undefined || idOrSlug === '') return undefined;
  const cookbook = await findCookbook(deps.db, scope, idOrSlug);
  if (!cookbook) throw notFound('cookbooks.cookbook-not-found');
  return cookbook.query_filter_string ?? '';
}
