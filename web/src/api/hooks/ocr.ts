import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../client';
import { ocrApi } from '../ocr';
import { recipeKeys } from './search';

export const ocrKeys = { languages: ['ocr', 'languages'] as const };

export function useOcrLanguages() {
  return useQuery({ queryKey: ocrKeys.languages, queryFn: () => unwrap(ocrApi.languages()), staleTime: Infinity });
}

/** POST /api/ocr: the photos read into blocks, lines and words. */
export function useReadPhotos() {
  return useMutation({ mutationFn: ({ images, language }: { images: File[]; language: string }) => unwrap(ocrApi.read(images, language)) });
}

/** POST /api/ocr/ai: the fields as the AI model read them. */
export function useAiDraft() {
  return useMutation({ mutationFn: (images: File[]) => unwrap(ocrApi.aiDraft(images)) });
}

/** POST /api/ocr/recipes: resolves to the new recipe's slug. */
export function useSaveOcrRecipe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recipe, images }: { recipe: unknown; images: File[] }) => unwrap(ocrApi.save(recipe, images)),
    onSuccess: () => client.invalidateQueries({ queryKey: recipeKeys.all }),
  });
}
