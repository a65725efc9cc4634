/**
 * How the service worker treats a request (issue "The tablet in a stockroom with patchy Wi-Fi").
 *
 * - `shell`: a public page load (landing, pricing, sign-in). Tried on the network first so a
 *   public page or a new version is never hidden by a stale copy; the cached app page answers
 *   only when the network fails or stalls.
 * - `app`: a dashboard page load. Answered at once from the kept app page of the worker's own
 *   build (its code is in the same cache, so the two always match), while the network is asked
 *   behind it for the next start: a seller back in the stockroom does not wait a round trip
 *   (0.4 s and more on a poor line) for a page the worker already holds. A new deploy is
 *   therefore picked up one start later.
 * - `asset`: the app's own fingerprinted code, styles and icons. Their names change with their
 *   content, so a cached copy is always right and opens every screen offline.
 * - `network`: everything else — the API, our functions, other origins, any write. Never
 *   answered from a cache, so an error is the real error.
 */
export type RequestHandling = 'shell' | 'app' | 'asset' | 'network';

export interface RequestFacts {
  url: string;
  method: string;
  /** `Request.mode`: 'navigate' for a page load. */
  mode: string;
  /** The origin the app is served from. */
  appOrigin: string;
}

const STATIC_FILES = new Set(['/favicon.svg', '/manifest.webmanifest']);

export function requestHandling({ url, method, mode, appOrigin }: RequestFacts): RequestHandling {
  if (method !== 'GET') return 'network';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'network';
  }
  if (parsed.origin !== appOrigin) return 'network';
  const path = parsed.pathname;
  if (path.startsWith('/.netlify/') || path === '/sw.js') return 'network';
  if (mode === 'navigate') {
    return path === '/dashboard' || path.startsWith('/dashboard/') ? 'app' : 'shell';
  }
  if (path.startsWith('/assets/') || path.startsWith('/icons/') || STATIC_FILES.has(path)) {
    return 'asset';
  }
  return 'network';
}

/** The cache a build's files live in; one per version so an update never mixes two builds. */
export function cacheName(version: string): string {
  return `stockroom-app-${version}`;
}

/**
 * Which caches to delete when a version takes over: every app cache but this version's and the
 * newest other one (`caches.keys()` lists caches in the order they were made). That one stays so
 * a tab still running the previous build can load a screen it has not opened yet.
 */
export function cachesToDelete(existing: readonly string[], current: string): string[] {
  const mine = cacheName(current);
  const others = existing.filter((name) => name.startsWith('stockroom-app-') && name !== mine);
  return others.slice(0, -1);
}

/** How long a page load waits on a stalled network before the cached app answers. */
export const SHELL_NETWORK_TIMEOUT_MS = 4000;
