import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { startLiveSync, type LiveCaches, type LiveStatus } from './live-sync';
import type { AccountId } from '../../domain/ids';

export type { LiveCaches, LiveStatus };

/**
 * Live sync of the account acted on while the dashboard is open; returns whether live updates
 * are on. `caches` must be stable for a seller (build it with useMemo).
 */
export function useLiveSync(
  accountId: AccountId | undefined,
  caches: LiveCaches | null,
): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!accountId || !caches) return;
    return startLiveSync({ queryClient, accountId, caches, onStatus: setStatus });
  }, [queryClient, accountId, caches]);
  return status;
}
