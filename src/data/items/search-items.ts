import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { searchDeviceItems } from '../../domain/device-copy';
import { matchKey } from '../../domain/text-match';
import { isOffline } from '../../lib/online';
import { loadSupabase } from '../../lib/supabase-client';
import { isNetworkFailure } from '../errors';
import { storageKeys } from '../storage/keys';
import { shelfPlaces } from '../storage/tree';
import type { Room } from '../storage/types';
import { searchItemsByBarcode } from './barcode-search';
import { itemKeys } from './keys';
import { hitFromItem, type SearchHit } from './search-hits';
import type { Item } from './types';

/**
 * The barcode search answered from the items and rooms this device holds (the seller's copy on
 * the device, or what the screen loaded), by the same rule as the server: offline, a seller
 * still finds an item in the stockroom.
 */
export function searchOnDevice(client: QueryClient, userId: string, query: string): SearchHit[] {
  const items = client.getQueryData<Item[]>(itemKeys.list(userId)) ?? [];
  const rooms = client.getQueryData<Room[]>(storageKeys.tree(userId)) ?? [];
  const places = shelfPlaces(rooms);
  return searchDeviceItems(items, query).map((item) => hitFromItem(item, places));
}

export function barcodeSearchQueryOptions(userId: string, query: string) {
  return queryOptions({
    queryKey: itemKeys.barcodeSearch(userId, matchKey(query)),
    queryFn: async ({ client }) => {
      if (isOffline()) return searchOnDevice(client, userId, query);
      try {
        return await searchItemsByBarcode(await loadSupabase(), query);
      } catch (error) {
        // The line dropped (patchy Wi-Fi the browser still calls online): answer from the device.
        if (isNetworkFailure(error)) return searchOnDevice(client, userId, query);
        throw error;
      }
    },
    staleTime: 10_000,
  });
}

export function useBarcodeSearch(userId: string, query: string, enabled: boolean) {
  return useQuery({
    ...barcodeSearchQueryOptions(userId, query),
    enabled: enabled && matchKey(query) !== '',
    placeholderData: keepPreviousData,
  });
}
