import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../client';
import { householdApi } from '../endpoints';
import type { SetPermissionsBody } from '../types';

const membersKey = ['households', 'members'] as const;

export function useHouseholdMembers() {
  return useQuery({ queryKey: membersKey, queryFn: () => unwrap(householdApi.members()) });
}

export function useSetPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPermissionsBody) => unwrap(householdApi.setPermissions(body)),
    onSettled: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

/** Cookbooks for the sidebar's secondary links; any failure just leaves the list empty. */
export function useSidebarCookbooks(enabled: boolean) {
  return useQuery({
    queryKey: ['households', 'cookbooks', 'sidebar'],
    queryFn: async () => (await householdApi.cookbooks()).data?.items ?? [],
    enabled,
    staleTime: 5 * 60_000,
  });
}
