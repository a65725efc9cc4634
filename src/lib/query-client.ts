import { QueryClient, onlineManager } from '@tanstack/react-query';
import { isOffline } from './online';

/** Status codes where retrying the same request cannot help. */
const NON_RETRYABLE_STATUSES = new Set([400, 401, 403, 404, 406, 409, 422]);

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/** Retries a failed query twice unless the server already said no. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && NON_RETRYABLE_STATUSES.has(status)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // react-query assumes it starts online and learns otherwise only from an 'offline' event. A
  // page loaded offline (the installed app in a stockroom with no Wi-Fi) must know at once: its
  // reads wait for the connection, the screens show the seller's copy on the device meanwhile
  // instead of an error, and they are asked again as soon as the connection is back.
  onlineManager.setOnline(!isOffline());
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      // A change is always tried: offline it fails at once and says so where it was made, rather
      // than waiting paused (react-query's default) behind a dimmed button with no word.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
