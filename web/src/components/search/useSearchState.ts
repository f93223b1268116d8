import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearchParams, writeSearchParams, type RecipeSearchState } from './searchParams';

/**
 * The advanced search state, kept in the address (replace, not push: each keystroke is not a history
 * entry). Anything else in the address (e.g. a page number) is dropped when the search changes.
 */
export function useSearchState(): [RecipeSearchState, (patch: Partial<RecipeSearchState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const update = useCallback(
    (patch: Partial<RecipeSearchState>) =>
      setParams((current) => {
        const next = writeSearchParams({ ...parseSearchParams(current), ...patch }, current);
        next.delete('page');
        return next;
      }, { replace: true }),
    [setParams],
  );
  return [state, update];
}
