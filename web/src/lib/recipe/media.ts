import { API, apiPath } from '../../../../contract/routes';
import { buildUrl } from '../../api/url';
/** Spec §7 media URLs: recipe images in three sizes, versioned by the recipe's `image` value. */
export type RecipeImageSize = 'original' | 'min-original' | 'tiny-original';


/** null when the recipe has no image (show the placeholder without asking the server). */
export function recipeImageUrl(recipeId: string, image: string | null | undefined, size: RecipeImageSize = 'min-original'): string | null {
  if (!image) return null;
  return buildUrl(apiPath(API.mediaRecipesByRecipeIdImagesByFileName, { recipe_id: recipeId, file_name: `${size}.webp` }), { version: image });
}

export function recipeAssetUrl(recipeId: string, fileName: string): string {
  return apiPath(API.mediaRecipesByRecipeIdAssetsByFileName, { recipe_id: recipeId, file_name: fileName });
}

/** A gallery or step image's rendition (issue 41): `folder` is the server's, and an image id never changes bytes. */
export function extraImageUrl(folder: string, size: RecipeImageSize = 'min-original'): string {
  return `${folder}${size}.webp`;
}
