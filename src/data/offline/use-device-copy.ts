import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AccountId } from '../../domain/ids';
import { hydrateDeviceCache, persistDeviceCache } from './device-cache';

/**
 * The account's stockroom kept on the device while the user acts on it: read back what the
 * page's start did not (a sign-in without a reload), and kept up to date from then on.
 */
export function useDeviceCopy(accountId: AccountId | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!accountId) return;
    void hydrateDeviceCache(queryClient, accountId);
    return persistDeviceCache(queryClient, accountId);
  }, [accountId, queryClient]);
}
