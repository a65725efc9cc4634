import { useAssignBarcodesMutation } from '../../data/items/assign-barcodes';
import { useAccountId } from '../account';

/** Gives the signed-in seller's items without a barcode a generated one (data/items). */
export function useAssignBarcodes() {
  const accountId = useAccountId();
  return useAssignBarcodesMutation(accountId);
}
