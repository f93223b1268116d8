import type { RecipeOutput } from 'mealie-typescript';
import type { Session, World } from '../rows.js';
import { uploadField } from '../uploads.js';
import { made, unique } from './fixtures.js';

/** A recipe with a name only, created by `who` (the admin by default) and read back through the client. */
export async function plainRecipe(w: World, who: Session = w.admin, name = unique('Contract plain')): Promise<RecipeOutput> {
  const slug = await made(who.clients.RecipeCRUDApi.createOneApiRecipesPost({ name }), 'recipe');
  return made(who.clients.RecipeCRUDApi.getOneApiRecipesSlugGet(slug), 'recipe read');
}

/** A plain recipe whose image was uploaded through the client. */
export async function recipeWithImage(w: World): Promise<RecipeOutput> {
  const recipe = await plainRecipe(w);
  await made(w.admin.clients.RecipeImagesAndAssetsApi.updateRecipeImageApiRecipesSlugImagePut(recipe.slug ?? '', uploadField(w.png, 'photo.png', 'image/png'), 'png'), 'image');
  return made(w.admin.clients.RecipeCRUDApi.getOneApiRecipesSlugGet(recipe.slug ?? ''), 'recipe read');
}

/** The first bytes of a WebP file ("RIFF....WEBP"). */
export function isWebp(data: unknown): boolean {
  const bytes = Buffer.from(data as ArrayBuffer);
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
}

/** The first bytes of a zip archive ("PK\x03\x04"). */
export function isZip(data: unknown): boolean {
  return Buffer.from(data as ArrayBuffer).subarray(0, 4).toString('latin1') === 'PK\x03\x04';
}

/** Axios options for a binary answer (the client's default would decode it as text). */
export const binary = { responseType: 'arraybuffer' } as const;
