import { tempItemId } from '../../domain/outbox';
import type { QueryClient } from '@tanstack/react-query';
import { hitLocationLabel, placeToLocation } from '../items/search-hits';
import { storageKeys } from '../storage/keys';
import { shelfPlaces } from '../storage/tree';
import type { Room, ShelfPlace } from '../storage/types';
import type { AccountId } from '../../domain/ids';

/** A shelf with its unit, isle and room, from the cached tree. */
export function cachedPlace(
  queryClient: QueryClient,
  accountId: AccountId,
  shelfId: string,
): ShelfPlace | undefined {
  const rooms = queryClient.getQueryData<Room[]>(storageKeys.tree(accountId));
  return rooms ? shelfPlaces(rooms).get(shelfId) : undefined;
}

/** Where a shelf is, in the seller's words, from the cached tree ("Garage › Isle 1 › A › Shelf 2"). */
export function shelfLabel(
  queryClient: QueryClient,
  accountId: AccountId,
  shelfId: string,
): string {
  return hitLocationLabel(placeToLocation(cachedPlace(queryClient, accountId, shelfId)));
}

/** A temporary id for an item made on this device, rewritten to the real one on catch-up. */
export function newTempId(): string {
  return tempItemId(crypto.randomUUID());
}
