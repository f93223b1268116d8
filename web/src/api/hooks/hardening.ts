import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionsApi } from '../hardening';
import { setToken } from '../token';

/** "Sign out everywhere": ends every session on the server, then forgets this browser's sign-in. */
export function useLogoutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await sessionsApi.logoutEverywhere();
      if (error) throw error;
      setToken(null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app' });
    },
  });
}
