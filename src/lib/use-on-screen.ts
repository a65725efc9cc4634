import { useCallback, useState } from 'react';

type Watcher = (onScreen: boolean) => void;

const watchers = new Map<Element, Watcher>();
let observer: IntersectionObserver | null = null;

/**
 * One observer for every watched element: the browser works out which are in the window and
 * tells them all in one callback per frame, so a list's rows cost no measuring of their own.
 */
function watch(element: Element, onChange: Watcher): () => void {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
  });
  watchers.set(element, onChange);
  observer.observe(element);
  return () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * Whether the element given to the returned ref is in the window now: null until the browser
 * has said (the frame after it is attached), then true or false as it comes and goes. Without
 * IntersectionObserver (old browsers, jsdom) everything counts as on screen.
 */
export function useOnScreen<T extends Element>(): [
  onScreen: boolean | null,
  ref: (element: T | null) => (() => void) | undefined,
] {
  const [onScreen, setOnScreen] = useState<boolean | null>(() =>
    typeof IntersectionObserver === 'undefined' ? true : null,
  );
  const ref = useCallback((element: T | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    return watch(element, setOnScreen);
  }, []);
  return [onScreen, ref];
}
