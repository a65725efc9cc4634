import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { startLiveSync, type LiveCaches, type LiveStatus } from './live-sync';

export type { LiveCaches, LiveStatus };

/**
 * Live sync for the signed-in seller while the dashboard is open; returns whether live updates
 * are on. `caches` must be stable for a seller (build it with useMemo).
 */
export function useLiveSync(userId: string | undefined, caches: LiveCaches | null): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!userId || !caches) return;
    return startLiveSync({ queryClient, userId, caches, onStatus: setStatus });
  }, [queryClient, userId, caches]);
  return status;
}
