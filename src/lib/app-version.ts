import { readStored, writeStored } from './browser-storage';

const VERSION_KEY = 'stockroom.appVersion';

/**
 * The build this page runs: the address of its entry script, which Vite fingerprints with the
 * content of the app's code (the development server's is the same on every start).
 */
export function runningVersion(entryUrl: string): string {
  return new URL(entryUrl).pathname;
}

/**
 * Whether this start is the first of a new version on this device, remembering this one. The
 * first start ever is not an update, so a new seller is not greeted with one.
 */
export function takeAppUpdate(version: string): boolean {
  const before = readStored(VERSION_KEY);
  writeStored(VERSION_KEY, version);
  return before !== null && before !== version;
}

/**
 * Installs the service worker (src/service-worker/sw.ts) that keeps the app's code for offline
 * use. Production builds only: the development server's modules are not files it could keep.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded, so installing (which downloads every screen's code) never
  // competes with the first screen for the connection.
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without it the app still works online; say why in the console for whoever looks.
      console.warn('Offline use is unavailable:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
