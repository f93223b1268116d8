import { useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** The UI state every data page shares: the search text (sent to the server debounced) and its dialogs. */
export function useDataPage<T>() {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [merging, setMerging] = useState<{ from: T | null } | null>(null);
  const [seeding, setSeeding] = useState(false);
  return { search, setSearch, debouncedSearch, editing, setEditing, deleting, setDeleting, merging, setMerging, seeding, setSeeding };
}
