import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../client';
import { cookingApi, type ParseRecipesResult } from '../cooking';

const unparsedKey = ['recipes', 'unparsed-ingredients'] as const;

/** Recipes with plain-text ingredient lines the caller may edit (fetched when `enabled`). */
export function useUnparsedRecipes(enabled: boolean) {
  return useQuery({ queryKey: unparsedKey, queryFn: () => unwrap(cookingApi.unparsed()), enabled });
}

/** Requests of at most this many recipes, so a large group parses with progress and no long request. */
export const PARSE_BATCH = 25;

/** Parses the recipes batch by batch, reporting progress; refreshes recipes and foods afterwards. */
export function useParseRecipes(onProgress: (done: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]): Promise<ParseRecipesResult> => {
      const total = { recipes: 0, ingredients: 0 };
      for (let i = 0; i < ids.length; i += PARSE_BATCH) {
        const result = await unwrap(cookingApi.parse(ids.slice(i, i + PARSE_BATCH)));
        total.recipes += result.recipes;
        total.ingredients += result.ingredients;
        onProgress(Math.min(ids.length, i + PARSE_BATCH));
      }
      return total;
    },
    onSettled: () => Promise.all([['recipes'], ['foods'], ['units']].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
