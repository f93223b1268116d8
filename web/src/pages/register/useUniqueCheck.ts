import { useEffect, useState } from 'react';
import { checkUnique, type UniqueField } from '../../api/hooks/user';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/**
 * Live server check that a username, email or group name is still free (spec §5).
 * Each field keeps its own state; `taken` is true only when the server said so for the current value.
 */
export function useUniqueCheck(field: UniqueField, value: string, enabled: boolean) {
  const debounced = useDebouncedValue(value.trim(), 500);
  const [result, setResult] = useState<{ value: string; valid: boolean | null } | null>(null);

  useEffect(() => {
    if (!enabled || !debounced) return;
    let alive = true;
    void checkUnique(field, debounced).then((valid) => {
      if (alive) setResult({ value: debounced, valid });
    });
    return () => {
      alive = false;
    };
  }, [field, debounced, enabled]);

  const current = value.trim();
  const known = result && result.value === current ? result.valid : null;
  return {
    taken: enabled && current !== '' && known === false,
    checking: enabled && current !== '' && (debounced !== current || result?.value !== current),
  };
}
