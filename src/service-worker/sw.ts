// The app's service worker: keeps this build's code so every screen opens offline once the app
// has loaded, answers public page loads from the network first and dashboard page loads from
// the kept app page (src/domain/offline-cache.ts says which request gets which treatment). Built to /sw.js by scripts/service-worker-plugin.ts,
// which fills in the build's files and version.
import {
  SHELL_NETWORK_TIMEOUT_MS,
  cacheName,
  cachesToDelete,
  requestHandling,
} from '../domain/offline-cache';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE__: string[];
declare const __VERSION__: string;

const CACHE = cacheName(__VERSION__);
// The app page as served (with the stack's settings in it), kept under one key for every route.
const SHELL_KEY = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([SHELL_KEY, ...__PRECACHE__]);
      // A new build takes over at once: pages already open keep their code (the previous
      // cache stays, see activate), and the next start runs the new one.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(cachesToDelete(names, __VERSION__).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'version') event.ports[0]?.postMessage(__VERSION__);
});

function withTimeout(request: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network stalled')), SHELL_NETWORK_TIMEOUT_MS);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function cachedShell(): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = (await cache.match(SHELL_KEY)) ?? (await caches.match(SHELL_KEY));
  return hit ?? Response.error();
}

/** Asks the network for the page, keeping it as the app page when it is one. */
async function fetchPage(request: Request): Promise<Response> {
  const response = await withTimeout(request);
  const isPage = response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
  if (isPage) {
    const cache = await caches.open(CACHE);
    await cache.put(SHELL_KEY, response.clone());
  }
  return response;
}

async function answerPageLoad(request: Request): Promise<Response> {
  try {
    return await fetchPage(request);
  } catch {
    // Offline or stalled: the app page opens and its screens say what they can do offline.
    return cachedShell();
  }
}

/** This build's kept app page at once, the network behind it; the network when none is kept. */
async function answerAppLoad(event: FetchEvent): Promise<Response> {
  const kept = await (await caches.open(CACHE)).match(SHELL_KEY);
  if (!kept) return answerPageLoad(event.request);
  event.waitUntil(fetchPage(event.request).catch(() => undefined));
  return kept;
}

async function answerAsset(request: Request): Promise<Response> {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const handling = requestHandling({
    url: request.url,
    method: request.method,
    mode: request.mode,
    appOrigin: self.location.origin,
  });
  if (handling === 'shell') event.respondWith(answerPageLoad(request));
  else if (handling === 'app') event.respondWith(answerAppLoad(event));
  else if (handling === 'asset') event.respondWith(answerAsset(request));
  // 'network': not answered here, so the browser does exactly what it would without us.
});
