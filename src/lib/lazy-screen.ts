import {
  createElement,
  lazy,
  type ComponentType,
  type FunctionComponent,
  type LazyExoticComponent,
} from 'react';

export type LazyScreen<P extends object = object> = FunctionComponent<P> & {
  /** Starts loading the screen's code (once); later renders then need not suspend. */
  preload: () => Promise<void>;
};

// Bumped by a Retry: screens whose code failed to download before it try again when next shown.
let retries = 0;

/**
 * Lets every screen whose code failed to download (offline, a dropped connection) try again on its
 * next render. React.lazy remembers a failure for good, so the retry needs a fresh lazy component;
 * it is made only when asked, never by React's own re-render of a failed screen (that would try
 * again in a loop while still offline).
 */
export function retryFailedScreens(): void {
  retries += 1;
}

// What browsers say when a dynamic import's file did not arrive (Chromium, Firefox, Safari), and
// what Vite's preload helper says when a chunk's stylesheet did not.
const CODE_NOT_LOADED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** True when `error` is a screen's code that could not be downloaded. */
export function isCodeLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CODE_NOT_LOADED.test(message);
}

/**
 * React.lazy that can be preloaded, that renders without suspending once its code is here, and
 * that can try again after its download failed (retryFailedScreens). Plain lazy always suspends
 * on its first render, even when the import has already finished; the Suspense fallback then
 * shows for a frame and React holds back the revealed screen until 300 ms after that fallback
 * appeared (its fallback throttle), which on the inventory cost more than the data itself. A
 * module that has loaded is handed back through a thenable that calls back at once, which React
 * reads synchronously.
 */
export function lazyScreen<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyScreen<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = { default: pick(module) }),
      (error: unknown) => {
        loading = null; // a failed download (a new deploy, a dropped connection) may be retried
        throw error;
      },
    ));
  /** The retry count when the current lazy component's download failed; null while it has not. */
  let failedAt: number | null = null;
  const makeLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() => {
      const ready = loaded;
      if (!ready)
        return start().catch((error: unknown) => {
          failedAt = retries;
          throw error;
        });
      const now: PromiseLike<{ default: ComponentType<P> }> = {
        then: (onFulfilled) => {
          const result = onFulfilled ? onFulfilled(ready) : ready;
          return Promise.resolve(result as never);
        },
      };
      return now as Promise<{ default: ComponentType<P> }>;
    });
  let current = makeLazy();
  function Screen(props: P) {
    if (failedAt !== null && failedAt < retries) {
      failedAt = null;
      current = makeLazy();
    }
    return createElement(current as ComponentType<P>, props);
  }
  return Object.assign(Screen, {
    preload: () => start().then(() => undefined),
  });
}
