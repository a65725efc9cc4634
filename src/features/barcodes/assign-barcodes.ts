import { useAssignBarcodesMutation } from '../../data/items/assign-barcodes';
import { useAuth } from '../auth';

/** Gives the signed-in seller's items without a barcode a generated one (data/items). */
export function useAssignBarcodes() {
  const { user } = useAuth();
  return useAssignBarcodesMutation(user?.id ?? '');
}
