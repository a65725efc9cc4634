import { useCallback, useState } from 'react';

// How far outside the window something counts as near: one window height above and below, so
// content is drawn before it scrolls into view, even on a quick flick.
const NEAR_MARGIN = '100% 0px';

let observer: IntersectionObserver | null = null;
const whenNear = new Map<Element, () => void>();

/** One observer for every watched element: a room's 50 shelves would otherwise need 50. */
function watch(element: Element, onNear: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = whenNear.get(entry.target);
        unwatch(entry.target);
        callback?.();
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  whenNear.set(element, onNear);
  observer.observe(element);
  return () => unwatch(element);
}

function unwatch(element: Element): void {
  whenNear.delete(element);
  observer?.unobserve(element);
}

function isNear(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const height = window.innerHeight;
  return box.bottom >= -height && box.top <= 2 * height;
}

/**
 * Whether the element given to the returned ref has come within a window's height of the
 * screen; once true it stays true. Long lists use it to draw only what a seller can reach by
 * scrolling a little. The first answer is taken as the element is attached, before the browser
 * paints, so what starts on screen is drawn in the same frame as the rest of the page, never as
 * an empty placeholder first. Without IntersectionObserver (old browsers, jsdom) everything
 * counts as near.
 */
export function useNearViewport<T extends Element>(): [
  near: boolean,
  ref: (element: T | null) => (() => void) | undefined,
] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (near || !element) return undefined;
      if (isNear(element)) {
        setNear(true);
        return undefined;
      }
      return watch(element, () => setNear(true));
    },
    [near],
  );
  return [near, ref];
}
