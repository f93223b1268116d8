import { useFoods } from '../../api/hooks/data';
import { useOrganizers } from '../../api/hooks/organizers';
import { useGroupHouseholds } from '../../api/hooks/search';

export interface FilterOption {
  id: string;
  label: string;
}

export type FilterOptionField = 'categories' | 'tags' | 'tools' | 'foods' | 'households';

/** What a recipe filter can pick from, per field (the advanced search's fields), and whether it is loading. */
export function useFilterOptions(): Record<FilterOptionField, { options: FilterOption[]; loading: boolean }> {
  const categories = useOrganizers('categories');
  const tags = useOrganizers('tags');
  const tools = useOrganizers('tools');
  const foods = useFoods('');
  const households = useGroupHouseholds();
  const named = (items: { id: string; name: string }[] | undefined) => (items ?? []).map((i) => ({ id: i.id, label: i.name }));
  return {
    categories: { options: named(categories.data), loading: categories.isPending },
    tags: { options: named(tags.data), loading: tags.isPending },
    tools: { options: named(tools.data), loading: tools.isPending },
    foods: { options: named(foods.data), loading: foods.isPending },
    households: { options: named(households.data), loading: households.isPending },
  };
}
