import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it has a network: `navigator.onLine`, which turns false the moment
 * the device loses its connection (a false "online" is possible, a false "offline" is not). Used
 * to say so plainly, not to decide whether to try: a request is always tried and its failure read.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser is offline; the component re-renders when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
