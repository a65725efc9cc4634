/**
 * Runs `work` once the browser has nothing more urgent to do (no input, no frame to draw), and
 * at the latest after `timeoutMs`. For work that must not delay what a seller is waiting for:
 * learning layout hints, loading code they will probably want next. Returns a cancel function.
 * Browsers without requestIdleCallback (Safari) run it after a short timer instead.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, Math.min(timeoutMs, 50));
  return () => window.clearTimeout(id);
}
