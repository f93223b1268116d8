import { useEffect, useState } from 'react';

/**
 * Keeps the screen awake while mounted (Screen Wake Lock API, where available). The browser drops the
 * lock when the tab is hidden, so it is asked for again when the tab comes back.
 */
export type WakeLockState = 'held' | 'released' | 'unsupported';

/** Plain HTTP (not a secure context) and older browsers have no wake lock. */
export function useWakeLock(): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator && window.isSecureContext;
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
    if (!wakeLock || !window.isSecureContext) return;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = async () => {
      try {
        const next = await wakeLock.request('screen');
        if (cancelled) {
          void next.release();
          return;
        }
        sentinel = next;
        setHeld(true);
        next.addEventListener('release', () => setHeld(false));
      } catch {
        setHeld(false);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && (!sentinel || sentinel.released)) void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisible);
      void sentinel?.release();
    };
  }, []);
  if (!supported) return 'unsupported';
  return held ? 'held' : 'released';
}
