import { useAddScannedItemsMutation } from '../../data/items/add-scanned-items';
import { useAuth } from '../auth';

/** Adds scans to a shelf for the signed-in seller (data/items/add-scanned-items). */
export function useAddScannedItems() {
  const { user } = useAuth();
  return useAddScannedItemsMutation(user?.id ?? '');
}
