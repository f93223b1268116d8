import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../client';
import { adminApi } from '../endpoints';
import type {
  GroupCreateBody,
  GroupUpdateBody,
  HouseholdCreateBody,
  HouseholdUpdateBody,
  UserInBody,
  UserUpdateBody,
} from '../types';

const keys = {
  about: ['admin', 'about'] as const,
  check: ['admin', 'check'] as const,
  statistics: ['admin', 'statistics'] as const,
  users: ['admin', 'users'] as const,
  households: ['admin', 'households'] as const,
  groups: ['admin', 'groups'] as const,
};

export function useAdminAbout() {
  return useQuery({ queryKey: keys.about, queryFn: () => unwrap(adminApi.about()) });
}
export function useAdminCheck() {
  return useQuery({ queryKey: keys.check, queryFn: () => unwrap(adminApi.check()) });
}
export function useAdminStatistics() {
  return useQuery({ queryKey: keys.statistics, queryFn: () => unwrap(adminApi.statistics()) });
}

export function useAdminUsers() {
  return useQuery({ queryKey: keys.users, queryFn: async () => (await unwrap(adminApi.users())).items });
}
export function useAdminHouseholds() {
  return useQuery({ queryKey: keys.households, queryFn: async () => (await unwrap(adminApi.households())).items });
}
export function useAdminGroups() {
  return useQuery({ queryKey: keys.groups, queryFn: async () => (await unwrap(adminApi.groups())).items });
}

/** Every admin change can move counts on the other admin lists, so all of them refresh. */
function useInvalidateAdmin() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin'] }),
      client.invalidateQueries({ queryKey: ['users', 'self'] }),
    ]);
}

export function useAdminUserMutations() {
  const onSuccess = useInvalidateAdmin();
  return {
    create: useMutation({ mutationFn: (body: UserInBody) => unwrap(adminApi.createUser(body)), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UserUpdateBody }) => unwrap(adminApi.updateUser(id, body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(adminApi.deleteUser(id)), onSuccess }),
    unlock: useMutation({ mutationFn: () => unwrap(adminApi.unlockUsers(true)), onSuccess }),
    resetToken: useMutation({ mutationFn: (email: string) => unwrap(adminApi.passwordResetToken(email)) }),
  };
}

export function useAdminHouseholdMutations() {
  const onSuccess = useInvalidateAdmin();
  return {
    create: useMutation({ mutationFn: (body: HouseholdCreateBody) => unwrap(adminApi.createHousehold(body)), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: HouseholdUpdateBody }) => unwrap(adminApi.updateHousehold(id, body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(adminApi.deleteHousehold(id)), onSuccess }),
  };
}

export function useAdminGroupMutations() {
  const onSuccess = useInvalidateAdmin();
  return {
    create: useMutation({ mutationFn: (body: GroupCreateBody) => unwrap(adminApi.createGroup(body)), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: GroupUpdateBody }) => unwrap(adminApi.updateGroup(id, body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(adminApi.deleteGroup(id)), onSuccess }),
  };
}
