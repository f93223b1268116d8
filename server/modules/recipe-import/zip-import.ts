import path from 'node:path';
import { recipeCreate, type RecipeCreate } from '../../../contract/recipes.js';
import { extractRecipeFromJson } from '../../import/extract/index.js';
import { camelizeKeys } from '../../platform/casing.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { sniffImage } from '../../platform/storage.js';
import { saveRecipeImage } from '../recipe-media/images.js';
import { createRecipe, type RecipeRef, type RecipeUser } from '../recipes/service.js';
import { draftToRecipeCreate } from './to-recipe.js';
import { withParsedIngredients } from './parse-on-import.js';
import { readZipEntries, type ZipEntryData } from './zip-reader.js';

/**
 * POST /api/recipes/create/zip: our own recipe export or Mealie's (`<slug>.json` in snake_case or camelCase
 * plus `original.webp`). The recipe lands in the caller's household, owned by the caller; its tags,
 * categories, tools, foods and units are matched in the caller's group by id, slug or name, or created.
 */

const IMAGE_NAME = /\.(webp|jpe?g|png|gif|avif|heic)$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A recipe JSON as our recipe input. Identity, ownership, image key and assets (whose files an export does
 * not carry) are the importing server's; the rest is taken as it is. JSON that is not in our or Mealie's
 * recipe shape (a schema.org Recipe, say) goes through the extraction engine instead.
 */
export function recipeFromExportJson(value: unknown): RecipeCreate | null {
  const camel = camelizeKeys(value);
  const candidate = isObject(camel) && isObject(camel.recipe) ? camel.recipe : camel;
  if (isObject(candidate)) {
    const parsed = recipeCreate.safeParse(candidate);
    if (parsed.success) {
      const { id: _id, slug: _slug, assets: _assets, ...recipe } = parsed.data;
      return recipe;
    }
  }
  const draft = extractRecipeFromJson(value);
  return draft ? draftToRecipeCreate(draft) : null;
}

/** original.webp first (Mealie's layout), then any other webp, then any other picture. */
function bestImage(entries: ZipEntryData[]): Buffer | null {
  const images = entries.filter((entry) => IMAGE_NAME.test(entry.name) && sniffImage(entry.data));
  const rank = (entry: ZipEntryData) => {
    const base = path.posix.basename(entry.name).toLowerCase();
    return base === 'original.webp' ? 0 : base.endsWith('.webp') ? 1 : 2;
  };
  images.sort((a, b) => rank(a) - rank(b));
  return images[0]?.data ?? null;
}

function parseJson(entry: ZipEntryData): unknown {
  try {
    return JSON.parse(entry.data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

export async function importFromZip(deps: Deps, user: RecipeUser, archive: Buffer): Promise<RecipeRef> {
  const entries = await readZipEntries(archive, (name) => /\.json$/i.test(name) || IMAGE_NAME.test(name));
  let recipe: RecipeCreate | null = null;
  for (const entry of entries) {
    if (!/\.json$/i.test(entry.name)) continue;
    const json = parseJson(entry);
    recipe = json === undefined ? null : recipeFromExportJson(json);
    if (recipe) break;
  }
  if (!recipe) throw badRequest('recipe-import.no-recipe-in-archive');
  const created = await createRecipe(deps, user, await withParsedIngredients(deps, user, recipe));
  const image = bestImage(entries);
  // A picture that does not decode leaves the recipe without one rather than failing the import.
  if (image) await saveRecipeImage(deps, created.id, image).catch(() => undefined);
  return created;
}
