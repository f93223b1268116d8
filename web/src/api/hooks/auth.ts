import { useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap, type ApiError } from '../client';
import { authApi, userApi } from '../endpoints';
import { getToken, newSignInMarker, setToken, subscribeToken } from '../token';
import type { UserFlag, UserOut } from '../types';

export const selfKey = ['users', 'self'] as const;

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}

function selfQuery(token: string | null) {
  return {
    queryKey: [...selfKey, token] as const,
    queryFn: () => unwrap(userApi.self()),
    staleTime: 5 * 60_000,
    retry: false,
  };
}

export interface CurrentUser {
  user: UserOut | null;
  /** A token exists and the user is being fetched. */
  loading: boolean;
  loggedIn: boolean;
}

export function useCurrentUser(): CurrentUser {
  const token = useToken();
  const query = useQuery({ ...selfQuery(token), enabled: token !== null });
  const user = token ? (query.data ?? null) : null;
  return { user, loading: token !== null && query.isPending, loggedIn: user !== null };
}

export function hasFlag(user: UserOut | null, flag: UserFlag): boolean {
  return Boolean(user?.[flag]);
}

/** Why a sign-in failed; `throttled` carries the server's text (429: too many attempts, with the minutes to wait). */
export type LoginFailure = 'invalid' | 'locked' | 'other' | { throttled: string };

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** The server has set the HttpOnly session cookie; the token in the answer is for API clients, not kept here. */
async function finishLogin(client: QueryClient, _accessToken: string): Promise<UserOut> {
  const marker = newSignInMarker();
  setToken(marker);
  return client.fetchQuery(selfQuery(marker));
}

/** POST /api/auth/token, keep the token, then load /api/users/self. Errors carry a LoginFailure. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation<UserOut, LoginFailure, LoginInput>({
    mutationFn: async ({ username, password, rememberMe }) => {
      const { data, error } = await authApi.login(username, password, rememberMe);
      if (error || !data) {
        if (error?.status === 429 && error.message) throw { throttled: error.message } satisfies LoginFailure;
        throw error?.status === 401 ? 'invalid' : error?.status === 423 ? 'locked' : 'other';
      }
      try {
        return await finishLogin(client, data.access_token);
      } catch {
        setToken(null);
        throw 'other';
      }
    },
  });
}

/** The OIDC provider sends the browser back to /login with its parameters; exchange them for a token. */
export function useOidcCallback() {
  const client = useQueryClient();
  return useMutation<UserOut, ApiError | Error, string>({
    mutationFn: async (search) => {
      const { data, error } = await authApi.oauthCallback(search);
      if (error || !data) throw error ?? new Error('no token');
      return finishLogin(client, data.access_token);
    },
  });
}

/** POST /api/auth/logout, forget the token and every cached private query. */
export function useLogout() {
  const client = useQueryClient();
  return async () => {
    await authApi.logout();
    setToken(null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app' });
  };
}
