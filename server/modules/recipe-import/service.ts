import { extractFromHtmlOrJson, MISSING_INSTRUCTIONS_TEXT, type RecipeDraft } from '../../import/extract/index.js';
import { safeFetch } from '../../import/safe-fetch.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { sniffImage } from '../../platform/storage.js';
import { saveRecipeImage } from '../recipe-media/images.js';
import { createRecipe, type RecipeRef, type RecipeUser } from '../recipes/service.js';
import { fetchPage } from './fetch-page.js';
import { draftToRecipeCreate, type ExtraOrganizers } from './to-recipe.js';
import { withParsedIngredients } from './parse-on-import.js';

/**
 * A draft worth saving lists ingredients or real steps. A page that only names a recipe (its title and
 * picture in the meta tags) is refused with the reason, and nothing is created.
 */
export function requireRecipe(draft: RecipeDraft | null, notFound: 'recipe-import.no-recipe-found' | 'recipe-import.no-recipe-found-in-the-data-given'): RecipeDraft {
  if (!draft) throw badRequest(notFound);
  const steps = draft.recipeInstructions.filter((step) => step.text.trim() && step.text !== MISSING_INSTRUCTIONS_TEXT);
  if (draft.recipeIngredient.length === 0 && steps.length === 0) throw badRequest('recipe-import.nothing-readable');
  return draft;
}

/** Image addresses tried, best first, before a recipe is saved without an image. */
const MAX_IMAGE_CANDIDATES = 4;
/** An import waits this long at most for one image, and for all its candidates together. */
const IMAGE_TIMEOUT_MS = 8_000;
const IMAGE_BUDGET_MS = 15_000;
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Stores the first of the image addresses that downloads and decodes; false when none did. */
export async function storeFirstImage(deps: Deps, recipeId: string, urls: readonly string[]): Promise<boolean> {
  const deadline = Date.now() + IMAGE_BUDGET_MS;
  for (const url of urls.slice(0, MAX_IMAGE_CANDIDATES)) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    try {
      const fetched = await safeFetch(url, {
        allowPrivateNetwork: deps.config.allowPrivateNetworkFetch,
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: Math.min(IMAGE_TIMEOUT_MS, left),
      });
      if (!sniffImage(fetched.body)) continue;
      await saveRecipeImage(deps, recipeId, fetched.body);
      return true;
    } catch {
      // a dead link, a refused address or a picture that does not decode: try the next candidate
    }
  }
  return false;
}

/** Saves a draft as a recipe of the caller's household, with the best of its images that can be had. */
export async function saveDraft(deps: Deps, user: RecipeUser, draft: RecipeDraft, extra: ExtraOrganizers = {}): Promise<RecipeRef & { name: string }> {
  const input = await withParsedIngredients(deps, user, draftToRecipeCreate(draft, extra));
  const created = await createRecipe(deps, user, input);
  await storeFirstImage(deps, created.id, draft.imageUrls);
  return { ...created, name: input.name };
}

/** Fetches a page and extracts its recipe; the address given becomes the recipe's orgURL, as in Mealie. */
export async function scrapeUrl(deps: Deps, url: string, includeTags: boolean): Promise<RecipeDraft> {
  const page = await fetchPage(deps, url);
  const draft = requireRecipe(extractFromHtmlOrJson(page.text, { includeTags, pageUrl: page.url }), 'recipe-import.no-recipe-found');
  draft.orgURL = url.trim();
  return draft;
}

export async function importFromUrl(
  deps: Deps,
  user: RecipeUser,
  url: string,
  options: ExtraOrganizers & { includeTags: boolean },
): Promise<RecipeRef & { name: string }> {
  const draft = await scrapeUrl(deps, url, options.includeTags);
  return saveDraft(deps, user, draft, options);
}

/** A whole page's HTML, a JSON-LD object or a recipe JSON (ours or Mealie's), given as text. */
export async function importFromHtmlOrJson(
  deps: Deps,
  user: RecipeUser,
  data: string,
  options: { includeTags: boolean; url?: string | null },
): Promise<RecipeRef & { name: string }> {
  const draft = requireRecipe(extractFromHtmlOrJson(data, { includeTags: options.includeTags, pageUrl: options.url ?? undefined }), 'recipe-import.no-recipe-found-in-the-data-given');
  return saveDraft(deps, user, draft);
}
