import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen's code (once); later renders then need not suspend. */
  preload: () => Promise<void>;
};

/**
 * React.lazy that can be preloaded, and that renders without suspending once its code is
 * here. Plain lazy always suspends on its first render, even when the import has already
 * finished; the Suspense fallback then shows for a frame and React holds back the revealed
 * screen until 300 ms after that fallback appeared (its fallback throttle), which on the
 * inventory cost more than the data itself. A module that has loaded is handed back through a
 * thenable that calls back at once, which React reads synchronously.
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
  const Screen = lazy(() => {
    const ready = loaded;
    if (!ready) return start();
    const now: PromiseLike<{ default: ComponentType<P> }> = {
      then: (onFulfilled) => {
        const result = onFulfilled ? onFulfilled(ready) : ready;
        return Promise.resolve(result as never);
      },
    };
    return now as Promise<{ default: ComponentType<P> }>;
  });
  return Object.assign(Screen, {
    preload: () => start().then(() => undefined),
  });
}
