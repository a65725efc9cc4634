import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountId } from '../../domain/ids';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { storageKeys } from '../storage/keys';
import { callEbayFunction, EbayFunctionError } from './ebay-functions';
import { ebayKeys } from './keys';
import { syncAllPages, type SyncProgress } from './sync-pages';

/** A listing still to be put away (ebay_processed_listings with display = true). */
export interface EbayListing {
  listing_id: string;
  title: string;
  quantity: number;
  image_url: string | null;
  sku: string | null;
  created_at: string;
}

export interface ListingsResult {
  listings: EbayListing[];
  /** Set when the server said to wait: the list is the stored one. */
  rateLimitedMinutes: number | null;
  /** Set when eBay could not be reached: the list is the stored one. */
  syncError: string | null;
  /** eBay's answer left listings out: none were removed, the list may miss new ones. */
  incomplete: boolean;
  /** Set when eBay itself asked us to wait (its message), rather than our 2-minute limit. */
  rateLimitedMessage: string | null;
}

/**
 * Listings are polled every 5 minutes; the server allows one fetch per 2 (docs/product.md#ebay).
 */
export const LISTINGS_POLL_MS = 5 * 60_000;

/** The listings last stored on the server, for when eBay cannot be asked. */
export async function storedListings(): Promise<EbayListing[]> {
  const { data, error } = await supabase
    .from('ebay_processed_listings')
    .select('listing_id, title, quantity, image_url, sku, created_at')
    .eq('display', true)
    .order('created_at', { ascending: false });
  if (error) throw toDataError(error);
  return data;
}

/**
 * Fresh listings from eBay through ebay-get-listings; a rate-limited or failed sync still
 * answers with the stored list, saying why. Not connected and plan refusals are thrown.
 */
export async function getListings(
  country: string | undefined,
  onProgress?: (progress: SyncProgress) => void,
): Promise<ListingsResult> {
  const none = {
    rateLimitedMinutes: null,
    syncError: null,
    incomplete: false,
    rateLimitedMessage: null,
  };
  try {
    const body = await syncAllPages(
      (path) =>
        callEbayFunction<{ listings: EbayListing[]; sync?: SyncProgress; incomplete?: boolean }>(
          path,
          { country },
        ),
      'ebay-get-listings',
      '',
      onProgress,
    );
    return { ...none, listings: body.listings, incomplete: body.incomplete === true };
  } catch (error) {
    if (!(error instanceof EbayFunctionError)) throw error;
    if (error.rateLimited) {
      const listings = Array.isArray(error.body.listings)
        ? (error.body.listings as EbayListing[])
        : await storedListings();
      return {
        ...none,
        listings,
        rateLimitedMinutes: error.minutesRemaining,
        rateLimitedMessage: error.code === 'ebay_rate_limited' ? error.message : null,
      };
    }
    if (error.status === 0 || error.status >= 500) {
      return { ...none, listings: await storedListings(), syncError: error.message };
    }
    throw error;
  }
}

/**
 * Puts a listing on a shelf: one server call (place_listing) creates the item and hides the
 * listing together.
 */
export async function placeListing(listingId: string, shelfId: string) {
  const { data, error } = await supabase.rpc('place_listing', {
    p_listing_id: listingId,
    p_shelf_id: shelfId,
  });
  if (error) throw toDataError(error);
  return data;
}

/** Takes a listing off the list without placing it (it stays hidden after later syncs). */
export async function hideListing(listingId: string): Promise<void> {
  const { error } = await supabase
    .from('ebay_processed_listings')
    .update({ display: false })
    .eq('listing_id', listingId);
  if (error) throw toDataError(error);
}

/** The listings to put away, polled; `country`: the seller's eBay country (preferences). */
export function useListings(accountId: AccountId, enabled: boolean, country: string | undefined) {
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const query = useQuery({
    queryKey: ebayKeys.listings(accountId),
    queryFn: () => getListings(country, setProgress),
    enabled: enabled && Boolean(accountId),
    refetchInterval: LISTINGS_POLL_MS,
    // Within the server's 2-minute window a refetch could only be refused: keep what we have.
    staleTime: 2 * 60_000,
    retry: false,
  });
  return { ...query, progress };
}

function useRemoveFromList(accountId: AccountId) {
  const queryClient = useQueryClient();
  return (listingId: string) =>
    queryClient.setQueryData<ListingsResult>(ebayKeys.listings(accountId), (current) =>
      current
        ? { ...current, listings: current.listings.filter((l) => l.listing_id !== listingId) }
        : current,
    );
}

export interface PlaceListingInput {
  listing: EbayListing;
  shelfId: string;
}

/**
 * Puts a listing on a shelf (placeListing): it leaves the list, and the new item belongs to the
 * inventory's caches (items and the tree's counts), which are read again.
 */
export function usePlaceListingMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<unknown, PlaceListingInput> = {},
) {
  const queryClient = useQueryClient();
  const removeFromList = useRemoveFromList(accountId);
  return useMutation({
    mutationFn: ({ listing, shelfId }: PlaceListingInput) =>
      placeListing(listing.listing_id, shelfId),
    onSuccess: (item, input) => {
      removeFromList(input.listing.listing_id);
      onSuccess?.(item, input);
      void queryClient.invalidateQueries({ queryKey: storageKeys.root(accountId) });
    },
    onError,
  });
}

/** Takes a listing off the list without placing it (it stays hidden after later syncs). */
export function useHideListingMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<void, EbayListing> = {},
) {
  const removeFromList = useRemoveFromList(accountId);
  return useMutation({
    mutationFn: (listing: EbayListing) => hideListing(listing.listing_id),
    onSuccess: (_data, listing) => {
      removeFromList(listing.listing_id);
      onSuccess?.(undefined, listing);
    },
    onError,
  });
}
