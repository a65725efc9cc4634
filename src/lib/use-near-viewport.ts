import { useCallback, useEffect, useRef, useState } from 'react';

// Content is drawn once it comes within a window's height of the screen (so it is there before
// it scrolls into view, even on a quick flick), and let go of only once it is three windows
// away: something scrolled a little past (a drag's source while its target is brought into
// view) stays drawn.
const NEAR_MARGIN = '100% 0px';
const FAR_MARGIN = '300% 0px';

type Watcher = (near: boolean) => void;

const watchers = new Map<Element, Watcher>();
let nearObserver: IntersectionObserver | null = null;
let farObserver: IntersectionObserver | null = null;

/** One pair of observers for every watched element: a room's 50 shelves would otherwise need 100. */
function watch(element: Element, onChange: Watcher): () => void {
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) watchers.get(entry.target)?.(true);
    },
    { rootMargin: NEAR_MARGIN },
  );
  farObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (!entry.isIntersecting) watchers.get(entry.target)?.(false);
    },
    { rootMargin: FAR_MARGIN },
  );
  watchers.set(element, onChange);
  nearObserver.observe(element);
  farObserver.observe(element);
  return () => {
    watchers.delete(element);
    nearObserver?.unobserve(element);
    farObserver?.unobserve(element);
  };
}

function isNear(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const height = window.innerHeight;
  return box.bottom >= -height && box.top <= 2 * height;
}

export interface NearViewportOptions<T> {
  /** Runs just before the answer turns false, while what was drawn is still there to measure. */
  onLeave?: (element: T) => void;
  /**
   * The answer to draw with before the element is measured (what it was the last time, say).
   * A right guess saves a second render and a second layout of the page; a wrong one is put
   * right as the element is attached, before the browser paints. A function is asked once, on
   * the first render.
   */
  guess?: boolean | (() => boolean);
  /** Told the answer measured as the element is attached. */
  onFirstAnswer?: (near: boolean) => void;
}

/**
 * Whether the element given to the returned ref is near the screen: within a window's height
 * of it to become near, three windows away to stop being near.
 * Long lists use it to draw only what a seller can reach by scrolling a little, and to let go of
 * what they have scrolled far away from, so the page holds about the same few rows however far
 * they go. The first answer is taken as the element is attached, before the browser paints, so
 * what starts on screen is drawn in the same frame as the rest of the page, never as an empty
 * placeholder first. Without IntersectionObserver (old browsers, jsdom) everything counts as
 * near.
 */
export function useNearViewport<T extends Element>({
  onLeave,
  guess = false,
  onFirstAnswer,
}: NearViewportOptions<T> = {}): [
  near: boolean,
  ref: (element: T | null) => (() => void) | undefined,
] {
  const [near, setNear] = useState(
    () =>
      typeof IntersectionObserver === 'undefined' || (typeof guess === 'function' ? guess() : guess),
  );
  const callbacks = useRef({ onLeave, onFirstAnswer });
  useEffect(() => {
    callbacks.current = { onLeave, onFirstAnswer };
  });
  const ref = useCallback((element: T | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    let current = isNear(element);
    callbacks.current.onFirstAnswer?.(current);
    setNear(current); // nothing to render again when it is what was guessed
    return watch(element, (nowNear) => {
      if (nowNear === current) return;
      if (!nowNear) callbacks.current.onLeave?.(element);
      current = nowNear;
      setNear(nowNear);
    });
  }, []);
  return [near, ref];
}
