import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStockroomId } from '../account';
import { useState } from 'react';
import type { SyncProgress } from '../../data/ebay/sync-pages';
import { notify } from '../../components/toasts';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { usePreferences } from '../settings';
import { storageKeys } from '../../data/storage/keys';
import { notifyFailure } from '../storage';
import {
  getListings,
  hideListing,
  LISTINGS_POLL_MS,
  placeListing,
  type EbayListing,
  type ListingsResult,
} from '../../data/ebay/listings';
import { ebayKeys } from '../../data/ebay/keys';

export type { EbayListing, ListingsResult } from '../../data/ebay/listings';

export function useListings(enabled: boolean) {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  const country = usePreferences().data?.ebay_country;
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const query = useQuery({
    queryKey: ebayKeys.listings(stockroomId),
    queryFn: () => getListings(country, setProgress),
    enabled: enabled && Boolean(user),
    refetchInterval: LISTINGS_POLL_MS,
    // Within the server's 2-minute window a refetch could only be refused: keep what we have.
    staleTime: 2 * 60_000,
    retry: false,
  });
  return { ...query, progress };
}

function useRemoveFromList() {
  const stockroomId = useStockroomId();
  const queryClient = useQueryClient();
  return (listingId: string) =>
    queryClient.setQueryData<ListingsResult>(ebayKeys.listings(stockroomId), (current) =>
      current
        ? { ...current, listings: current.listings.filter((l) => l.listing_id !== listingId) }
        : current,
    );
}

/**
 * Puts a listing on a shelf (data/ebay/listings placeListing). The drag-and-drop drop will call
 * the same mutation.
 */
export function usePlaceListing(planId: string) {
  const stockroomId = useStockroomId();
  const queryClient = useQueryClient();
  const removeFromList = useRemoveFromList();
  return useMutation({
    mutationFn: ({ listing, shelfId }: { listing: EbayListing; shelfId: string }) =>
      placeListing(listing.listing_id, shelfId),
    onSuccess: (_item, { listing }) => {
      removeFromList(listing.listing_id);
      notify(messages.ebayItemAdded(listing.title));
      // The new item belongs to the inventory's caches (items and the tree's counts).
      void queryClient.invalidateQueries({ queryKey: storageKeys.root(stockroomId) });
    },
    onError: (error) => notifyFailure(error, planId, messages.ebayItemAdd),
  });
}

/** Takes a listing off the list without placing it (it stays hidden after later syncs). */
export function useHideListing() {
  const removeFromList = useRemoveFromList();
  return useMutation({
    mutationFn: (listing: EbayListing) => hideListing(listing.listing_id),
    onSuccess: (_data, listing) => removeFromList(listing.listing_id),
    onError: () => notify(messages.cleanupFailed()),
  });
}
