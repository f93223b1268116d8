import { createContext, useContext, type ReactNode } from 'react';
import type { RecipeImageOut } from '../../../../../contract/recipe-media';
import { useRecipeImages } from '../../../api/hooks/recipeImages';

const NONE: RecipeImageOut[] = [];
const Context = createContext<RecipeImageOut[]>(NONE);

/**
 * The recipe's gallery and step images for everything below (page, cook mode, print view): read once for a
 * member of the recipe's group; a visitor (the explore API) has none.
 */
export function RecipeImagesProvider({ slug, enabled, children }: { slug: string; enabled: boolean; children: ReactNode }) {
  const query = useRecipeImages(slug, enabled);
  return <Context value={enabled ? (query.data?.images ?? NONE) : NONE}>{children}</Context>;
}

/** Gallery images (stepId null) in order, or one step's images in order. */
export function useImagesOf(stepId: string | null): RecipeImageOut[] {
  const images = useContext(Context);
  return images.filter((image) => (stepId === null ? image.stepId === null : image.stepId?.toLowerCase() === stepId.toLowerCase()));
}
