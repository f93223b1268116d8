import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * While `active`: the browser's leave-page warning (closing, reloading, typing another address) and a
 * block on in-app navigation to another page, which the caller confirms or cancels through the blocker.
 * Changes to the query string of the same page (?edit=true going away) are never blocked.
 */
export function useLeaveWarning(active: boolean): { blocker: Blocker; release: () => void } {
  const activeRef = useRef(active);
  activeRef.current = active;

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers want a returnValue to show the prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => activeRef.current && currentLocation.pathname !== nextLocation.pathname);

  // The warning is lifted synchronously (before a navigation in the same tick, e.g. after saving).
  const release = () => {
    activeRef.current = false;
  };
  return { blocker, release };
}
