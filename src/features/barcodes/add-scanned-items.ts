import { useAddScannedItemsMutation } from '../../data/items/add-scanned-items';
import { useAccountId } from '../account';

/** Adds scans to a shelf for the signed-in seller (data/items/add-scanned-items). */
export function useAddScannedItems() {
  const accountId = useAccountId();
  return useAddScannedItemsMutation(accountId);
}
