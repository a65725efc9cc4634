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
import type { AccountId } from '../../domain/ids';

/**
 * The barcode search answered from the items and rooms this device holds (the seller's copy on
 * the device, or what the screen loaded), by the same rule as the server: offline, a seller
 * still finds an item in the stockroom.
 */
export function searchOnDevice(
  client: QueryClient,
  accountId: AccountId,
  query: string,
): SearchHit[] {
  const items = client.getQueryData<Item[]>(itemKeys.list(accountId)) ?? [];
  const rooms = client.getQueryData<Room[]>(storageKeys.tree(accountId)) ?? [];
  const places = shelfPlaces(rooms);
  return searchDeviceItems(items, query).map((item) => hitFromItem(item, places));
}

export function barcodeSearchQueryOptions(accountId: AccountId, query: string) {
  return queryOptions({
    queryKey: itemKeys.barcodeSearch(accountId, matchKey(query)),
    queryFn: async ({ client }) => {
      if (isOffline()) return searchOnDevice(client, accountId, query);
      try {
        return await searchItemsByBarcode(await loadSupabase(), query);
      } catch (error) {
        // The line dropped (patchy Wi-Fi the browser still calls online): answer from the device.
        if (isNetworkFailure(error)) return searchOnDevice(client, accountId, query);
        throw error;
      }
    },
    staleTime: 10_000,
  });
}

export function useBarcodeSearch(accountId: AccountId, query: string, enabled: boolean) {
  return useQuery({
    ...barcodeSearchQueryOptions(accountId, query),
    enabled: enabled && matchKey(query) !== '',
    placeholderData: keepPreviousData,
  });
}
