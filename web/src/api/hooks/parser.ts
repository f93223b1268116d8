import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParsedIngredientOut, RegisteredParser } from '../../../../contract/parser';
import { unwrap } from '../client';
import { foodApi, parserApi, unitApi } from '../endpoints';
import { dataKeys } from './data';

export type { ParsedIngredientOut, RegisteredParser };

/** POST /api/parser/ingredients: one parsed ingredient per line, in order. */
export function useParseIngredients() {
  return useMutation({
    mutationFn: ({ parser, lines }: { parser: RegisteredParser; lines: readonly string[] }) => unwrap(parserApi.ingredients(parser, lines)),
  });
}

/** POST /api/foods {name}: a food the parser read that the group did not have. Only the food lists refresh. */
export function useCreateFoodByName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(foodApi.create({ name })),
    onSuccess: () => client.invalidateQueries({ queryKey: dataKeys.foods }),
  });
}

/** POST /api/units {name, pluralName}: the parser names a unit in the singular and gives the plural it read. */
export function useCreateUnitByName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, pluralName }: { name: string; pluralName?: string | null }) => unwrap(unitApi.create({ name, ...(pluralName ? { pluralName } : {}) })),
    onSuccess: () => client.invalidateQueries({ queryKey: dataKeys.units }),
  });
}
