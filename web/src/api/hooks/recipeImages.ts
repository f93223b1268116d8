import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecipeImagesOut } from '../../../../contract/recipe-media';
import { unwrap } from '../client';
import { recipeApi } from '../endpoints';
import { recipeKeys } from './search';

/** Hearth's gallery and step images of a recipe (issue 41). */
export const recipeImageKeys = { one: (slug: string) => ['recipes', 'images', slug] as const };

const NONE: RecipeImagesOut = { image: null, images: [] };

/** The recipe's gallery and step images; none for a visitor (the explore API has none) or a server without them. */
export function useRecipeImages(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: recipeImageKeys.one(slug),
    queryFn: async () => (await recipeApi.images(slug)).data ?? NONE,
    enabled: enabled && Boolean(slug),
    staleTime: 10_000,
  });
}

type ImageChange =
  | { kind: 'add'; file: File; stepId: string | null }
  | { kind: 'delete'; imageId: string }
  | { kind: 'main'; imageId: string }
  | { kind: 'order'; order: string[] };

function send(slug: string, change: ImageChange) {
  switch (change.kind) {
    case 'add':
      return recipeApi.addImage(slug, change.file, change.stepId);
    case 'delete':
      return recipeApi.deleteImage(slug, change.imageId);
    case 'main':
      return recipeApi.mainImage(slug, change.imageId);
    case 'order':
      return recipeApi.orderImages(slug, change.order);
  }
}

/** One change to the images; the answer is the new list, and the recipe (its main image may be new) is read again. */
export function useChangeRecipeImages(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ImageChange) => unwrap(send(slug, change)),
    onSuccess: (list) => {
      client.setQueryData(recipeImageKeys.one(slug), list);
      void client.invalidateQueries({ queryKey: recipeKeys.all, predicate: (q) => q.queryKey[1] !== 'images' });
    },
  });
}
