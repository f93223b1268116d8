import { useEffect } from 'react';
import { useCurrentUser } from '../../api/hooks/auth';
import { readStorage } from '../../lib/storage';

/** How old the offline library may get before the app fills it again by itself. */
const REFRESH_AFTER_MS = 6 * 60 * 60 * 1000;
/** Leave the first screen its network before filling the library. */
const START_DELAY_MS = 4000;

/**
 * Keeps the offline library (issue 41) filled ahead of time: a while after the signed-in app starts, and when
 * the browser comes back online, when the last fill is older than a few hours. Only where a service worker
 * serves the app (the installed or production app): without one nothing could read the library offline.
 * Loaded on demand, so the first screen's code stays as it was.
 */
export default function OfflineKeeper() {
  const { user } = useCurrentUser();
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    const due = () => {
      try {
        const manifest = JSON.parse(readStorage('hearth.offline.manifest') ?? 'null') as { syncedAt?: string } | null;
        return !manifest?.syncedAt || Date.now() - Date.parse(manifest.syncedAt) > REFRESH_AFTER_MS;
      } catch {
        return true;
      }
    };
    const fill = () => {
      if (navigator.onLine && due()) void import('../../api/offlineLibrary').then((library) => library.syncOfflineLibrary());
    };
    const timer = setTimeout(fill, START_DELAY_MS);
    window.addEventListener('online', fill);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', fill);
    };
  }, [signedIn]);
  return null;
}
