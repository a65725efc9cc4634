import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountId } from '../../domain/ids';
import type { EbayInventoryEntry } from '../../domain/ebay-inventory';
import { callEbayFunction, EbayFunctionError } from './ebay-functions';
import { ebayKeys } from './keys';
import { syncAllPages, type SyncProgress } from './sync-pages';

export interface InventoryPage {
  inventory: EbayInventoryEntry[];
  pagination: { page: number; totalPages: number; totalItems: number; itemsPerPage: number };
  fetchedAt: string | null;
  /** 'listings' when eBay's Inventory API held nothing and the list is the active listings. */
  source: 'inventory' | 'listings';
  cached: boolean;
  rateLimitedMinutes: number | null;
  /** What the server said when it answered with stored data instead of eBay's. */
  rateLimitedMessage: string | null;
  sync?: SyncProgress;
}

/** One page (200) of the seller's eBay inventory; a rate-limited refresh gives the stored page. */
export async function getInventoryPage(
  page: number,
  country: string | undefined,
  onProgress?: (progress: SyncProgress) => void,
): Promise<InventoryPage> {
  try {
    // Page 1 reads eBay, a few pages per call until the sync says done; later pages are stored.
    const body = await syncAllPages(
      (path) =>
        callEbayFunction<Omit<InventoryPage, 'rateLimitedMinutes' | 'rateLimitedMessage'>>(path, {
          country,
        }),
      'ebay-get-inventory',
      `?page=${page}`,
      onProgress,
    );
    return {
      ...body,
      source: body.source ?? 'inventory',
      rateLimitedMinutes: null,
      rateLimitedMessage: null,
    };
  } catch (error) {
    if (error instanceof EbayFunctionError && error.rateLimited && error.body.pagination) {
      const stored = error.body as unknown as InventoryPage;
      return {
        ...stored,
        source: stored.source ?? 'inventory',
        rateLimitedMinutes: error.minutesRemaining,
        rateLimitedMessage: error.message,
      };
    }
    throw error;
  }
}

/**
 * A page of the account's eBay inventory, with the sync's progress while page 1 reads eBay.
 * `country`: the seller's eBay country (their preferences).
 */
export function useEbayInventory(
  accountId: AccountId,
  page: number,
  enabled: boolean,
  country: string | undefined,
) {
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const query = useQuery({
    queryKey: ebayKeys.inventory(accountId, page),
    queryFn: () => getInventoryPage(page, country, setProgress),
    enabled: enabled && Boolean(accountId),
    placeholderData: keepPreviousData,
    staleTime: 8 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
  return { ...query, progress };
}
