import { useAddScannedItemsMutation } from '../../data/items/add-scanned-items';
import { useStockroomId } from '../account';

/** Adds scans to a shelf for the signed-in seller (data/items/add-scanned-items). */
export function useAddScannedItems() {
  const stockroomId = useStockroomId();
  return useAddScannedItemsMutation(stockroomId);
}
