import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../client';
import { appApi } from '../endpoints';

export function useAbout() {
  return useQuery({ queryKey: ['app', 'about'], queryFn: () => unwrap(appApi.about()), staleTime: 5 * 60_000 });
}

/** Theme colours: fetched once per session; a failure leaves the built-in colours. */
export function useAppTheme() {
  return useQuery({
    queryKey: ['app', 'theme'],
    queryFn: () => unwrap(appApi.theme()),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useStartupInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['app', 'startup-info'],
    queryFn: () => unwrap(appApi.startupInfo()),
    enabled,
    staleTime: 60_000,
  });
}
