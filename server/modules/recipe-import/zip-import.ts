import path from 'node:path';
import { recipeCreate, type RecipeCreate } from '../../../contract/recipes.js';
import { extractRecipeFromJson } from '../../import/extract/index.js';
import { camelizeKeys } from '../../platform/casing.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { sniffImage } from '../../platform/storage.js';
import { MAX_EXTRA_IMAGES, storeExtraImage } from '../recipe-media/gallery.js';
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

/** Hearth's gallery and step images (exports/recipe-zip.ts writes them; Mealie's exports have none). */
const HEARTH_IMAGES = 'hearth-images/';

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
  const images = entries.filter((entry) => IMAGE_NAME.test(entry.name) && !entry.name.startsWith(HEARTH_IMAGES) && sniffImage(entry.data));
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
  let json: unknown;
  for (const entry of entries) {
    if (!/\.json$/i.test(entry.name)) continue;
    json = parseJson(entry);
    recipe = json === undefined ? null : recipeFromExportJson(json);
    if (recipe) break;
  }
  if (!recipe) throw badRequest('recipe-import.no-recipe-in-archive');
  const created = await createRecipe(deps, user, await withParsedIngredients(deps, user, recipe));
  const image = bestImage(entries);
  // A picture that does not decode leaves the recipe without one rather than failing the import.
  if (image) await saveRecipeImage(deps, created.id, image).catch(() => undefined);
  await importExtraImages(deps, created.id, json, entries);
  return created;
}

/**
 * The gallery and step images a Hearth export lists under `hearth_images`, each re-made into its three
 * renditions; a step image finds its step by index (the new recipe's steps may have new ids). One that is
 * missing or does not decode is left out rather than failing the import.
 */
async function importExtraImages(deps: Deps, recipeId: string, json: unknown, entries: ZipEntryData[]): Promise<void> {
  const listed = isObject(json) && Array.isArray(json.hearth_images) ? json.hearth_images.filter(isObject) : [];
  if (listed.length === 0) return;
  const steps = await deps.db.selectFrom('recipe_instructions').select('id').where('recipe_id', '=', recipeId).orderBy('position').execute();
  const byName = new Map(entries.filter((e) => e.name.startsWith(HEARTH_IMAGES)).map((e) => [e.name, e.data]));
  const ordered = [...listed].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
  for (const item of ordered.slice(0, MAX_EXTRA_IMAGES)) {
    const data = typeof item.file === 'string' ? byName.get(item.file) : undefined;
    if (!data) continue;
    const index = typeof item.step_index === 'number' ? item.step_index : null;
    if (item.step_id && (index === null || !steps[index])) continue;
    await storeExtraImage(deps, recipeId, index === null || !item.step_id ? null : steps[index].id, data).catch(() => undefined);
  }
}
