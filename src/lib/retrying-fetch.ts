/**
 * The fetch the Supabase client uses: a write to the REST API answered 503 is sent again.
 *
 * A 503 from PostgREST means the database could not take the request just then (it is
 * restarting, or the connection was lost mid-request): the transaction did not commit, and the
 * same request moments later usually succeeds. postgrest-js already retries GET and HEAD on 503
 * (3 times, after 1, 2 and 4 s, or the Retry-After) but leaves writes, which is every change the
 * app makes (docs/product.md#server-calls), to fail; this retries those 3 times, with the same
 * X-Retry-Count header. It waits the longer of the back-off and the Retry-After: PostgREST says
 * `Retry-After: 0` while it reconnects, and three retries at once would all come too soon.
 */

/** postgrest-js's own retry count and back-off. */
export const MAX_RETRIES = 3;
const delayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function methodOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The wait a Retry-After header asks for (whole seconds, as postgrest-js reads it), or null. */
function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (header === null) return null;
  return Math.max(0, Number.parseInt(header, 10) || 0) * 1000;
}

/** A write to /rest/v1 whose body can be sent again (postgrest-js sends strings). */
function retriesWrite(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const method = methodOf(input, init);
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (input instanceof Request) return false;
  const body = init?.body;
  if (body !== undefined && body !== null && typeof body !== 'string') return false;
  return new URL(urlOf(input), 'http://x').pathname.includes('/rest/v1/');
}

export function retryingFetch(
  base: typeof fetch = (...args) => fetch(...args),
  wait: (ms: number) => Promise<void> = sleep,
): typeof fetch {
  return async (input, init) => {
    if (!retriesWrite(input, init)) return base(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const headers = new Headers(init?.headers);
      if (attempt > 0) headers.set('X-Retry-Count', String(attempt));
      const response = await base(input, { ...init, headers });
      if (response.status !== 503 || attempt >= MAX_RETRIES || init?.signal?.aborted) {
        return response;
      }
      await response.body?.cancel();
      await wait(Math.max(retryAfterMs(response) ?? 0, delayMs(attempt)));
      init?.signal?.throwIfAborted();
    }
  };
}
