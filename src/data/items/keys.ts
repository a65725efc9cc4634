import { inventoryRoot } from '../inventory-keys';
import type { AccountId } from '../../domain/ids';

/**
 * Query keys of the items, under the account's inventory root (shared with the storage tree), so
 * removing a shelf or unit there also re-reads the items that went with it.
 */
export const itemKeys = {
  list: (accountId: AccountId) => [...inventoryRoot(accountId), 'items'] as const,
  /** One room's items, shown only while the full list is pending (never a stand-in for it). */
  room: (accountId: AccountId, roomId: string) =>
    [...inventoryRoot(accountId), 'room-items', roomId] as const,
  rooms: (accountId: AccountId) => [...inventoryRoot(accountId), 'room-items'] as const,
  barcodeSearch: (accountId: AccountId, query: string) =>
    [...inventoryRoot(accountId), 'item-search', 'barcode', query] as const,
};
