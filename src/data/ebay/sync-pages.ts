/** How far a page-by-page eBay sync has got (the functions' `sync` field). */
export interface SyncProgress {
  done: boolean;
  fetched: number;
  total: number | null;
}

/** Keeps a runaway loop from calling for ever if a function never says done. */
const MAX_CALLS = 100;

/**
 * Runs an eBay sync to the end: the first call starts it, and while the function answers
 * sync.done = false (it stops each call well inside Netlify's 10 s limit) it is called again
 * with ?continue=1. Each answer's progress goes to onProgress so the seller sees it; the last
 * answer is returned. `call` makes one request to the eBay function (path and query).
 */
export async function syncAllPages<T extends { sync?: SyncProgress }>(
  call: (pathAndQuery: string) => Promise<T>,
  name: string,
  query: string,
  onProgress?: (progress: SyncProgress) => void,
): Promise<T> {
  let body = await call(`${name}${query}`);
  for (let calls = 1; body.sync && !body.sync.done; calls += 1) {
    onProgress?.(body.sync);
    if (calls >= MAX_CALLS) throw new Error('eBay sync did not finish');
    body = await call(`${name}?continue=1`);
  }
  if (body.sync) onProgress?.(body.sync);
  return body;
}
